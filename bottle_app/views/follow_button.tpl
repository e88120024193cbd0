% if current_user:
<form class="inline" method="post" action="{{url_for('unfollow' if profile['following'] else 'follow', username=profile['username'])}}">
<input type="hidden" name="csrf_token" value="{{csrf_token()}}">
<input type="hidden" name="next" value="{{here}}">
<button type="submit" class="btn btn-sm action-btn {{'btn-secondary' if profile['following'] else 'btn-outline-secondary'}}"><i class="{{'ion-minus-round' if profile['following'] else 'ion-plus-round'}}"></i> {{'Unfollow' if profile['following'] else 'Follow'}} {{profile['username']}}</button>
</form>
% else:
<a class="btn btn-sm action-btn btn-outline-secondary" href="{{url_for('login', next=here)}}"><i class="ion-plus-round"></i> Follow {{profile['username']}}</a>
% end
