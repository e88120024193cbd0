% if form.form_errors:
<ul class="error-messages">
% for error in form.form_errors:
<li>{{error}}</li>
% end
</ul>
% end
