"""What differs between two runs of the original is the app's own noise, not the port's.

Diffy's idea: each request goes to a second instance of the original too (its twin, on a
copy of its own). Where the two originals answer alike, the other app must answer alike;
where they differ (a random draw, a fresh session id, a list in random order), only
what both originals kept is compared:

- the status, when both originals gave the same one;
- a header both sent: that it is there, and the parts of its value (words, numbers,
  signs) both values share, in their order; what lies between them may be anything;
- a cookie both set: its name, the attributes both gave it alike, and its value as a
  header's (a session's decoded keys one by one);
- the body: JSON field by field (a key both had must be there; a list both gave in
  another order may come in any order); a page or a text token by token, as a header's
  value: lines or words both printed in another order may come in any order, and rows
  of random draws (as many as came) line by line, their numbers aside.

This module only sorts the differences compare() found between the first two answers
(normalise.py): it never compares two answers itself, so the rules of what counts as the
same answer stay in one place.
"""

from __future__ import annotations

import difflib
import json
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from .normalise import Comparison, Difference, Response, body_lines, cookies, with_path

# A value's parts: a word or number, a line's end, any other sign (spaces between parts
# are layout, as compare() reads a page).
TOKEN = re.compile(r"\w+|\n|[^\w\s]")
SEPARATOR = "\0"
# Two runs of lines that differ are matched token by token below this size (tokens of
# one times tokens of the other); above it, the run is any text: the cost stays bounded.
LARGEST = 4_000_000
# How many changes on from one a run of lines moved in another order may span.
WINDOW = 24


@dataclass(frozen=True)
class Gap:
    """What may stand between two stretches both runs printed alike: any tokens, at
    least `least` of them (1 where both runs printed something there, 0 where one run
    printed nothing); or, where both printed the same tokens in another order (`bag`,
    sorted), those tokens in any order."""

    least: int = 0
    bag: tuple[str, ...] | None = None

    def takes(self, found: list[str]) -> bool:
        return sorted(found) == list(self.bag) if self.bag is not None \
            else len(found) >= self.least

    def __add__(self, other: Gap) -> Gap:
        if self.bag is not None and other.bag is not None:
            return Gap(1, tuple(sorted(self.bag + other.bag)))
        return Gap(max(self.least, other.least, int(bool(self.bag or other.bag))))


Shape = list[str | Gap]


def tokens(text: str) -> list[str]:
    return TOKEN.findall(text)


def shape(first: list[str], again: list[str]) -> Shape:
    """The tokens both runs printed alike, in order, with a Gap where they differ.

    Line by line first (pages are long: a token-level match of a whole page costs too
    much), then token by token inside each run of lines that differs; lines that are the
    same in another order (a random order of keys) are a Gap of those tokens."""
    lines = [_lines(first), _lines(again)]
    parts: Shape = []
    opcodes = difflib.SequenceMatcher(None, lines[0], lines[1], autojunk=False).get_opcodes()
    n = 0
    while n < len(opcodes):
        tag, i1, i2, j1, j2 = opcodes[n]
        mine = [t for line in lines[0][i1:i2] for t in line]
        theirs = [t for line in lines[1][j1:j2] for t in line]
        moved = shuffled(opcodes, n, lines)
        if tag == "equal":
            parts += mine
        elif moved is not None:
            i2 = opcodes[moved][2]
            parts.append(Gap(1, tuple(sorted(t for line in lines[0][i1:i2] for t in line))))
            n = moved
        elif not (mine and theirs):
            parts.append(Gap(0))
        elif sorted(mine) == sorted(theirs):
            parts.append(Gap(1, tuple(sorted(mine))))
        elif len(mine) * len(theirs) > LARGEST:
            parts.append(Gap(1))
        else:
            inner = difflib.SequenceMatcher(None, mine, theirs, autojunk=False)
            for kind, k1, k2, l1, l2 in inner.get_opcodes():
                parts += mine[k1:k2] if kind == "equal" else [Gap(int(k1 < k2 and l1 < l2))]
        n += 1
    joined: Shape = []
    for part in parts:
        if isinstance(part, Gap) and joined and isinstance(joined[-1], Gap):
            joined[-1] = joined[-1] + part
        else:
            joined.append(part)
    return joined


def shuffled(opcodes: list, start: int, lines: list[list[tuple[str, ...]]]) -> int | None:
    """The last opcode of the changes from `start` on whose lines, taken together, are
    the same lines in another order (a line one run printed earlier, the other later);
    None when there is none within WINDOW opcodes."""
    if opcodes[start][0] == "equal":
        return None
    balance: Counter = Counter()
    for n in range(start, min(start + WINDOW, len(opcodes))):
        tag, i1, i2, j1, j2 = opcodes[n]
        balance.update(lines[0][i1:i2])
        balance.subtract(lines[1][j1:j2])
        if tag != "equal" and not any(balance.values()):
            return n
    return None


def _lines(found: list[str]) -> list[tuple[str, ...]]:
    lines, line = [], []
    for token in found:
        line.append(token)
        if token == "\n":
            lines.append(tuple(line))
            line = []
    return [*lines, *([tuple(line)] if line else [])]


def _spelt(stretch: list[str]) -> str:
    return SEPARATOR + "".join(token + SEPARATOR for token in stretch)


def _between(text: str, start: int, end: int) -> list[str]:
    return [token for token in text[start:end + 1].split(SEPARATOR) if token]


def fits(parts: Shape, found: list[str]) -> bool:
    """Whether the tokens read as the shape: its stretches in order, each Gap between
    them taking what it takes, at the start and end only where the shape has one. Each
    stretch is taken at its first place a Gap before it takes (a glob's match)."""
    if not any(isinstance(part, Gap) for part in parts):
        return parts == found
    text = _spelt(found)  # a separator before and after each token
    stretches: list[tuple[Gap | None, list[str]]] = [(None, [])]
    for part in parts:  # (gaps come joined: no two side by side)
        if isinstance(part, Gap):
            stretches.append((part, []))
        else:
            stretches[-1][1].append(part)
    if not stretches[0][1]:  # the shape starts with a gap
        stretches.pop(0)
    trailing = stretches.pop()[0] if not stretches[-1][1] else None
    at, limit = 0, len(text) - 1  # separators: where the text read so far ends, and all
    if trailing is None:  # the last stretch ends the text
        last_gap, last = stretches.pop()
        if not text.endswith(_spelt(last)):
            return False
        limit, trailing = len(text) - len(_spelt(last)), last_gap
    for gap, stretch in stretches:
        spelt = _spelt(stretch)
        if gap is None:  # the first stretch starts the text
            if not text.startswith(spelt):
                return False
            at = len(spelt) - 1
            continue
        found_at = text.find(spelt, at, limit + 1)
        while found_at >= 0 and not gap.takes(_between(text, at, found_at)):
            found_at = text.find(spelt, found_at + 1, limit + 1)
        if found_at < 0:
            return False
        at = found_at + len(spelt) - 1
    return limit >= at and (trailing is None or trailing.takes(_between(text, at, limit)))


def same_text(first: str, again: str, other: str) -> bool:
    """Whether other keeps what both runs of a text kept."""
    if first == again:
        return other == first
    mine, twin, theirs = tokens(first), tokens(again), tokens(other)
    if fits(shape(mine, twin), theirs):
        return True
    # the same parts in another order (keys in a random order): any order of them
    return sorted(mine) == sorted(twin) == sorted(theirs) or rows_vary(mine, twin, theirs)


NUMBER = re.compile(r"\d")


def _masked(line: tuple[str, ...]) -> tuple[str, ...]:
    return tuple("#" if NUMBER.search(token) else token for token in line)


def rows_vary(mine: list[str], twin: list[str], theirs: list[str]) -> bool:
    """Rows of random draws, as many as came (two runs may print as many by chance): the
    lines from the first that differs between the runs to the last may come in any
    number and order, each one of the lines either run printed there, its numbers
    aside; the lines before and after are the same."""
    lines = [_lines(mine), _lines(twin), _lines(theirs)]
    changes = [op for op in difflib.SequenceMatcher(None, lines[0], lines[1], autojunk=False)
               .get_opcodes() if op[0] != "equal"]
    if not changes:  # the runs differ in their spaces alone
        return lines[2] == lines[0]
    (_, i1, _, j1, _), (_, _, i2, _, j2) = changes[0], changes[-1]
    head, tail, other = lines[0][:i1], lines[0][i2:], lines[2]
    if other[:len(head)] != head or len(other) < len(head) + len(tail) \
            or other[len(other) - len(tail):] != tail:
        return False
    middle = other[len(head):len(other) - len(tail)]
    seen = {_masked(line) for line in lines[0][i1:i2] + lines[1][j1:j2]}
    return all(_masked(line) in seen for line in middle) \
        and (bool(middle) or i1 == i2 or j1 == j2)


def _kind(value: object) -> str:
    if isinstance(value, bool) or value is None:
        return repr(value) if value is None else "bool"
    return "number" if isinstance(value, int | float) else type(value).__name__


def _dumped(items: list) -> list[str]:
    return sorted(json.dumps(item, sort_keys=True) for item in items)


def value_differences(first: object, again: object, other: object, path: str = "$") -> list[str]:
    """The places (JSON paths) where other differs from what both runs of a value kept:
    a key both had, missing or different; a key neither had; a type both gave alike."""
    if first == again:
        return [] if first == other and _kind(first) == _kind(other) else \
            [f"{path}: {json.dumps(first, default=str)} != {json.dumps(other, default=str)}"]
    if isinstance(first, dict) and isinstance(again, dict):
        if not isinstance(other, dict):
            return [f"{path}: an object in both runs of the original, not {_kind(other)}"]
        found = []
        for key in sorted(first.keys() & again.keys(), key=str):
            found += [f"{path}.{key}: missing"] if key not in other else value_differences(
                first[key], again[key], other[key], f"{path}.{key}")
        found += [f"{path}.{key}: in neither run of the original"
                  for key in sorted(other.keys() - first.keys() - again.keys(), key=str)]
        return found
    if isinstance(first, list) and isinstance(again, list):
        if not isinstance(other, list):
            return [f"{path}: a list in both runs of the original, not {_kind(other)}"]
        if len(first) != len(again):
            return []  # its length varies: any list
        if len(other) != len(first):
            return [f"{path}: {len(other)} items, {len(first)} in both runs of the original"]
        if _dumped(first) == _dumped(again):  # the same items in another order
            if _dumped(other) == _dumped(first):
                return []
        return [line for n, items in enumerate(zip(first, again, other, strict=True))
                for line in value_differences(*items, f"{path}[{n}]")]
    if isinstance(first, str) and isinstance(again, str):
        return [] if isinstance(other, str) and same_text(first, again, other) else \
            [f"{path}: {json.dumps(other, default=str)} keeps nothing both runs of the "
             f"original kept ({json.dumps(first, default=str)}, "
             f"{json.dumps(again, default=str)})"]
    if _kind(first) == _kind(again) != _kind(other):
        return [f"{path}: {_kind(other)}, {_kind(first)} in both runs of the original"]
    return []


def _json(body: bytes) -> object:
    try:
        return json.loads(body)
    except ValueError:
        return ValueError


def body_difference(difference: Difference, first: Response, other: Response,
                    again: Response, ignore: Sequence) -> Difference | None:
    """The body difference left once what the two originals differ in is taken out (and
    what the user's [[ignore]] rules take out of any comparison: JSON paths, CSS)."""
    if first.body == again.body:
        return difference
    parsed = [_json(r.body) for r in (first, again, other)]
    if all("json" in r.mimetype for r in (first, again, other)) and ValueError not in parsed:
        paths = [rule.json_pattern() for rule in ignore if rule.json]
        left = [line for line in value_differences(parsed[0], parsed[1], parsed[2])
                if not any(path.match(line) for path in paths)]
        return Difference("body", "json", "json", "\n".join(left)) if left else None
    css = [rule.css for rule in ignore if rule.css]
    texts = []
    for response in (first, again, other):
        if response.mimetype == "text/html":
            texts.append("\n".join(body_lines(response, css)))
            continue
        try:
            texts.append(response.body.decode("utf-8"))
        except UnicodeDecodeError:  # bytes: they vary as a whole
            return None
    return None if same_text(*texts) else difference


def header_differs(name: str, first: Response, other: Response, again: Response) -> bool:
    mine, theirs, twin = first.header(name), other.header(name), again.header(name)
    if mine == twin:
        return True
    if mine is None or twin is None:
        return False  # sent by one run of the original only
    return theirs is None or not same_text(mine, twin, theirs)


def cookie_differs(name: str, first: Response, other: Response, again: Response,
                   secret: str | None) -> bool:
    mine, theirs, twin = (cookies(r, secret).get(name) for r in (first, other, again))
    if mine == twin:
        return True
    if mine is None or twin is None:
        return False
    if theirs is None:
        return True
    mine, theirs, twin = (with_path(c, first.path) for c in (mine, theirs, twin))
    for attribute in (set(mine) | set(twin) | set(theirs)) - {"value"}:
        if mine.get(attribute) == twin.get(attribute) != theirs.get(attribute):
            return True
    return bool(value_differences(mine["value"], twin["value"], theirs["value"]))


def without_noise(result: Comparison, first: Response, other: Response, again: Response,
                  *, secret: str | None = None,
                  ignore: Sequence = ()) -> tuple[Comparison, list[str]]:
    """result (first against other) less what first and again (its twin) differ in
    too; and where that was ("status", "header X", "cookie x", "body")."""
    kept: list[Difference] = []
    noise: list[str] = []
    for difference in result.differences:
        where = difference.where
        if where == "status":
            real = first.status == again.status
            left: Difference | None = difference if real else None
        elif where.startswith("header "):
            real = header_differs(where.partition(" ")[2], first, other, again)
            left = difference if real else None
        elif where.startswith("cookie "):
            real = cookie_differs(where.partition(" ")[2], first, other, again, secret)
            left = difference if real else None
        elif where == "body":
            left = body_difference(difference, first, other, again, ignore)
            real = left is difference
        else:
            left, real = difference, True
        if left is not None:
            kept.append(left)
        if not real:
            noise.append(where)
    return Comparison(kept, list(result.explained), result.likeness,
                      list(result.grounds)), noise
