<ul class="tag-list">
% for name in tags:
<li class="tag-default tag-pill tag-outline">{{name}}</li>
% end
</ul>
