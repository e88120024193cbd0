% for a in articles:
% include('article_preview', a=a, here=here)
% end
% if pages:
<nav aria-label="Pages">
<ul class="pagination">
% for p in pages:
<li class="page-item{{' active' if p['active'] else ''}}"><a class="page-link" href="{{p['url']}}">{{p['number']}}</a></li>
% end
</ul>
</nav>
% end
