% rebase('layout', title=title)
<div class="container page">
<h1>{{status}} {{title}}</h1>
<p class="error-message">{{message}}</p>
<p><a href="{{url_for('index')}}">Back to the start</a></p>
</div>
