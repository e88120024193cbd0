"""What two runs of an app both kept, and whether a third answer keeps it.

Where two runs of the same app answer differently (a random draw, a fresh id, a list in
random order, a set printed in hash order), what both kept is what any run of it keeps:
a text's tokens in order with gaps where the runs differ (`shape`, `fits`); the same
tokens in another order; rows of random draws; records (lines, or a line's items) that
each run printed in its own order, each keeping what its twin in the other run kept
(`records_vary`); and a JSON value field by field (`value_differences`), a list's items
matched to their twins where the runs gave them in another order.

The check (noise.py) holds the port to it; the suite a port leaves holds each app's
redirect target to it where the originals' varied at port time. The suite's copy
(bottle2flask_kept.py) runs where only the standard library is sure to be: this module
imports nothing else.
"""

from __future__ import annotations

import difflib
import functools
import json
import re
from collections import Counter
from dataclasses import dataclass

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
        return (
            sorted(found) == list(self.bag)
            if self.bag is not None
            else len(found) >= self.least
        )

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
    opcodes = difflib.SequenceMatcher(
        None, lines[0], lines[1], autojunk=False
    ).get_opcodes()
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
            parts.append(
                Gap(1, tuple(sorted(t for line in lines[0][i1:i2] for t in line)))
            )
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
                parts += (
                    mine[k1:k2] if kind == "equal" else [Gap(int(k1 < k2 and l1 < l2))]
                )
        n += 1
    joined: Shape = []
    for part in parts:
        if isinstance(part, Gap) and joined and isinstance(joined[-1], Gap):
            joined[-1] = joined[-1] + part
        else:
            joined.append(part)
    return joined


def shuffled(
    opcodes: list, start: int, lines: list[list[tuple[str, ...]]]
) -> int | None:
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
    return [token for token in text[start : end + 1].split(SEPARATOR) if token]


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
    return limit >= at and (
        trailing is None or trailing.takes(_between(text, at, limit))
    )


def same_text(first: str, again: str, other: str) -> bool:
    """Whether other keeps what both runs of a text kept."""
    if first == again:
        return other == first
    mine, twin, theirs = tokens(first), tokens(again), tokens(other)
    # records the runs printed each in an order of its own: matched to their twins
    # (read in order, the words of shuffled records would all be gaps: any word)
    matched = records_vary(mine, twin, theirs)
    if matched is not None:
        return matched
    if fits(shape(mine, twin), theirs):
        return True
    # the same parts in another order (keys in a random order): any order of them
    return sorted(mine) == sorted(twin) == sorted(theirs) or rows_vary(
        mine, twin, theirs
    )


NUMBER = re.compile(r"\d")


def _bare(lines: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """The lines without their ends, and without the empty ones: the last line, which
    has no end, is a line as the others are."""
    return [bare for line in lines if (bare := tuple(t for t in line if t != "\n"))]


def _masked(line: tuple[str, ...]) -> tuple[str, ...]:
    return tuple("#" if NUMBER.search(token) else token for token in line)


def rows_vary(mine: list[str], twin: list[str], theirs: list[str]) -> bool:
    """Rows of random draws, as many as came (two runs may print as many by chance): the
    lines from the first that differs between the runs to the last may come in any
    number and order, each one of the lines either run printed there, its numbers
    aside; the lines before and after are the same."""
    lines = [_bare(_lines(mine)), _bare(_lines(twin)), _bare(_lines(theirs))]
    changes = [
        op
        for op in difflib.SequenceMatcher(
            None, lines[0], lines[1], autojunk=False
        ).get_opcodes()
        if op[0] != "equal"
    ]
    if not changes:  # the runs differ in their spaces alone
        return lines[2] == lines[0]
    (_, i1, _, j1, _), (_, _, i2, _, j2) = changes[0], changes[-1]
    head, tail, other = lines[0][:i1], lines[0][i2:], lines[2]
    if (
        other[: len(head)] != head
        or len(other) < len(head) + len(tail)
        or other[len(other) - len(tail) :] != tail
    ):
        return False
    middle = other[len(head) : len(other) - len(tail)]
    seen = {_masked(line) for line in lines[0][i1:i2] + lines[1][j1:j2]}
    return all(_masked(line) in seen for line in middle) and (
        bool(middle) or i1 == i2 or j1 == j2
    )


def _kind(value: object) -> str:
    if isinstance(value, bool) or value is None:
        return repr(value) if value is None else "bool"
    return "number" if isinstance(value, int | float) else type(value).__name__


def _json(value: object) -> str:
    return json.dumps(value, default=str)


def _dumped(items: list) -> list[str]:
    return sorted(json.dumps(item, sort_keys=True) for item in items)


def value_differences(
    first: object, again: object, other: object, path: str = "$"
) -> list[str]:
    """The places (JSON paths) where other differs from what both runs of a value kept:
    a key both had, missing or different; a key neither had; a type both gave alike."""
    if first == again:
        if first == other and _kind(first) == _kind(other):
            return []
        return [f"{path}: {_json(first)} != {_json(other)}"]
    if isinstance(first, dict) and isinstance(again, dict):
        if not isinstance(other, dict):
            return [
                f"{path}: an object in both runs of the original, not {_kind(other)}"
            ]
        found = []
        for key in sorted(first.keys() & again.keys(), key=str):
            found += (
                [f"{path}.{key}: missing"]
                if key not in other
                else value_differences(
                    first[key], again[key], other[key], f"{path}.{key}"
                )
            )
        found += [
            f"{path}.{key}: in neither run of the original"
            for key in sorted(other.keys() - first.keys() - again.keys(), key=str)
        ]
        return found
    if isinstance(first, list) and isinstance(again, list):
        if not isinstance(other, list):
            return [f"{path}: a list in both runs of the original, not {_kind(other)}"]
        if len(first) != len(again):
            return []  # its length varies: any list
        if len(other) != len(first):
            return [
                f"{path}: {len(other)} items, {len(first)} in both runs of the original"
            ]
        if _dumped(first) == _dumped(again):  # the same items in another order
            if _dumped(other) == _dumped(first):
                return []
        # items each run gave in an order of its own: matched to their twins (read by
        # index, each place would hold any item)
        matched = items_vary(first, again, other)
        if matched is True:
            return []
        if matched is not None:
            return [
                f"{path}: {_json(matched)} is none of the items both runs of the "
                "original gave (in an order of their own)"
            ]
        return places_vary(first, again, other, path)
    if isinstance(first, str) and isinstance(again, str):
        if isinstance(other, str) and same_text(first, again, other):
            return []
        return [
            f"{path}: {_json(other)} keeps nothing both runs of the original kept "
            f"({_json(first)}, {_json(again)})"
        ]
    if _kind(first) == _kind(again) != _kind(other):
        return [f"{path}: {_kind(other)}, {_kind(first)} in both runs of the original"]
    return []


def _leaves(value: object, path: str = "") -> set[tuple[str, str]]:
    """A value's scalars, each with its path: (path, JSON text)."""
    if isinstance(value, dict):
        return {
            leaf
            for key, item in value.items()
            for leaf in _leaves(item, f"{path}.{key}")
        }
    if isinstance(value, list):
        return {
            leaf
            for n, item in enumerate(value)
            for leaf in _leaves(item, f"{path}[{n}]")
        }
    return {(path, json.dumps(value, sort_keys=True))}


def _shared(a: object, b: object) -> tuple[int, int]:
    """How alike two items are: their scalars in common, numbers aside, then all."""
    common = _leaves(a) & _leaves(b)
    return sum(text[:1] not in "-0123456789" for _, text in common), len(common)


def items_vary(first: list, again: list, other: list) -> object:
    """A list each run gave in an order of its own, each item with values of its own (a
    shuffled list of records with random ids): each item of the other is one item's and
    its twin's (the item of the other run sharing most with it), keeping what those two
    kept, each once, in any order. True when it is so; else an item of the other that
    keeps no pair's (or, if each does, the first); None where the runs' own order is the
    same (or the items do not pair up)."""
    pairs = _twins(first, again, lambda a, b: _shared(a, b)[0] > 0, _shared)
    if pairs is None or all(i == j for i, j in pairs):
        return None
    # a number that varies in one item varies in every item, at its place in it: two
    # runs may draw one item's alike by chance
    varying = set().union(*(_varying_numbers(first[i], again[j]) for i, j in pairs))
    templates = [(first[i], _apart(first[i], again[j], varying)) for i, j in pairs]

    def takes(template: tuple, item: object) -> bool:
        return not value_differences(template[0], template[1], item)

    if _matched(other, templates, takes):
        return True
    return next(
        (item for item in other if not any(takes(t, item) for t in templates)), other[0]
    )


def places_vary(first: list, again: list, other: list, path: str) -> list[str]:
    """A list whose items differ between the runs at some places: an item both runs
    gave at one place is no proof that every run gives it there, as the items that vary
    move it (fixed points and random ones sorted by x: a fixed `{"x": 12, ...}` first in
    both runs by chance, a lower random point first in the port's: RULE-s51c class H).
    Other holds the items both gave alike, in their order, anywhere; its other items, in
    their order, each keep what the two runs' items at the places where they differ
    kept (a number that varies in one of them varies in each, at its place in it, as
    items_vary reads a list of records), in their order or in any other."""
    mine = [json.dumps(item, sort_keys=True) for item in first]
    twin = [json.dumps(item, sort_keys=True) for item in again]
    apart = [n for n in range(len(first)) if mine[n] != twin[n]]
    kept = [mine[n] for n in range(len(first)) if mine[n] == twin[n]]
    rest, found = [], 0
    for n, item in enumerate(other):
        if found < len(kept) and json.dumps(item, sort_keys=True) == kept[found]:
            found += 1
        else:
            rest.append(n)
    if found < len(kept):
        return [
            f"{path}: {kept[found]}, in both runs of the original, is missing "
            "(or out of their order)"
        ]
    varying = set().union(*(_varying_numbers(first[at], again[at]) for at in apart))
    templates = [(first[at], _apart(first[at], again[at], varying)) for at in apart]
    found_lines = [
        line
        for n, (one, twin) in zip(rest, templates, strict=True)
        for line in value_differences(one, twin, other[n], f"{path}[{n}]")
    ]
    # items that vary may come in another order among them: two runs drawing one order
    # by chance is no proof of it (a shuffle of four records: once in 24 pairs of runs)
    if found_lines and _matched(
        [other[n] for n in rest],
        templates,
        lambda template, item: not value_differences(template[0], template[1], item),
    ):
        return []
    return found_lines


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _varying_numbers(a: object, b: object, path: str = "") -> set[str]:
    """The places (paths, no index) where two values hold numbers that differ."""
    if isinstance(a, dict) and isinstance(b, dict):
        return set().union(
            *(_varying_numbers(a[k], b[k], f"{path}.{k}") for k in a.keys() & b.keys())
        )
    if isinstance(a, list) and isinstance(b, list):
        return set().union(
            *(_varying_numbers(x, y, f"{path}[]") for x, y in zip(a, b, strict=False))
        )
    return {path} if _is_number(a) and _is_number(b) and a != b else set()


def _apart(a: object, b: object, varying: set[str], path: str = "") -> object:
    """b, with each number at a varying place that a holds alike told apart from a's
    (one more): what both runs hold there is a number, any number."""
    if isinstance(a, dict) and isinstance(b, dict):
        return {
            k: _apart(a[k], v, varying, f"{path}.{k}") if k in a else v
            for k, v in b.items()
        }
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [_apart(x, y, varying, f"{path}[]") for x, y in zip(a, b, strict=True)]
    if path in varying and isinstance(b, int | float) and _is_number(b) and a == b:
        return b + 1
    return b


# Where records are told apart in a line that holds several (a list printed on one
# line): at most this many of its most frequent signs are tried, each in turn.
DELIMITERS = 3
# A JSON list's items are matched pair by pair below this many pairs; above, not.
MOST_PAIRS = 40_000
# Records of one form are paired best first up to this many; more, as they come.
FEW = 24
ANY = None  # in a template: any token of the kind both runs had there


@functools.lru_cache(maxsize=65536)
def _kind_of(token: str) -> str:
    return (
        "number"
        if NUMBER.search(token)
        else "word"
        if token[0].isalnum() or token[0] == "_"
        else "sign"
    )


def _segmentations(middles: list[list[tuple[str, ...]]]) -> list[list[list[tuple]]]:
    """Ways to read the three runs' middles as records: their lines; then, for each of
    the first run's most frequent signs, the stretches between two of it (a list
    printed on one line), past the tokens all three begin and end with, or past those
    up to the sign's last place among them (a record's own opening: `<li>` of
    `<ul><li>`)."""
    found = [middles]
    streams = [[t for line in middle for t in line] for middle in middles]
    start = 0
    while start < min(map(len, streams)) and len({s[start] for s in streams}) == 1:
        start += 1
    end = 0
    while (
        end < min(map(len, streams)) - start
        and len({s[-1 - end] for s in streams}) == 1
    ):
        end += 1
    signs = Counter(t for t in streams[0] if _kind_of(t) == "sign")
    for sign, _ in signs.most_common(DELIMITERS):
        opened = max((n + 1 for n in range(start) if streams[0][n] == sign), default=0)
        closed = (
            min((n for n in range(end) if streams[0][-1 - n] == sign), default=-1) + 1
        )
        for first, last in {(start, end), (opened, closed)}:
            found.append([_split(s[first : len(s) - last], sign) for s in streams])
    return found


def _split(stream: list[str], sign: str) -> list[tuple[str, ...]]:
    records: list[tuple[str, ...]] = []
    record: list[str] = []
    for token in stream:
        if token == sign:
            records.append(tuple(record))
            record = []
        else:
            record.append(token)
    return [*records, tuple(record)]


def _template(a: tuple[str, ...], b: tuple[str, ...]) -> tuple | None:
    """What a record and its twin share: their tokens where they agree, ANY number
    where both hold a number (a token with a digit: a draw, an id) and they differ;
    None when they are no twins (another length, or a word or a sign that differs: two
    records that differ in a name are two records)."""
    if len(a) != len(b):
        return None
    made: list[str | tuple] = []
    for x, y in zip(a, b, strict=True):
        if x == y:
            made.append(x)
        elif _kind_of(x) == _kind_of(y) == "number":
            made.append((ANY, "number"))
        else:
            return None
    return tuple(made)


def _widened(templates: list) -> list:
    """A number that varies in one record varies in every record of its form (the
    same signs, a word or a number in the same places): two runs may draw the same
    number for one record by chance, and that record's number is no more fixed."""
    forms = [_form(template) for template in templates]
    varying: dict[tuple, set[int]] = {}
    for form, template in zip(forms, templates, strict=True):
        varying.setdefault(form, set()).update(
            n for n, part in enumerate(template) if part == (ANY, "number")
        )
    return [
        tuple(
            (ANY, "number")
            if n in places and isinstance(part, str) and _kind_of(part) == "number"
            else part
            for n, part in enumerate(template)
        )
        if (places := varying[form])
        else template
        for form, template in zip(forms, templates, strict=True)
    ]


def _form(template: tuple) -> tuple:
    return tuple(
        part
        if isinstance(part, str) and _kind_of(part) == "sign"
        else part[1]
        if not isinstance(part, str)
        else _kind_of(part)
        for part in template
    )


def _takes(template: tuple, record: tuple[str, ...]) -> bool:
    return len(template) == len(record) and all(
        part == token if isinstance(part, str) else _kind_of(token) == part[1]
        for part, token in zip(template, record, strict=True)
    )


def _score(a, b) -> tuple[int, int]:
    """How alike two records are: their words and signs in common, then all tokens."""
    return (
        sum(x == y and _kind_of(x) != "number" for x, y in zip(a, b, strict=False)),
        sum(x == y for x, y in zip(a, b, strict=False)),
    )


def _twins(first: list, again: list, alike, score) -> list[tuple[int, int]] | None:
    """The items of two runs paired, best alike first, each used once: (index in
    first, index in again); None when too many to pair or some item has no twin."""
    if len(first) != len(again) or len(first) * len(again) > MOST_PAIRS:
        return None
    scored = sorted(
        (
            (score(a, b), i, j)
            for i, a in enumerate(first)
            for j, b in enumerate(again)
            if alike(a, b)
        ),
        reverse=True,
    )
    pairs, used_i, used_j = [], set(), set()
    for _, i, j in scored:
        if i not in used_i and j not in used_j:
            pairs.append((i, j))
            used_i.add(i)
            used_j.add(j)
    return sorted(pairs) if len(pairs) == len(first) else None


def _record_twins(
    first: list[tuple[str, ...]], again: list[tuple[str, ...]]
) -> list[tuple[int, int]] | None:
    """_twins for records, fast: a record's twin has its form, numbers aside (_masked),
    so only records of one form are scored against each other."""
    if len(first) != len(again):
        return None
    forms: dict[tuple[str, ...], tuple[list[int], list[int]]] = {}
    for side, records in enumerate((first, again)):
        for n, record in enumerate(records):
            forms.setdefault(_masked(record), ([], []))[side].append(n)
    pairs: list[tuple[int, int]] = []
    for mine, theirs in forms.values():
        if len(mine) != len(theirs):
            return None
        if len(mine) > FEW:  # as they come, after those alike to the last number
            alike: dict[tuple[str, ...], list[int]] = {}
            for j in theirs:
                alike.setdefault(again[j], []).append(j)
            left = []
            for i in mine:
                if alike.get(first[i]):
                    pairs.append((i, alike[first[i]].pop(0)))
                else:
                    left.append(i)
            rest = sorted(j for unpaired in alike.values() for j in unpaired)
            pairs += list(zip(left, rest, strict=True))
            continue
        found = _twins(
            [first[i] for i in mine],
            [again[j] for j in theirs],
            lambda a, b: True,
            _score,
        )
        assert found is not None  # (any two of one form are twins)
        pairs += [(mine[i], theirs[j]) for i, j in found]
    return sorted(pairs)


def _matched(items: list, templates: list, takes, options: list | None = None) -> bool:
    """Whether each item can be given a template of its own (a perfect matching, by
    augmenting paths: Kuhn's algorithm); options: each item's candidate templates, if
    known (else every template is tried)."""
    if len(items) != len(templates):
        return False
    options = [
        [
            n
            for n in (found if options else range(len(templates)))
            if takes(templates[n], item)
        ]
        for item, found in zip(items, options or items, strict=True)
    ]
    holder: dict[int, int] = {}

    def place(item: int, seen: set[int]) -> bool:
        for n in options[item]:
            if n not in seen:
                seen.add(n)
                if n not in holder or place(holder[n], seen):
                    holder[n] = item
                    return True
        return False

    return all(place(item, set()) for item in range(len(items)))


def _in_own_order(
    first: list, again: list, other: list, pairs: list, templates: list
) -> bool:
    """Whether other holds the records two runs printed in one order, each its twin's:
    those both printed alike at their places, those that vary at theirs in any order."""
    if len(other) != len(templates):
        return False
    fixed = [n for n, (i, j) in enumerate(pairs) if first[i] == again[j]]
    if not all(_takes(templates[n], other[n]) for n in fixed):
        return False
    varying = [n for n in range(len(pairs)) if n not in set(fixed)]
    forms: dict[tuple[str, ...], list[int]] = {}
    for at, n in enumerate(varying):
        forms.setdefault(_masked(first[pairs[n][0]]), []).append(at)
    return _matched(
        [other[n] for n in varying],
        [templates[n] for n in varying],
        _takes,
        [forms.get(_masked(other[n]), []) for n in varying],
    )


def records_vary(mine: list[str], twin: list[str], theirs: list[str]) -> bool | None:
    """Records each run printed in an order of its own, each with values of its own (a
    list in a random order, a random score in each item): past the lines all three
    begin and end with, each record of the other is one record's and its twin's (the
    record of the other run most like it, its words the same) with any value of the
    kind where those two differ: each record once, in any order. The
    records are the lines, or, for a line holding several, the stretches one of its
    frequent signs ends. None where the runs' own order is the same (or no records
    pair up): then shape and fits say, the records' order kept."""
    lines = [_bare(_lines(mine)), _bare(_lines(twin)), _bare(_lines(theirs))]
    head = 0
    while head < min(map(len, lines[:2])) and lines[0][head] == lines[1][head]:
        head += 1
    tail = 0
    while (
        tail < min(len(lines[0]), len(lines[1])) - head
        and lines[0][-1 - tail] == lines[1][-1 - tail]
    ):
        tail += 1
    # a record both runs printed first (or last) by chance is one of the records
    # where the other does not: the lines all three begin (and end) with are set aside
    while head and lines[2][:head] != lines[0][:head]:
        head -= 1
    tail = min(tail, len(lines[2]) - head)
    while tail and lines[2][len(lines[2]) - tail :] != lines[0][len(lines[0]) - tail :]:
        tail -= 1
    middles = [found[head : len(found) - tail] for found in lines]
    shuffled = False
    for first, again, other in _segmentations(middles):
        pairs = _record_twins(first, again)
        if pairs is None:
            continue  # no twins: not this rule's
        templates = _widened([_template(first[i], again[j]) for i, j in pairs])
        if all(i == j for i, j in pairs):
            # the runs' own order: in it, each its twin's, or the records that vary in
            # another order among their places (two runs drawing one order by chance);
            # else shape and fits say
            if _in_own_order(first, again, other, pairs, templates):
                return True
            continue
        shuffled = True
        forms: dict[tuple[str, ...], list[int]] = {}
        for n, (i, _) in enumerate(pairs):
            forms.setdefault(_masked(first[i]), []).append(n)
        options = [forms.get(_masked(record), []) for record in other]
        if _matched(other, templates, _takes, options):
            return True
    return False if shuffled else None
