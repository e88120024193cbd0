<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>{{title}} - To-do</title>
  <link rel="stylesheet" href="/static/style.css">
</head>
<body>
  <h1>{{title}}</h1>
  {{!base}}
  <footer><a href="/">All open items</a> · <a href="/api/todos">JSON</a></footer>
</body>
</html>
