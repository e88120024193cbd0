% rebase('layout', title=title)
<div class="editor-page">
<div class="container page">
<div class="editor-box">
<h1>{{title}}</h1>
% include('form_errors', form=form)
<form method="post" action="{{url_for('editor_edit', slug=slug) if slug else url_for('editor')}}" novalidate>
<input type="hidden" name="csrf_token" value="{{form.csrf_token.current_token}}">
% include('field', f=form.title, kind='input', placeholder='Article Title')
% include('field', f=form.description, kind='input', placeholder="What's this article about?")
% include('field', f=form.body, kind='textarea', placeholder='Write your article (in markdown)', rows=10)
% include('field', f=form.tags, kind='input', placeholder='Enter tags', hint='Separate tags with commas.')
<button type="submit" class="btn btn-lg btn-primary">Publish Article</button>
</form>
</div>
</div>
</div>
