% placeholder, rows, hint = get('placeholder', ''), get('rows', 4), get('hint', '')
<div class="field{{' has-error' if f.errors else ''}}">
<label for="{{f.id}}">{{f.label.text}}</label>
% if kind == "textarea":
<textarea id="{{f.id}}" name="{{f.name}}" rows="{{rows}}" placeholder="{{placeholder}}">{{f.data or ""}}</textarea>
% elif kind == "password":
<input type="password" id="{{f.id}}" name="{{f.name}}" placeholder="{{placeholder}}">
% else:
<input type="{{'text' if kind == 'input' else kind}}" id="{{f.id}}" name="{{f.name}}" value="{{f.data or ""}}" placeholder="{{placeholder}}">
% end
% if hint:
<p class="hint">{{hint}}</p>
% end
% if f.errors:
<ul class="error-messages">
% for error in f.errors:
<li>{{error}}</li>
% end
</ul>
% end
</div>
