% rebase('layout', title=title)
<div class="settings-page">
<div class="container page">
<div class="settings-box">
<h1>Your Settings</h1>
% include('form_errors', form=form)
<form method="post" action="{{url_for('settings')}}" novalidate>
<input type="hidden" name="csrf_token" value="{{form.csrf_token.current_token}}">
% include('field', f=form.image, kind='url', placeholder='URL of profile picture')
% include('field', f=form.username, kind='input', placeholder='Username')
% include('field', f=form.bio, kind='textarea', placeholder='Short bio about you', rows=6)
% include('field', f=form.email, kind='email', placeholder='Email')
% include('field', f=form.password, kind='password', placeholder='New Password', hint='Leave empty to keep your password.')
<button type="submit" class="btn btn-lg btn-primary">Update Settings</button>
</form>
<hr>
<form method="post" action="{{url_for('logout')}}">
<input type="hidden" name="csrf_token" value="{{csrf_token()}}">
<button type="submit" class="btn btn-outline-danger">Or click here to logout.</button>
</form>
</div>
</div>
</div>
