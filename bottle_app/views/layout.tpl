% nav = get('nav', '')
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{title}} · Conduit</title>
<link rel="icon" href="{{url_for('static', filename='favicon.svg')}}" type="image/svg+xml">
<link rel="stylesheet" href="{{url_for('static', filename='style.css')}}">
</head>
<body>
<nav class="navbar">
<div class="container">
<a class="navbar-brand" href="{{url_for('index')}}">conduit</a>
<ul class="nav navbar-nav">
<li class="nav-item"><a class="nav-link{{' active' if nav == 'home' else ''}}" href="{{url_for('index')}}">Home</a></li>
% if current_user:
<li class="nav-item"><a class="nav-link{{' active' if nav == 'editor' else ''}}" href="{{url_for('editor')}}"><i class="ion-compose"></i> New Article</a></li>
<li class="nav-item"><a class="nav-link{{' active' if nav == 'settings' else ''}}" href="{{url_for('settings')}}"><i class="ion-gear-a"></i> Settings</a></li>
<li class="nav-item"><a class="nav-link{{' active' if nav == 'profile' else ''}}" href="{{url_for('profile', username=current_user['username'])}}"><img class="user-pic" src="{{current_user['image'] or default_avatar}}" alt=""> {{current_user['username']}}</a></li>
% else:
<li class="nav-item"><a class="nav-link{{' active' if nav == 'login' else ''}}" href="{{url_for('login')}}">Sign in</a></li>
<li class="nav-item"><a class="nav-link{{' active' if nav == 'register' else ''}}" href="{{url_for('register')}}">Sign up</a></li>
% end
</ul>
</div>
</nav>
<main>
% messages = flashed_messages()
% if messages:
<div class="container flashes">
% for category, message in messages:
<p class="flash flash-{{category}}" role="status">{{message}}</p>
% end
</div>
% end
{{!base}}
</main>
<footer>
<div class="container">
<a class="logo-font" href="{{url_for('index')}}">conduit</a>
<span class="attribution">The RealWorld demo app, one core served by Bottle and Flask.
<a href="{{url_for('examples')}}">Examples</a>:
<a href="{{url_for('hello')}}">Hello</a>,
<a href="{{url_for('escaping')}}">Escaping</a>,
<a href="{{url_for('guestbook')}}">Guestbook</a>.</span>
</div>
</footer>
</body>
</html>
