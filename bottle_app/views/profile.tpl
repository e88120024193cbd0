% rebase('layout', title=title)
<div class="profile-page">
<div class="user-info">
<div class="container">
<img class="user-img" src="{{profile['image'] or default_avatar}}" alt="">
<h4>{{profile['username']}}</h4>
% if profile['bio']:
<p>{{profile['bio']}}</p>
% end
% if is_self:
<a class="btn btn-sm btn-outline-secondary action-btn" href="{{url_for('settings')}}"><i class="ion-gear-a"></i> Edit Profile Settings</a>
% else:
% include('follow_button', profile=profile, here=here)
% end
</div>
</div>
<div class="container page">
<div class="articles-toggle">
<ul class="nav nav-pills outline-active">
<li class="nav-item"><a class="nav-link{{' active' if tab == 'author' else ''}}" href="{{url_for('profile', username=profile['username'])}}">My Articles</a></li>
<li class="nav-item"><a class="nav-link{{' active' if tab == 'favorites' else ''}}" href="{{url_for('profile_favorites', username=profile['username'])}}">Favorited Articles</a></li>
</ul>
</div>
% if articles:
% include('article_list', articles=articles, pages=pages, here=here)
% else:
<div class="empty-feed-message">No articles are here... yet.</div>
% end
</div>
</div>
