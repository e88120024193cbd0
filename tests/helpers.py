"""Small helpers the tests share: parsing pages and submitting real forms."""

from __future__ import annotations

from bs4 import BeautifulSoup, Doctype, NavigableString, Tag


def soup(response) -> BeautifulSoup:
    return BeautifulSoup(response.text, "html.parser")


def text_of(response, selector: str) -> list[str]:
    return [node.get_text(" ", strip=True) for node in soup(response).select(selector)]


def flashes(response) -> list[str]:
    return text_of(response, ".flash")


def normalised(html: str) -> str:
    """The page as a parser sees it: one line per node, whitespace collapsed, attributes
    sorted, CSRF token values masked (they are random per session and second)."""
    lines: list[str] = []

    def walk(node, depth: int) -> None:
        for child in node.children:
            if isinstance(child, Tag):
                attrs = dict(child.attrs)
                if child.get("name") == "csrf_token":
                    attrs["value"] = "<csrf>"
                spelt = " ".join(f'{k}="{" ".join(v) if isinstance(v, list) else v}"'
                                 for k, v in sorted(attrs.items()))
                lines.append(f"{'  ' * depth}<{child.name} {spelt}>".replace(" >", ">"))
                walk(child, depth + 1)
            elif isinstance(child, NavigableString) and not isinstance(child, Doctype):
                text = " ".join(child.split())
                if text:
                    lines.append(f"{'  ' * depth}{text}")

    walk(BeautifulSoup(html, "html.parser"), 0)
    return "\n".join(lines)
