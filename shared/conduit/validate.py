"""Field rules shared by the JSON API and the HTML forms, in RealWorld's error shape."""

from __future__ import annotations

import re
from typing import Any

from ..db import storable
from ..http import HTTPError

BLANK = "can't be blank"
NOT_TEXT = "is not valid text (a NUL or a lone surrogate?)"
TAKEN = "has already been taken"
USERNAME = re.compile(r"^[\w.-]+$")
EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
LIMITS = {"username": 50, "email": 254, "password": 256, "bio": 2000, "image": 2048,
          "title": 255, "description": 1000, "body": 100_000, "tag": 50}
MISSING = object()


class Invalid(HTTPError):
    """422 with field errors, e.g. {"title": ["can't be blank"]}."""

    errors: dict[str, list[str]]  # always present, unlike a plain HTTPError's

    def __init__(self, errors: dict[str, list[str]], status: int = 422):
        super().__init__(status, "The data is not valid.", errors=errors)


def text(data: dict, field: str, *, required: bool, nullable: bool = False,
         strip: bool = True) -> Any:
    """Read one text field: MISSING if absent and optional, None if nullable and empty."""
    if field not in data:
        if required:
            raise Invalid({field: [BLANK]})
        return MISSING
    value = data[field]
    if value is None and nullable:
        return None
    if not isinstance(value, str):
        raise Invalid({field: [BLANK]})
    if not storable(value):
        raise Invalid({field: [NOT_TEXT]})
    if strip:
        value = value.strip()
    if not value.strip():
        if nullable:
            return None  # an empty bio or image is stored as null
        raise Invalid({field: [BLANK]})
    if len(value) > LIMITS[field]:
        raise Invalid({field: [f"is too long (maximum is {LIMITS[field]} characters)"]})
    return value


def username(value: str) -> str:
    if not USERNAME.match(value):
        raise Invalid({"username": ["is invalid (use letters, digits, '.', '_' or '-')"]})
    return value


def email(value: str) -> str:
    if not EMAIL.match(value):
        raise Invalid({"email": ["is invalid"]})
    return value


def password(value: str) -> str:
    if len(value) < 8:
        raise Invalid({"password": ["is too short (minimum is 8 characters)"]})
    return value


def image(value: str | None) -> str | None:
    # Only web addresses: a javascript: or data: URL must never reach an <img src>.
    if value is not None and not value.lower().startswith(("http://", "https://")):
        raise Invalid({"image": ["must be an http or https address"]})
    return value


def tag_list(data: dict, *, required: bool = False) -> Any:
    """A list of tag names, order kept, duplicates and blanks dropped."""
    if "tagList" not in data:
        return [] if required else MISSING
    value = data["tagList"]
    if not isinstance(value, list) or not all(isinstance(t, str) for t in value):
        raise Invalid({"tagList": ["must be a list of strings"]})
    if not all(storable(t) for t in value):
        raise Invalid({"tagList": [NOT_TEXT]})
    tags: list[str] = []
    for tag in (t.strip() for t in value):
        if len(tag) > LIMITS["tag"]:
            raise Invalid({"tagList": [f"tags are at most {LIMITS['tag']} characters"]})
        if tag and tag not in tags:
            tags.append(tag)
    return tags
