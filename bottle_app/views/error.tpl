% rebase('layout', title=title)
<h1>{{status}} {{title}}</h1>
<p class="error-message">{{message}}</p>
<p><a href="{{url_for('index')}}">Back to the start</a></p>
