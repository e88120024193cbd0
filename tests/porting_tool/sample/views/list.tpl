% rebase('layout', title='To-do list')
%# The cookie set by the POST /new handler, shown once an item is added.
% if last:
<p class="last">Last added: {{last}}</p>
% end
<p>Showing {{show}} items: <a href="/?show=open">open</a> | <a href="/?show=all">all</a></p>
<table>
% for no, task, status in rows:
  <tr>
    <td>{{no}}</td>
    <td>{{task}}</td>
    <td>{{'open' if status else 'done'}}</td>
    <td><a href="/edit/{{no}}">edit</a></td>
  </tr>
% end
</table>
<p><a href="/new">New item</a></p>
