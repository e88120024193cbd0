% rebase('layout', title=title)
<p class="greeting"><b>Hello {{name or "amigo"}}</b>!</p>
