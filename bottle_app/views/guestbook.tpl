% rebase('layout', title=title)
<div class="container page">
<h1>Guestbook</h1>
% if signed:
<p class="signed-count">You have signed {{signed}} time{{"" if signed == 1 else "s"}}.</p>
% end
<form method="post" action="{{url_for('guestbook')}}" class="guestbook-form" novalidate>
<input type="hidden" name="csrf_token" value="{{form.csrf_token.current_token}}">
% include('field', f=form.name, kind='input')
% include('field', f=form.message, kind='textarea')
<button type="submit">Sign the guestbook</button>
</form>
<h2>{{total}} entr{{"y" if total == 1 else "ies"}}</h2>
<ol class="entries">
% for entry in entries:
<li class="entry">
<p class="entry-message">{{entry['message']}}</p>
<p class="entry-meta">{{entry['name']}}, <time>{{entry['created']}}</time></p>
</li>
% end
</ol>
% if pages > 1:
<nav aria-label="Guestbook pages">
<ul class="pagination">
% for n in range(1, pages + 1):
<li class="page-item{{' active' if n == page else ''}}"><a class="page-link" href="{{url_for('guestbook', page=n)}}">{{n}}</a></li>
% end
</ul>
</nav>
% end
</div>
