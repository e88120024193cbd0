<div class="field{{' has-error' if f.errors else ''}}">
<label for="{{f.id}}">{{f.label.text}}</label>
% if kind == "textarea":
<textarea id="{{f.id}}" name="{{f.name}}" rows="4">{{f.data or ""}}</textarea>
% else:
<input id="{{f.id}}" name="{{f.name}}" value="{{f.data or ""}}">
% end
% if f.errors:
<ul class="error-messages">
% for error in f.errors:
<li>{{error}}</li>
% end
</ul>
% end
</div>
