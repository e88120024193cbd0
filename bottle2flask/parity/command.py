"""bottle2flask parity A B: the same requests against two apps, every difference reported."""

from __future__ import annotations

import argparse
import json

from .. import interpreter
from ..app_output import kept_in, said, scratch_log
from ..exit_status import ExitStatus
from ..loading import folders_of
from .runner import Progress, render, run

EPILOG = """\
An app is module:attr (a factory is called, with a dict of settings if it takes an
argument), path/to/file.py[:attr] (imported in isolation, in its own folder, or for a
module of a package, pkg/app.py, as pkg.app from the folder above it; without
:attr its `app` or `application`, else Bottle's default app) or a base URL of a running
server (http://127.0.0.1:8080), reached over HTTP. A file's app runs on a copy of its
folder in a temporary folder, so nothing the requests do reaches your files
(--in-place runs it where it is).

examples:
  bottle2flask parity old/app.py new/app.py                 two apps, one module name
  bottle2flask parity old/app.py new/app.py --forms --start /admin --requests mine.toml
  bottle2flask parity mine.wsgi:application http://127.0.0.1:5000 --noise

The crawl starts at / (and each --start PATH), follows every same-site link, and with
--forms submits each form found (blank, without its CSRF token, then filled in).
--max-pages caps the pages each crawl visits (it runs twice with --forms: before and
after the forms change the session), so a site with endless links still ends.

A requests file (TOML or JSON) has [[request]] tables, a [form_values] table, and
[[ignore]] tables for differences you intend:
  [[ignore]]
  header = "X-Powered-By"                 # or json = "$.user.token", css = "footer .version",
                                          # cookie = "account"
  path = "/api/*"                         # optional: only for these paths
  reason = "the new app says who it is"   # shown in the report
The apps run under --python PATH (default: the active virtualenv's Python, else a
.venv in or above an app's folder, else this tool's own), with your packages first
and this tool's after them. What they print (logs, tracebacks) goes to a log file in a
temporary folder, which the report names, not to the console.
Exit status: 0 no unexplained difference, 1 differences, 2 bad input (app spec, file).
"""


def add_arguments(parser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = EPILOG
    parser.add_argument("a", help="the first app (the original)")
    parser.add_argument("b", help="the second app (the port)")
    parser.add_argument("--noise", action="store_true",
                        help="also replay against a second instance of the first app (in a "
                             "process of its own, another hash seed) and compare only what "
                             "both instances kept (random ids, tokens, orders)")
    parser.add_argument("--quiet", action="store_true", help="no progress line")


def main(args) -> int:
    elsewhere = interpreter.elsewhere(args.python, folders_of([args.a, args.b]), args.argv)
    if elsewhere is not None:  # run again under the apps' Python
        return elsewhere
    log = scratch_log("parity")
    with kept_in(log) as console:
        progress = None if args.quiet or args.json else Progress(console)
        data = run([args.a, args.b], extra=args.requests, crawl=not args.no_crawl,
                   max_pages=args.max_pages, progress=progress, starts=args.start or ["/"],
                   forms=bool(args.forms), noise=args.noise, in_place=args.in_place)
        if progress:
            progress.done()
    kept = said(log)
    data["log"] = str(kept) if kept else None
    print(json.dumps(data, indent=2, default=str) if args.json else render(data))
    return ExitStatus.DIFFERS if data["summary"]["different"] else ExitStatus.DONE
