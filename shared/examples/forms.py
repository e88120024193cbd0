"""The guestbook's form."""

from __future__ import annotations

from typing import Any

from wtforms import StringField, TextAreaField
from wtforms.validators import DataRequired, Length

from ..forms import BaseForm


def stripped(value: Any) -> Any:
    return value.strip() if isinstance(value, str) else value


class GuestbookForm(BaseForm):
    name = StringField("Name", [DataRequired(), Length(min=1, max=50)], filters=[stripped])
    message = TextAreaField("Message", [DataRequired(), Length(min=1, max=500)],
                            filters=[stripped])
