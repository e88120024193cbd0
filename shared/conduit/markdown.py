"""Article bodies: Markdown rendered by markdown-it-py, then sanitised by nh3."""

from __future__ import annotations

from functools import cache

import nh3
from markdown_it import MarkdownIt

from ..http import SafeHTML


@cache
def _parser() -> MarkdownIt:
    # CommonMark with tables and strikethrough; raw HTML passes through to nh3,
    # which keeps harmless tags and drops scripts, handlers and javascript: links.
    return MarkdownIt("commonmark", {"html": True}).enable(["table", "strikethrough"])


def render(text: str) -> SafeHTML:
    """Return the article body as HTML that is safe to print raw."""
    return SafeHTML(nh3.clean(_parser().render(text)))
