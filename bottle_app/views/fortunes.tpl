<!DOCTYPE html>
<html>
<head><title>Fortunes</title></head>
<body>
<table>
<tr><th>id</th><th>message</th></tr>
% for id, message in fortunes:
<tr><td>{{id}}</td><td>{{message}}</td></tr>
% end
</table>
</body>
</html>
