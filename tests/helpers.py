"""Small helpers the tests share: parsing pages and submitting real forms."""

from __future__ import annotations

from bs4 import BeautifulSoup


def soup(response) -> BeautifulSoup:
    return BeautifulSoup(response.text, "html.parser")


def text_of(response, selector: str) -> list[str]:
    return [node.get_text(" ", strip=True) for node in soup(response).select(selector)]


def flashes(response) -> list[str]:
    return text_of(response, ".flash")
