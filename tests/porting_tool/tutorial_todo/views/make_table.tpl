<p>The open items are as follows:</p>
<table border="1">
%for row in rows:
  <tr>
  %for col in row:
    <td>{{col}}</td>
  %end
    <td><a href="/edit/{{row[0]}}">edit</a></td>
  </tr>
%end
</table>
<p><a href="/new">Add a task</a> or read <a href="/help">the help</a>.</p>
