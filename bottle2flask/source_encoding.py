"""A Python module's text as Python reads it (PEP 263), and its port written back alike.

Python reads a module in the encoding its BOM or its coding line declares (`# -*- coding:
cp1252 -*-`), UTF-8 otherwise; the port reads every module that way and writes its port
in the same encoding, as a Flask maintainer keeps a file's encoding (a BOM stays a BOM).
"""

from __future__ import annotations

import io
import tokenize
from pathlib import Path


class Unreadable(ValueError):
    """A module Python itself would not read: bytes its encoding cannot decode, or a
    declaration Python does not know."""


def decode(data: bytes) -> tuple[str, str]:
    """The module's text and its encoding (a codec name, "utf-8-sig" for a BOM)."""
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as error:  # an unknown codec, a BOM with another declaration, or
        # a first line that is not UTF-8 and no declaration: said as the bytes it is
        encoding = "utf-8"
        if "invalid or missing" not in str(error):
            raise Unreadable(str(error)) from None
    try:
        return data.decode(encoding), encoding
    except UnicodeDecodeError as error:
        said = (
            "UTF-8" if encoding in ("utf-8", "utf-8-sig") else f"{encoding}, its declared encoding"
        )
        raise Unreadable(f"not {said} ({error.reason} at byte {error.start})") from None


def read(path: Path) -> str:
    """A module's text, as decode() reads it."""
    return decode(path.read_bytes())[0]


def encode(text: str, encoding: str) -> bytes:
    """The port's text in its original's encoding; Unreadable where that encoding cannot
    hold a character the port wrote (the port is then not written, and says so)."""
    try:
        return text.encode(encoding)
    except UnicodeEncodeError as error:
        raise Unreadable(
            f"{error.object[error.start : error.end]!r} cannot be written in "
            f"the module's encoding, {encoding}"
        ) from None
