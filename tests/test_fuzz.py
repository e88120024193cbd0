"""Any request at all, to every route: no 5xx, nothing logged as an error, and the same
status from every build (make test runs a short profile, make fuzz the long one)."""

from __future__ import annotations

import logging
import re
from collections import Counter

from hypothesis import given

from adapters import FRAMEWORKS, factory
from tests.conftest import Client, copy_tfb_seed, make_client
from tests.fuzzing import PROFILES, Spec, Tracebacks, fill, requests


def intended(spec: Spec, statuses: dict[str, int]) -> str | None:
    """The docs/PORTING.md entry ("Intended differences the fuzz test allows") that
    explains a status difference, if any."""
    names = [part.split("=")[0].strip() for part in spec.headers.get("Cookie", "").split(";")]
    if len(names) != len(set(names)):
        return "duplicate-cookie"
    if spec.headers.get("If-None-Match") == "*" and spec.path.startswith("/static/"):
        return "static-if-none-match-star"
    if bare_lf_multipart(spec):
        return "bare-lf-multipart"
    return None


def bare_lf_multipart(spec: Spec) -> bool:
    """Whether a multipart body's boundary lines end in a bare LF (PORTING 40)."""
    kind, _, boundary = spec.headers.get("Content-Type", "").partition("; boundary=")
    if kind != "multipart/form-data" or not boundary:
        return False
    delimiter = re.escape(b"--" + boundary.encode("latin-1"))
    return re.search(delimiter + rb"(--)?\n", spec.body) is not None


def twin(framework: str, settings: dict, url: str, tfb_seed_file):
    """A client of a fresh app over its own database, the benchmark tables filled."""
    app = factory(framework)({**settings, "DATABASE_URL": url})
    copy_tfb_seed(url, tfb_seed_file)
    return make_client(app)


def test_any_request_gets_the_same_clean_answer_from_every_build(request, settings, databases,
                                                                tfb_seed_file):
    chosen = request.config.getoption("framework")
    frameworks = list(FRAMEWORKS) if chosen == "both" else [chosen]
    # One secret for all: the session cookie and token made by one build serve them all.
    clients = {name: twin(name, settings, databases.new(), tfb_seed_file)
               for name in frameworks}
    known = fill(clients)
    # The same apps for a request whose environ WebTest's lint refuses (a malformed
    # CONTENT_LENGTH): the builds must answer it all the same.
    unlinted = {name: Client(client.app, lint=False, extra_environ=client.extra_environ)
                for name, client in clients.items()}
    for client in [*clients.values(), *unlinted.values()]:
        # Every request carries only the cookies it drew; and WebTest's jar cannot file a
        # cookie answered to a path that is not UTF-8 (webob raises), so keep none.
        client.cookiejar.extract_cookies = lambda *args: None
    errors, sent, allowed = Tracebacks(), Counter(), Counter()
    logging.getLogger().addHandler(errors)

    @PROFILES[request.config.getoption("fuzz")]
    @given(requests(known))
    def answer(spec: Spec) -> None:
        statuses = {}
        for name, client in clients.items():
            sender = client if spec.content_length is None else unlinted[name]
            # Anything written to wsgi.errors fails the request. do_request, not request:
            # request() copies a large body to a temporary file it never closes.
            statuses[name] = sender.do_request(spec.request(), status="*").status_int
            sent[name] += 1
        logged, errors.records[:] = list(errors.records), []
        assert not logged, f"{spec}\nlogged: {[r.getMessage() for r in logged]}"
        assert all(status < 500 for status in statuses.values()), (spec, statuses)
        if len(set(statuses.values())) > 1:
            reason = intended(spec, statuses)
            assert reason, f"builds disagree: {statuses}\n{spec}"
            allowed[reason] += 1

    try:
        answer()
    finally:
        logging.getLogger().removeHandler(errors)
        print(f"\nfuzzed requests per build: {dict(sent)}; intended differences: "
              f"{dict(allowed)}")
