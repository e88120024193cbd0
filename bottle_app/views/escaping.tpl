% rebase('layout', title=title)
<div class="container page">
<h1>Escaping</h1>
<form method="get" action="{{url_for('escaping')}}">
<label for="text">Text</label>
<input id="text" name="text" value="{{text}}">
<button type="submit">Show</button>
</form>
<h2>Printed the default way: escaped</h2>
<p class="escaped">{{text}}</p>
<h2>Printed raw: HTML the core built from it</h2>
<p class="raw">{{!marked}}</p>
</div>
