% rebase('layout', title=title)
<div class="container page">
<h1>Examples</h1>
<p>The classic pages from the Bottle and Flask hello-world examples, served by the same core.</p>
<ul class="examples">
<li><a href="{{url_for('hello')}}">Hello, amigo</a>: the greeting with no name.</li>
<li><a href="{{url_for('hello_name', name='World')}}">Hello, World</a>: a name from the path, escaped.</li>
<li><a href="{{url_for('escaping')}}">Escaping</a>: escaped by default, raw only when asked.</li>
<li><a href="{{url_for('guestbook')}}">Guestbook</a>: a form, the database and the session.</li>
</ul>
</div>
