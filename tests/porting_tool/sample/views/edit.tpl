% rebase('layout', title='Edit item %d' % no)
<form action="/edit/{{no}}" method="post">
  <input type="text" name="task" value="{{task}}" size="50" maxlength="100">
  <select name="status">
    <option value="open"{{!' selected' if status else ''}}>open</option>
    <option value="closed"{{!'' if status else ' selected'}}>closed</option>
  </select>
  <input type="submit" value="Save">
</form>
