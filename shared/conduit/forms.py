"""The page forms. Their fields run the domain's own rules, so pages and API agree."""

from __future__ import annotations

from wtforms import PasswordField, StringField, TextAreaField
from wtforms.validators import StopValidation

from ..forms import BaseForm
from ..http import HTTPError
from . import validate as v

# Domain error keys that a form spells differently.
ALIASES = {"tagList": "tags"}


def _sentence(field, messages) -> str:
    return "; ".join(f"{field.label.text} {m}" for m in messages)


class Rule:
    """Validate a field with shared.conduit.validate, then with extra checks (v.email...)."""

    def __init__(self, *checks, required: bool = True, strip: bool = True):
        self.checks, self.required, self.strip = checks, required, strip

    def __call__(self, form, field) -> None:
        try:
            value = v.text({field.name: field.data or ""}, field.name, required=True,
                           nullable=not self.required, strip=self.strip)
            for check in self.checks if value is not None else ():
                check(value)
        except v.Invalid as error:
            raise StopValidation(_sentence(field, sum(error.errors.values(), []))) from None


def split_tags(text: str | None) -> list[str]:
    """Tags typed as "a, b, c"; commas only, so a tag may hold a space."""
    return (text or "").split(",")


def tags_rule(form, field) -> None:
    try:
        v.tag_list({"tagList": split_tags(field.data)})
    except v.Invalid as error:
        # The domain's message names the tags itself: "tags are at most 50 characters".
        raise StopValidation(f"{field.label.text}: {'; '.join(error.errors['tagList'])}") from None


def show_errors(form: BaseForm, error: HTTPError) -> None:
    """Put a domain error on the form: field errors by their fields, the rest on top."""
    for key, messages in (error.errors or {}).items():
        field = form._fields.get(ALIASES.get(key, key))
        if field is None:
            form.form_errors.append(error.message)
        else:
            field.errors = [*field.errors, _sentence(field, messages)]
    if not error.errors:
        form.form_errors.append(error.message)


class LoginForm(BaseForm):
    email = StringField("Email", [Rule()])
    password = PasswordField("Password", [Rule(strip=False)])


class RegisterForm(BaseForm):
    username = StringField("Username", [Rule(v.username)])
    email = StringField("Email", [Rule(v.email)])
    password = PasswordField("Password", [Rule(v.password, strip=False)])


class SettingsForm(BaseForm):
    image = StringField("Picture URL", [Rule(v.image, required=False)])
    username = StringField("Username", [Rule(v.username)])
    bio = TextAreaField("Bio", [Rule(required=False)])
    email = StringField("Email", [Rule(v.email)])
    password = PasswordField("New password", [Rule(v.password, required=False, strip=False)])


class ArticleForm(BaseForm):
    title = StringField("Title", [Rule()])
    description = StringField("Description", [Rule()])
    body = TextAreaField("Body", [Rule(strip=False)])
    tags = StringField("Tags", [tags_rule])


class CommentForm(BaseForm):
    body = TextAreaField("Comment", [Rule()])
