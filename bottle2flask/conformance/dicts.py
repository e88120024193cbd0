"""Bottle's dictionaries as a view meets them: `FormsDict` (request.query, .forms),
`MultiDict` (one a view makes), `HeaderDict` (response.headers) and `FileUpload`."""

from __future__ import annotations

from .model import GET, Row, shows, view
from .request import UPLOAD

FORMS = (GET("/?x=1&x=2&y=z"), GET("/"))
UNICODE = (GET("/?x=1&x=2&y=%C3%A9"), GET("/"))
# member -> an expression over {d}, a FormsDict holding x=1, x=2, y=é
READS = {
    "get": "{d}.get('x'), {d}.get('nope')",
    "getall": "{d}.getall('x')",
    "getlist": "{d}.getlist('x')",
    "getone": "{d}.getone('x'), {d}.getone('nope', 'd')",
    "keys": "sorted({d}.keys())",
    "values": "sorted({d}.values())",
    "items": "sorted({d}.items())",
    "allitems": "sorted({d}.allitems())",
    "iterallitems": "sorted({d}.iterallitems())",
    "iteritems": "sorted({d}.iteritems())",
    "iterkeys": "sorted({d}.iterkeys())",
    "itervalues": "sorted({d}.itervalues())",
    "dict": "{d}.dict",
    "append": "{d}.append('z', '1') or sorted({d}.allitems())",
    "replace": "{d}.replace('x', '9') or {d}.getall('x')",
}
FORMS_ONLY = {
    "getunicode": "{d}.getunicode('y'), {d}.getunicode('nope', 'd')",
    "decode": "sorted({d}.decode().allitems())",
    "recode_unicode": "{d}.recode_unicode",
    "input_encoding": "{d}.input_encoding",
}
HEADERS = {
    "get": "{d}.get('X-A'), {d}.get('nope')",
    "getall": "{d}.getall('X-A')",
    "append": "{d}.append('X-A', '3') or {d}.getall('X-A')",
}
# a view's headers changed by a statement, as a view writes it (filter gives None)
HEADER_CHANGES = {"filter": "{d}.filter(['X-A', 'X-B'])\nreturn repr('X-A' in {d})"}


# a request's FormsDict changed: a statement, as a view writes it (both give None)
CHANGES = {
    "append": "{d}.append('z', '1')\nreturn repr(sorted({d}.allitems()))",
    "replace": "{d}.replace('x', '9')\nreturn repr({d}.getall('x'))",
}


def forms(name: str, expr: str) -> Row:
    if name in CHANGES:
        return Row(f"FormsDict.{name}", "member", "same",
                   case=view(CHANGES[name].format(d="request.query"), *FORMS))
    return Row(f"FormsDict.{name}", "member", "same", case=shows(
        f"({expr.format(d='request.query')},)", *(UNICODE if name in FORMS_ONLY else FORMS)))


def multidict(name: str, expr: str) -> Row:
    return Row(f"MultiDict.{name}", "member", "same", case=view(
        "d = MultiDict([('x', '1'), ('x', '2'), ('y', 'é')])\n"
        f"return repr(({expr.format(d='d')},))", GET(),
        imports="Bottle, MultiDict"))


def headerdict(name: str, expr: str) -> Row:
    last = HEADER_CHANGES.get(name, f"return repr(({expr},))").format(d="response.headers")
    return Row(f"HeaderDict.{name}", "member", "same", case=view(
        "response.headers['X-A'] = '1'\nresponse.headers.append('X-A', '2')\n" + last, GET(),
        imports="Bottle, response"))


UPLOADS = {
    "filename": "f.filename",
    "raw_filename": "f.raw_filename",
    "name": "f.name",
    "content_type": "f.content_type",
    "content_length": "f.content_length",
    "headers": "f.headers.get('Content-Type')",
    "get_header": "f.get_header('Content-Type')",
    "file": "f.file.read()",
    "save": "(f.save(__import__('io').BytesIO()), 'saved')",
}


def upload(name: str, expr: str) -> Row:
    return Row(f"FileUpload.{name}", "member", "same",
               case=view(f"f = request.files['f']\nreturn repr({expr})", UPLOAD))


ROWS = ([forms(n, e) for n, e in {**READS, **FORMS_ONLY}.items()]
        + [multidict(n, e) for n, e in READS.items()]
        + [headerdict(n, HEADERS.get(n, e)) for n, e in {**READS, "filter": ""}.items()]
        + [upload(n, e) for n, e in UPLOADS.items()])
