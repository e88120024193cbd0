"""Read a SimpleTemplate as Bottle reads it: Bottle's own StplParser, turned into tokens.

Bottle's parser translates a template straight into Python source. We keep its
`translate` loop and its regexes (line and block starts, escapes, inline `{{ }}`,
strings, comments, block keywords, `end`) and replace the two places that write
Python (`read_code`, `flush_text`) with ones that record what they saw, so the text
between code can be written back byte for byte.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import bottle


@dataclass
class Text:
    text: str
    line: int
    escaped: bool = False  # holds a `\\%` line Bottle printed as text


@dataclass
class Inline:
    code: str  # the expression, stripped, without the leading "!"
    raw: bool  # {{!x}}: printed without escaping
    line: int
    source: str  # the whole {{...}} as written


@dataclass
class Code:
    code: str  # one logical line of Python, stripped, block keyword included
    comment: str  # a trailing "# ..." comment, if any
    ends: int  # how many `end` keywords closed blocks after the code on this line
    line: int
    block: bool  # written inside <% %> rather than on a % line
    indent: str = ""  # the whitespace before the % or <% (Bottle prints none of it)


class Reader(bottle.StplParser):
    """Bottle's StplParser, recording tokens instead of writing Python."""

    def __init__(self, source: str, syntax: str | None = None):
        super().__init__(source, syntax=syntax)
        self.tokens: list = []
        self.escaped = False
        self.open_code: Code | None = None  # a line whose brackets are still open
        pattern: re.Pattern[str] = vars(self)["re_split"]  # set_syntax() compiled it
        self.re_split = _Watch(pattern, self)

    def read(self) -> list:
        self.translate()
        self._close_open_code()  # left open at the end: Python's error, reported there
        return self.tokens

    def _close_open_code(self) -> None:
        if self.open_code is not None:
            self.tokens.append(self.open_code)
            self.open_code = None

    def _line_at(self, offset: int) -> int:
        return self.source.count("\n", 0, offset) + 1

    def read_code(self, pysource=None, multiline=False):
        if pysource is None:  # Bottle 0.12's parser: the code is at self.offset, and
            consumed = self._read_code(self.source[self.offset:], multiline)  # read_code
            self.offset += consumed  # moves the offset itself
            return consumed
        return self._read_code(pysource, multiline)

    def _read_code(self, pysource, multiline):
        # The same token loop as Bottle's read_code, minus the indentation bookkeeping.
        start = self.offset
        block = multiline
        code_line, comment, ends, offset = "", "", 0, 0
        line = self._line_at(start)
        line_start = self.source.rfind("\n", 0, start) + 1
        indent = self.source[line_start:start]
        indent = indent[:len(indent) - len(indent.lstrip(" \t"))]

        def emit():
            nonlocal code_line, comment, ends, line, indent
            code = Code(code_line.strip(), comment, ends, line, block, indent)
            if self.open_code is not None:  # Python joins the lines inside brackets
                first = self.open_code
                code = Code(f"{first.code} {code.code}".strip(),
                            " ".join(c for c in (first.comment, code.comment) if c),
                            first.ends + code.ends, first.line, first.block, first.indent)
                self.open_code = None
            if self.paren_depth > 0:
                self.open_code = code
            else:
                self.tokens.append(code)
            code_line, comment, ends, indent = "", "", 0, ""
            line = self._line_at(start + offset)

        while True:
            m = self.re_tok.search(pysource, pos=offset)
            if not m:
                code_line += pysource[offset:]
                offset = len(pysource)
                emit()
                break
            code_line += pysource[offset:m.start()]
            offset = m.end()
            _str, _com, _po, _pc, _blk1, _blk2, _end, _cend, _nl = m.groups()
            if self.paren_depth > 0 and (_blk1 or _blk2):
                code_line += _blk1 or _blk2
                continue
            if _str:
                code_line += _str
            elif _com:
                comment = _com
                if multiline and _com.strip().endswith(self._tokens[1]):
                    multiline = False
            elif _po:
                self.paren_depth += 1
                code_line += _po
            elif _pc:
                if self.paren_depth > 0:
                    self.paren_depth -= 1
                code_line += _pc
            elif _blk1 or _blk2:
                code_line = _blk1 or _blk2
            elif _cend:
                if multiline:
                    multiline = False
                else:
                    code_line += _cend
            elif _end:
                # "x = 1; end": the ";" was matched with the keyword; drop it.
                code_line = code_line.rstrip().rstrip(";")
                ends += 1
            else:  # a newline
                emit()
                if not multiline:
                    break
        return offset

    def flush_text(self):
        text = "".join(self.text_buffer)
        del self.text_buffer[:]
        if not text:
            return
        self._close_open_code()  # text inside brackets: Bottle's code does not compile
        # The text ends where the code starts (or at the end of the source).
        # (At the very end Bottle appends source[offset:] and flushes once more.)
        at_end = text.endswith(self.source[self.offset:])
        end = len(self.source) if at_end else self.offset
        last_line = self._line_at(end)

        def line_of(pos):
            return last_line - text.count("\n", pos)

        # An escaped line ("\\% not code") is in the buffer without its backslash.
        escaped, self.escaped = self.escaped, False
        pos = 0
        for m in self.re_inl.finditer(text):
            if m.start() > pos:
                self.tokens.append(Text(text[pos:m.start()], line_of(pos), escaped))
            chunk = m.group(1).strip()
            raw = chunk.startswith("!")
            self.tokens.append(Inline(chunk[1:].strip() if raw else chunk, raw,
                                      line_of(m.start()), m.group(0)))
            pos = m.end()
        if pos < len(text):
            rest = text[pos:]
            # Bottle: a text line ending in a double backslash joins the next line.
            for tail in ("\\\\\n", "\\\\\r\n"):
                if rest.endswith(tail):
                    rest = rest[:-len(tail)]
                    break
            if rest:
                self.tokens.append(Text(rest, line_of(pos), escaped))


class _Watch:
    """Bottle's line-start regex, noting when it matched an escaped line."""

    def __init__(self, pattern: re.Pattern[str], reader: Reader) -> None:
        self.pattern, self.reader = pattern, reader

    def search(self, *args, **kwargs) -> re.Match[str] | None:
        m = self.pattern.search(*args, **kwargs)
        if m and m.group(1):
            self.reader.escaped = True
        return m


def read(source: str, syntax: str | None = None) -> list:
    """The template's tokens: Text, Inline and Code, in source order."""
    return Reader(source, syntax).read()
