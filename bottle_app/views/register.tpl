% rebase('layout', title=title)
<div class="auth-page">
<div class="container page">
<div class="auth-box">
<h1>Sign up</h1>
<p class="auth-switch"><a href="{{url_for('login', next=next or None)}}">Have an account?</a></p>
% include('form_errors', form=form)
<form method="post" action="{{url_for('register')}}" novalidate>
<input type="hidden" name="csrf_token" value="{{form.csrf_token.current_token}}">
% if next:
<input type="hidden" name="next" value="{{next}}">
% end
% include('field', f=form.username, kind='input', placeholder='Username')
% include('field', f=form.email, kind='email', placeholder='Email')
% include('field', f=form.password, kind='password', placeholder='Password', hint='At least 8 characters.')
<button type="submit" class="btn btn-lg btn-primary">Sign up</button>
</form>
</div>
</div>
</div>
