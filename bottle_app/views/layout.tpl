<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{title}} · Bottle/Flask kit</title>
<link rel="stylesheet" href="{{url_for('static', filename='style.css')}}">
</head>
<body>
<nav class="navbar">
<div class="container">
<a class="navbar-brand" href="{{url_for('index')}}">Bottle/Flask kit</a>
<ul class="nav">
<li class="nav-item"><a class="nav-link" href="{{url_for('hello')}}">Hello</a></li>
<li class="nav-item"><a class="nav-link" href="{{url_for('escaping')}}">Escaping</a></li>
<li class="nav-item"><a class="nav-link" href="{{url_for('guestbook')}}">Guestbook</a></li>
</ul>
</div>
</nav>
<main class="container">
% for category, message in flashed_messages():
<p class="flash flash-{{category}}" role="status">{{message}}</p>
% end
{{!base}}
</main>
</body>
</html>
