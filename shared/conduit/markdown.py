"""Article bodies: Markdown rendered by markdown-it-py, then sanitised by nh3."""

from __future__ import annotations

from functools import cache, lru_cache

import nh3
from markdown_it import MarkdownIt

from ..http import SafeHTML


@cache
def _parser() -> MarkdownIt:
    # CommonMark with tables and strikethrough; raw HTML passes through to nh3,
    # which keeps harmless tags and drops scripts, handlers and javascript: links.
    return MarkdownIt("commonmark", {"html": True}).enable(["table", "strikethrough"])


@lru_cache(maxsize=1024)
def render(text: str) -> SafeHTML:
    """Return the article body as HTML that is safe to print raw.

    Rendered once per body text (an edit is a new key), never per view; the cache is
    bounded, so a worker's memory stays flat however many articles it serves.
    """
    return SafeHTML(nh3.clean(_parser().render(text)))
