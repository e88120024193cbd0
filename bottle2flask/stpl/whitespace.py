"""Whitespace markers, so a stock Jinja2 prints the lines Bottle printed.

Bottle prints nothing of a `%` line: not its indentation, not its newline. The
converter writes such a line as a line of tags, which a stock Jinja2 (Flask's) prints
as its indentation and newline. Each tag line gets one `-` marker instead:

- `{%- tag %}` (the usual one) takes away the newline above and the tag's indentation;
  the tag's own newline prints in place of the one taken, so every text line still
  ends with exactly one newline, whichever branch or loop turn runs.
- `{% tag -%}` takes away its own newline and the next line's indentation: where
  nothing was printed yet (the top, a block or macro body), under a blank line, or
  after a line that prints its own last newline (an include, a layout's page, a value).
  Every tag of one branch or loop takes the same kind, or one path would print two
  newlines and another none.
- Where that next line is indented text, the tag stands at its start instead
  (`{% include "part.html" %}  <p>after</p>`): only the tag's own newline goes.
- A template whose last newline prints (it ends in text, or a tag that prints its own)
  ends with one newline more: a stock Jinja2 (keep_trailing_newline off) drops the
  last one, SimpleTemplate prints it. So an included file prints its last newline,
  and an include line never prints its own.

Where no form is exact (an else or end that hands the newline above on, right under
a blank line it would take too), the line is named (`inexact`): a newline more or less.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field

import jinja2

_LEXER = jinja2.Environment().lexer
_ENDS = {"block_begin": "block_end", "variable_begin": "variable_end",
         "comment_begin": "comment_end"}
# (a list: the names a name computed when the template renders may be, T034)
INCLUDED = re.compile(r"\{%-? include (?:\"[^\"]+\"|\[)")
# Tags where what follows is a fresh start: nothing printed before it on that path.
STARTS = {"macro", "block", "call"}


@dataclass
class Tag:
    start: int  # offsets in the line
    end: int
    kind: str  # "block", "variable", "comment"
    word: str  # a block tag's first name: "if", "endfor"


@dataclass
class Line:
    text: str  # without its line end
    end: str  # "\n", "\r\n" or "" (the last line)
    tags: list[Tag] = field(default_factory=list)
    code: bool = False  # nothing but tags: a Bottle `%` line
    left: bool = False
    right: bool = False
    drop: bool = False  # a blank line whose newline the tag above prints instead
    join: bool = False  # the next line (indented text) goes on this one's: see _assign
    prefix: str = ""  # text before the tags ("a\\\\" joined it to a code line)

    @property
    def indent(self) -> str:
        return self.text[:len(self.text) - len(self.text.lstrip(" \t"))]

    @property
    def printing(self) -> bool:
        """It prints what it stands for (a layout's page, a value), which ends in a
        newline of its own: nothing before or after it can stand in for it."""
        words = [t.word for t in self.tags if t.kind == "block"]
        return any(t.kind == "variable" for t in self.tags) or (
            "block" in words and words.count("block") == words.count("endblock"))


def tag_spans(source: str) -> list[tuple[int, int]]:
    """(start, end) of every tag of a Jinja2 template without a lone "\r" (its "\r\n"
    read as " \n": the offsets stay the source's)."""
    return [(start, end) for start, end, _, _ in _tags(source.replace("\r\n", " \n"))]


def _tags(source: str) -> list[tuple[int, int, str, str]]:
    """(start, end, kind, first word) of every tag, by Jinja2's own lexer."""
    found: list[tuple[int, int, str, str]] = []
    offset = 0
    opened: tuple[int, str, str] | None = None  # (start, kind, first word) of a tag
    for _, token, value in _LEXER.tokeniter(source, None):
        # A `-` marker's stripped whitespace is in no token's value: find each one.
        offset = source.index(value, offset) if value else offset
        if token in _ENDS:
            opened = (offset, token.removesuffix("_begin"), "")
        elif opened is not None and token == "name" and not opened[2]:
            opened = (opened[0], opened[1], value)
        elif opened is not None and token == _ENDS.get(f"{opened[1]}_begin"):
            found.append((opened[0], offset + len(value), opened[1], opened[2]))
            opened = None
        offset += len(value)
    return found


def _lines(source: str) -> list[Line]:
    lines, starts, pos = [], [], 0
    for raw in source.splitlines(keepends=True):
        body = raw.rstrip("\r\n")
        lines.append(Line(body, raw[len(body):]))
        starts.append(pos)
        pos += len(raw)
    for start, end, kind, word in _tags(source):
        index = bisect.bisect_right(starts, start) - 1
        line = lines[index]
        if end - starts[index] > len(line.text):  # a tag across lines: leave it be
            line.tags.append(Tag(0, 0, "multi", ""))
            continue
        line.tags.append(Tag(start - starts[index], end - starts[index], kind, word))
    for line in lines:
        line.code = _is_code(line)
        if line.code and line.text[:line.tags[0].start].strip():
            line.prefix = line.text[:line.tags[0].start]
    return lines


def _is_code(line: Line) -> bool:
    if not line.tags or any(t.kind == "multi" for t in line.tags):
        return False
    if all(t.kind == "variable" for t in line.tags):
        return False  # a text line of values ({{!base}} and TODOs print where they stand)
    rest, pos = [], 0
    for tag in line.tags:
        rest.append(line.text[pos:tag.start])
        pos = tag.end
        if "+" in (line.text[tag.start + 2], line.text[tag.end - 3]):
            return False  # {%+ ... +%}: the converter's mark for "prints as it stands"
    rest.append(line.text[pos:])
    if "".join(rest[1:]):
        return False
    # Text before the tags only where Bottle joined a text line to a code line.
    return not rest[0].strip() or any(t.kind != "variable" for t in line.tags)


def _starts_clean(line: Line | None) -> bool:
    return line is None or (line.text[:1] not in ("", " ", "\t"))


def markers(source: str) -> tuple[str, list[int]]:
    """The source with `-` markers on its code lines; the 1-based lines that still print
    differently from Bottle in a stock environment."""
    lines = _lines(source)
    if lines and lines[-1].code and not lines[-1].end:
        lines[-1].end = "\n"  # a block closed at the end: its newline stands in, or goes
    _lift(lines)
    inexact = _assign(lines)
    if inexact and _right_fits(lines):
        inexact = []
    text = "".join(_write(line, lines[i - 1] if i else None) for i, line in enumerate(lines))
    child = any(t.word == "extends" for line in lines if line.code for t in line.tags)
    if not child and drops_last_newline(text):
        # (a child prints only its blocks: what follows its last one prints nowhere)
        text += "\n" if lines[-1].end == "\n" else "\r\n"
    return text, inexact


def _lift(lines: list[Line]) -> None:
    """Plain statements (`{% set %}`, comments) between a blank line and an indented
    one go above the blank line: nothing they do prints, and there the newline above
    them can stand in for theirs (under it, no marker is exact)."""
    i = 0
    while i < len(lines):
        if not (lines[i].code and _kind(lines[i]) == "plain" and i and _blank(lines[i - 1])):
            i += 1
            continue
        last = i
        while last + 1 < len(lines) and lines[last + 1].code \
                and _kind(lines[last + 1]) == "plain":
            last += 1
        after = lines[last + 1] if last + 1 < len(lines) else None
        top = i
        while top and _blank(lines[top - 1]):
            top -= 1
        if top and after is not None and not after.code and after.text \
                and not _starts_clean(after):
            lines[top:last + 1] = lines[i:last + 1] + lines[top:i]
        i = last + 1


def _blank(line: Line) -> bool:
    return not line.code and line.text == ""


# Tags that continue or end a branch or loop: they take the marker of its opener.
BRANCHES = {"if", "for", "with", "filter"}
MIDDLES = {"elif", "else"}


@dataclass
class Frame:
    right: bool  # its tags take `-%}` (else `{%-`)
    printed: bool  # text printed on every path to here
    entry: bool = False  # printed on entry (an else starts from there again)


def _kind(line: Line) -> str:
    """"open", "middle", "close" (a branch or loop), "start"/"finish" (a block or macro
    body), "print" (it prints), "plain" (it does neither)."""
    if INCLUDED.search(line.text) or line.printing:
        return "print"
    words = [t.word for t in line.tags if t.kind == "block"]
    first = words[0] if words else ""
    if first.startswith("end") and first[3:] in STARTS:
        return "finish"
    if first.startswith("end") and first[3:] in BRANCHES:
        return "close"
    if first in MIDDLES:
        return "middle"
    opened = [w for w in words if w in BRANCHES | STARTS
              and words.count(w) > words.count(f"end{w}")]
    if opened:
        return "start" if opened[-1] in STARTS else "open"
    return "plain"


def _hands_on(above: Line, kind: str) -> bool:
    """Can a `{%-` tag under this line take its newline, its own printing in its place?"""
    if above.code:
        return above.left and kind != "print"
    return above.text != "" and above.text.rstrip() == above.text


def _structure_hands_on(lines: list[Line], kinds: list[str], i: int) -> bool:
    """Can every else and end of the branch or loop opened at line i take `{%-`?"""
    depth = 0
    for j in range(i, len(lines)):
        if kinds[j] in ("open", "start"):
            depth += 1
        elif kinds[j] in ("close", "finish"):
            depth -= 1
        if j > i and depth in (0, 1) and kinds[j] in ("middle", "close") and (
                not lines[j - 1].code or kinds[j - 1] == "print"):
            above = lines[j - 1]
            if kinds[j - 1] == "print" or not (above.text and above.text.rstrip() == above.text):
                return False
        if depth == 0:
            return True
    return True


def _assign(lines: list[Line]) -> list[int]:
    """A marker for each code line, top to bottom; the lines it cannot make exact.

    `{%-` hands the newline of the text line above on to the tag's own. It cannot
    where nothing was printed yet (the top, a block or macro body) or the line above
    is blank or ends in spaces: there a tag takes its own newline (`-%}`), and so does
    every tag of its branch or loop, or one path would print two newlines, another none.
    """
    inexact: list[int] = []
    kinds = [_kind(line) if line.code else "text" for line in lines]
    child = any(t.word == "extends" for line in lines if line.code for t in line.tags)
    stack = [Frame(right=True, printed=False)]
    outside = child  # a child prints only inside its blocks: its header needs no marker
    # but a page that extends under an `if` prints its header's newlines when it does not
    conditional = any(line.code and line.tags[0].word == "if"
                      and any(t.word == "extends" for t in line.tags) for line in lines)
    for i, line in enumerate(lines):
        number, kind, frame = i + 1, kinds[i], stack[-1]
        above = lines[i - 1] if i else None
        if outside and len(stack) == 1 and kind not in ("start", "text"):
            line.right = conditional
            continue
        if line.prefix:
            frame.printed = True
        if kind == "text":
            if above is not None and above.code and above.right and line.text == "":
                # A blank line under a tag that takes its own newline: the tag keeps its
                # newline, which prints as the blank line did, and the blank line goes.
                above.right, line.drop = False, True
            elif above is not None and above.code and above.right and not _starts_clean(line):
                # `-%}` would take its indentation too: the tag takes only its own
                # newline by standing at the start of this line
                above.right, above.join = False, True
            frame.printed = True
            continue
        hand_on = above is not None and not line.prefix and _hands_on(above, kinds[i - 1])
        if kind == "print":  # what it prints ends in a newline: its own goes
            line.right = frame.printed = True
            continue
        if kind in ("middle", "close"):
            line.left, line.right = not frame.right, frame.right
            if kind == "close" and len(stack) > 1:
                stack.pop()
            else:
                frame.printed = frame.entry
        elif kind == "finish":  # the body's last newline is its own
            line.right = frame.right and not (child and len(stack) == 2)
            if len(stack) > 1:
                stack.pop()
        else:
            right = not (frame.printed and hand_on and (
                kind != "open" or _structure_hands_on(lines, kinds, i)))
            line.left, line.right = not right, right
            if kind == "start":
                line.right = True
                stack.append(Frame(right=right, printed=False))
            elif kind == "open":
                stack.append(Frame(right=right, printed=frame.printed, entry=frame.printed))
        if line.left and not hand_on and above is not None:
            inexact.append(number)  # the blank line above is taken too
    return sorted(set(inexact))


def _right_fits(lines: list[Line]) -> bool:
    """`-%}` on every code line instead: exact when no text line under a code line
    starts with whitespace (or is blank). Sets it if so."""
    kinds = [_kind(line) if line.code else "text" for line in lines]
    printed = not any(t.word == "extends" for line in lines if line.code for t in line.tags)
    for i, line in enumerate(lines):
        printed = printed or kinds[i] == "start"
        if printed and i and kinds[i] == "text" and kinds[i - 1] != "text" \
                and not _starts_clean(line):
            return False
    for line, kind in zip(lines, kinds, strict=True):
        line.left, line.right, line.drop, line.join = False, kind != "text", False, False
    return True


def _write(line: Line, above: Line | None) -> str:
    text = line.text
    if line.drop:
        return ""
    end = "" if line.join else line.end
    if not line.code:
        return re.sub(r"(\{[%#])\+|\+(%\})", r"\1\2", text) + end  # nothing to undo
    tags = line.tags
    if len(tags) > 1 and text[tags[-1].start:tags[-1].end] == "{# #}":
        text, tags = text[:tags[-1].start], tags[:-1]  # the compact form's newline eater
    first, last = tags[0].start, tags[-1].end
    if line.right:
        text = text[:last - 2] + "-" + text[last - 2:]
    if line.left:
        text = text[:first + 2] + "-" + text[first + 2:]
    elif not line.prefix and not (above is not None and above.code and above.right):
        text = text[first:]  # its indentation would print: Bottle prints none
    return text + end


def drops_last_newline(source: str) -> bool:
    """Does a stock Jinja2 drop a newline Bottle printed at the end of this template?
    (It drops the source's last newline: printed data, unless a `-%}` took it.)"""
    lines = _lines(source)
    return bool(lines) and lines[-1].end != "" and not (
        lines[-1].code and lines[-1].text.rstrip().endswith(("-%}", "-#}", "-}}")))
