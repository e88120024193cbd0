% rebase('layout', title=title)
<div class="auth-page">
<div class="container page">
<div class="auth-box">
<h1>Sign in</h1>
<p class="auth-switch"><a href="{{url_for('register', next=next or None)}}">Need an account?</a></p>
% include('form_errors', form=form)
<form method="post" action="{{url_for('login')}}" novalidate>
<input type="hidden" name="csrf_token" value="{{form.csrf_token.current_token}}">
% if next:
<input type="hidden" name="next" value="{{next}}">
% end
% include('field', f=form.email, kind='email', placeholder='Email')
% include('field', f=form.password, kind='password', placeholder='Password')
<button type="submit" class="btn btn-lg btn-primary">Sign in</button>
</form>
</div>
</div>
</div>
