"""P012 static_file: Bottle's `static_file` becomes `send_from_directory`.

    static_file(name, root="static")                  ->  send_from_directory("static", name)
    static_file(name, root=r, download=True)          ->  ..., as_attachment=True)
    static_file(name, root=r, download="a.pdf")       ->  ..., as_attachment=True,
                                                            download_name="a.pdf")
    static_file(name, root=r, mimetype="text/plain")  ->  ..., mimetype="text/plain")

Both answer 404 for a missing file and 403/404 for a path outside root. Flask reads a
relative root from the app's folder, Bottle from the working directory.
"""

from __future__ import annotations

import libcst as cst

from .base import Rule, arg, kw

KNOWN = {"filename", "root", "download", "mimetype", "charset", "headers"}


class StaticFile(Rule):
    code = "P012"
    summary = "static_file() becomes send_from_directory()"

    def leave_Call(self, original: cst.Call, updated: cst.Call):
        if self.api(updated.func) != "static_file":
            return updated
        name, root = arg(updated, 0, "filename"), arg(updated, 1, "root")
        unknown = [a.keyword.value for a in updated.args if a.keyword
                   and a.keyword.value not in KNOWN]
        if name is None or root is None or unknown:
            self.todo("static_file() with arguments this rule does not know: use "
                      "flask.send_from_directory(root, name, ...)")
            return updated
        args = [cst.Arg(root.value), cst.Arg(name.value)]
        download = arg(updated, None, "download")
        if download is not None:
            value = download.value
            if isinstance(value, cst.Name) and value.value in {"True", "False"}:
                args.append(kw("as_attachment", value))
            else:
                args.append(kw("as_attachment", cst.parse_expression("True")))
                args.append(kw("download_name", value))
        mimetype = arg(updated, None, "mimetype")
        if mimetype is not None:
            args.append(kw("mimetype", mimetype.value))
        if arg(updated, None, "headers") or arg(updated, None, "charset"):
            self.todo("static_file(headers=/charset=): set them on the returned response")
        self.fired()
        self.need_import("flask", "send_from_directory")
        return cst.Call(cst.Name("send_from_directory"), _commas(args))


def _commas(args):
    return [a.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
            if i < len(args) - 1 else a for i, a in enumerate(args)]
