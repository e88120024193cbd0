"""Any request at all, to every route: no 5xx, nothing logged as an error, and the same
status from every build (make test runs a short profile, make fuzz the long one)."""

from __future__ import annotations

import logging
import re
from collections import Counter
from urllib.parse import urlencode

import pytest
from hypothesis import given

from adapters import FRAMEWORKS, factory
from tests.conftest import Client, copy_tfb_seed, make_client
from tests.fuzzing import PASSWORD, PROFILES, Spec, Tracebacks, fill, requests


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


class Twins:
    """Every chosen build over its own database, the same rows written through each."""

    def __init__(self, frameworks: list[str], settings: dict, databases, tfb_seed_file):
        # One secret for all: the session cookie and token made by one build serve them all.
        self.clients = {name: twin(name, settings, databases.new(), tfb_seed_file)
                        for name in frameworks}
        self.known = fill(self.clients)
        # The same apps for a request whose environ WebTest's lint refuses (a malformed
        # CONTENT_LENGTH): the builds must answer it all the same.
        self.unlinted = {name: Client(client.app, lint=False, extra_environ=client.extra_environ)
                         for name, client in self.clients.items()}
        for client in [*self.clients.values(), *self.unlinted.values()]:
            # Every request carries only the cookies it drew; and WebTest's jar cannot file a
            # cookie answered to a path that is not UTF-8 (webob raises), so keep none.
            client.cookiejar.extract_cookies = lambda *args: None

    def statuses(self, spec: Spec) -> dict[str, int]:
        """Each build's status for the same request."""
        statuses = {}
        for name, client in self.clients.items():
            sender = client if spec.content_length is None else self.unlinted[name]
            # Anything written to wsgi.errors fails the request. do_request, not request:
            # request() copies a large body to a temporary file it never closes.
            statuses[name] = sender.do_request(spec.request(), status="*").status_int
        return statuses


def test_any_request_gets_the_same_clean_answer_from_every_build(request, settings, databases,
                                                                tfb_seed_file):
    chosen = request.config.getoption("framework")
    frameworks = list(FRAMEWORKS) if chosen == "both" else [chosen]
    twins = Twins(frameworks, settings, databases, tfb_seed_file)
    errors, sent, allowed = Tracebacks(), Counter(), Counter()
    logging.getLogger().addHandler(errors)

    @PROFILES[request.config.getoption("fuzz")]
    @given(requests(twins.known))
    def answer(spec: Spec) -> None:
        statuses = twins.statuses(spec)
        sent.update(statuses.keys())
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


def test_the_independent_fuzz_findings_are_one_answer_and_one_intended_difference(
        request, settings, databases, tfb_seed_file):
    if request.config.getoption("framework") != "both":
        pytest.skip("compares the builds: needs both")
    twins = Twins(list(FRAMEWORKS), settings, databases, tfb_seed_file)
    known = twins.known
    signed_in = {"Cookie": f"session={known.session}"}
    login = Spec("POST", "/login", {**signed_in, "Content-Type": FORM},
                 urlencode({"csrf_token": known.csrf, "email": "ann@example.com",
                            "password": PASSWORD}).encode(), content_length="0x10")
    assert set(twins.statuses(login).values()) == {400}  # was a Bottle 500, a Flask 303
    fields = {"csrf_token": known.csrf, "title": "T", "description": "d", "body": "b"}
    comment = f"/article/{known.slugs[0]}/comments/{known.comment_ids[0]}/delete"
    for path in [f"/editor/{known.slugs[0]}", comment]:
        spec = Spec("POST", path, {**signed_in, "Content-Type": "multipart/form-data; boundary=b"},
                    bare_lf_form(fields, "b"))
        statuses = twins.statuses(spec)
        assert statuses["bottle"] == 400 and statuses["flask"] != 400, (path, statuses)
        assert intended(spec, statuses) == "bare-lf-multipart"


FORM = "application/x-www-form-urlencoded"


def bare_lf_form(fields: dict[str, str], boundary: str) -> bytes:
    parts = [f'--{boundary}\nContent-Disposition: form-data; name="{name}"\n\n{value}\n'
             for name, value in fields.items()]
    return "".join([*parts, f"--{boundary}--\n"]).encode()
