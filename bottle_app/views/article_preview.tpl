<div class="article-preview">
<div class="article-meta">
% include('author_meta', author=a['author'], date=a['date'])
% if current_user:
<form class="pull-xs-right" method="post" action="{{url_for('unfavorite' if a['favorited'] else 'favorite', slug=a['slug'])}}">
<input type="hidden" name="csrf_token" value="{{csrf_token()}}">
<input type="hidden" name="next" value="{{here}}">
<button type="submit" class="btn btn-sm {{'btn-primary' if a['favorited'] else 'btn-outline-primary'}}" title="{{'Unfavorite' if a['favorited'] else 'Favorite'}}"><i class="ion-heart"></i> {{a['favoritesCount']}}</button>
</form>
% else:
<a class="pull-xs-right btn btn-sm btn-outline-primary" href="{{url_for('login', next=here)}}" title="Favorite"><i class="ion-heart"></i> {{a['favoritesCount']}}</a>
% end
</div>
<a class="preview-link" href="{{url_for('article', slug=a['slug'])}}">
<h1>{{a['title']}}</h1>
<p>{{a['description']}}</p>
<span>Read more...</span>
% include('tag_list', tags=a['tagList'])
</a>
</div>
