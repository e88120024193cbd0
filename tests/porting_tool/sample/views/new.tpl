% rebase('layout', title='New item')
% if error:
<p class="error">{{error}}</p>
% end
<form action="/new" method="post">
  <input type="text" name="task" value="{{task}}" size="50" maxlength="100">
  <input type="submit" value="Save">
</form>
