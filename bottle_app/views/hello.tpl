% rebase('layout', title=title)
<div class="container page">
<p class="greeting"><b>Hello {{name or "amigo"}}</b>!</p>
</div>
