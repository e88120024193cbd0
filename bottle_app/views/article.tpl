% rebase('layout', title=title)
% author = article['author']
<div class="article-page">
<div class="banner">
<div class="container">
<h1>{{article['title']}}</h1>
<div class="article-meta">
% include('author_meta', author=author, date=article['date'])
% if is_author:
<a class="btn btn-sm btn-outline-secondary" href="{{url_for('editor_edit', slug=article['slug'])}}"><i class="ion-edit"></i> Edit Article</a>
<form class="inline" method="post" action="{{url_for('article_delete', slug=article['slug'])}}">
<input type="hidden" name="csrf_token" value="{{csrf_token()}}">
<button type="submit" class="btn btn-sm btn-outline-danger"><i class="ion-trash-a"></i> Delete Article</button>
</form>
% else:
% include('follow_button', profile=author, here=here)
% if current_user:
<form class="inline" method="post" action="{{url_for('unfavorite' if article['favorited'] else 'favorite', slug=article['slug'])}}">
<input type="hidden" name="csrf_token" value="{{csrf_token()}}">
<input type="hidden" name="next" value="{{here}}">
<button type="submit" class="btn btn-sm {{'btn-primary' if article['favorited'] else 'btn-outline-primary'}}"><i class="ion-heart"></i> {{'Unfavorite' if article['favorited'] else 'Favorite'}} Article <span class="counter">({{article['favoritesCount']}})</span></button>
</form>
% else:
<a class="btn btn-sm btn-outline-primary" href="{{url_for('login', next=here)}}"><i class="ion-heart"></i> Favorite Article <span class="counter">({{article['favoritesCount']}})</span></a>
% end
% end
</div>
</div>
</div>
<div class="container page">
<div class="article-content">
{{!body_html}}
% include('tag_list', tags=article['tagList'])
</div>
<hr>
<section class="comments" aria-label="Comments">
% if current_user:
<form class="card comment-form" method="post" action="{{url_for('comment', slug=article['slug'])}}" novalidate>
<input type="hidden" name="csrf_token" value="{{form.csrf_token.current_token}}">
<div class="card-block">
<label class="visually-hidden" for="{{form.body.id}}">{{form.body.label.text}}</label>
<textarea id="{{form.body.id}}" name="{{form.body.name}}" rows="3" placeholder="Write a comment...">{{form.body.data or ""}}</textarea>
% if form.body.errors:
<ul class="error-messages">
% for error in form.body.errors:
<li>{{error}}</li>
% end
</ul>
% end
</div>
<div class="card-footer">
<img class="comment-author-img" src="{{current_user['image'] or default_avatar}}" alt="">
<button type="submit" class="btn btn-sm btn-primary">Post Comment</button>
</div>
</form>
% else:
<p class="sign-in-to-comment"><a href="{{url_for('login', next=here)}}">Sign in</a> or <a href="{{url_for('register', next=here)}}">sign up</a> to add comments on this article.</p>
% end
% for c in comments:
<div class="card" id="comment-{{c['id']}}">
<div class="card-block">
<p class="card-text">{{c['body']}}</p>
</div>
<div class="card-footer">
<a class="comment-author" href="{{url_for('profile', username=c['author']['username'])}}"><img class="comment-author-img" src="{{c['author']['image'] or default_avatar}}" alt=""></a>
<a class="comment-author" href="{{url_for('profile', username=c['author']['username'])}}">{{c['author']['username']}}</a>
<span class="date-posted">{{c['date']}}</span>
% if c['mine']:
<span class="mod-options">
<form class="inline" method="post" action="{{url_for('comment_delete', slug=article['slug'], comment_id=c['id'])}}">
<input type="hidden" name="csrf_token" value="{{csrf_token()}}">
<button type="submit" class="btn-icon" title="Delete comment"><i class="ion-trash-a"></i><span class="visually-hidden">Delete comment</span></button>
</form>
</span>
% end
</div>
</div>
% end
</section>
</div>
</div>
