% rebase('layout', title=title)
<div class="home-page">
% if not current_user:
<div class="banner">
<div class="container">
<h1 class="logo-font">conduit</h1>
<p>A place to share your knowledge.</p>
</div>
</div>
% end
<div class="container page">
<div class="row">
<div class="col-main">
<div class="feed-toggle">
<ul class="nav nav-pills outline-active">
% if current_user:
<li class="nav-item"><a class="nav-link{{' active' if tab == 'feed' else ''}}" href="{{url_for('index', feed='following')}}">Your Feed</a></li>
% end
<li class="nav-item"><a class="nav-link{{' active' if tab == 'global' else ''}}" href="{{url_for('index')}}">Global Feed</a></li>
% if tag:
<li class="nav-item"><a class="nav-link active" href="{{url_for('tag', tag=tag)}}"><i class="ion-pound"></i> {{tag}}</a></li>
% end
</ul>
</div>
% if articles:
% include('article_list', articles=articles, pages=pages, here=here)
% elif tab == 'feed':
<div class="empty-feed-message">Your feed is empty. Follow some authors, or read the <a href="{{url_for('index')}}">Global Feed</a>.</div>
% else:
<div class="empty-feed-message">No articles are here... yet.</div>
% end
</div>
<aside class="col-side">
<div class="sidebar">
<p>Popular Tags</p>
<div class="tag-list">
% for name in tags:
<a class="tag-pill tag-default" href="{{url_for('tag', tag=name)}}">{{name}}</a>
% end
</div>
</div>
</aside>
</div>
</div>
</div>
