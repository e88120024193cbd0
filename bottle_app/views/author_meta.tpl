<a href="{{url_for('profile', username=author['username'])}}"><img src="{{author['image'] or default_avatar}}" alt=""></a>
<div class="info">
<a class="author" href="{{url_for('profile', username=author['username'])}}">{{author['username']}}</a>
<span class="date">{{date}}</span>
</div>
