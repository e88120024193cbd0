% rebase('layout', title='Not found')
<p class="error">{{message}}</p>
<p><a href="/">Back to the list</a></p>
