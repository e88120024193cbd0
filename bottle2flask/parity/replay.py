"""Replay requests against two WSGI apps in-process, and explore them like a visitor."""

from __future__ import annotations

import contextlib
import gc
import json
import os
import re
import signal
import sys
import tempfile
import threading
import traceback
from collections import Counter, deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from operator import eq
from typing import NoReturn
from urllib.parse import unquote_to_bytes, urlencode

from werkzeug.exceptions import GatewayTimeout, InternalServerError
from werkzeug.test import Client

from ..proof.answers import answer, as_sent, same_body
from .noise import exact_but_varying, same_form, without_noise
from .normalise import Comparison, Response, compare, cookies
from .scenario import Call, Form, destructive, fill, forms, links, local_path, modes

VARIABLE = re.compile(r"\{(\w+)\}")
MAX_REDIRECTS = 5
FLASH_KEYS = {"flashes", "_flashes"}  # ours and Flask's: gone on the next page
# Forms of one shape (same method, fields and last path segment: every article's
# "favorite" button) are sent at most this often for each kind of visitor.
PER_SHAPE = 2
# The fields of a recorded answer two runs of the first app may differ in.
VARYING = ("status", "content_type", "location", "body")
# Seconds an app may take over one answer (a long-polling page waits for a message that
# never comes): past them the request is cut off and recorded as not answered (a 504 of
# the check's), and the other pages are compared.
ANSWER_LIMIT = 30.0
# The signals an app's view may send its own process to end it (a `POST /stop` doing
# os.kill(os.getpid(), SIGTERM)): while it answers, they end that answer, not the check.
ENDING = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)


class NotAnswered(BaseException):  # noqa: N818  (an answer's end, not an error of ours)
    """A request the app did not answer within ANSWER_LIMIT seconds. Not an Exception:
    neither framework may catch it and answer its own 500 page instead."""


class EndedItsProcess(BaseException):  # noqa: N818
    """The app ended, or signalled the end of, the process answering (sys.exit(), a
    signal to itself): a server would have dropped the connection. Not an Exception, as
    SystemExit is not: neither framework answers it."""


@contextlib.contextmanager
def answer_guarded():
    """While the app answers, in the main thread (where Python runs signal handlers): a
    time limit, and the app's signals to its own process, and its os._exit() (in this
    process and thread, not in a child it forks), turned into EndedItsProcess."""
    limit = ANSWER_LIMIT
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def ended(number, frame) -> None:
        raise EndedItsProcess(f"the app sent its own process {signal.Signals(number).name}")

    def late(number, frame) -> None:
        raise NotAnswered(f"no answer within {limit:g} s")

    real_exit, answering = os._exit, os.getpid()

    def exits(status: int) -> NoReturn:
        if os.getpid() != answering or threading.current_thread() is not \
                threading.main_thread():
            real_exit(status)
        raise EndedItsProcess(f"the process ended with code {status} (os._exit)")

    before = {number: signal.signal(number, ended) for number in ENDING}
    before[signal.SIGALRM] = signal.signal(signal.SIGALRM, late)
    signal.setitimer(signal.ITIMER_REAL, limit)
    os._exit = exits
    try:
        yield
    finally:
        os._exit = real_exit
        signal.setitimer(signal.ITIMER_REAL, 0)
        for number, handler in before.items():
            signal.signal(number, handler)


# The lines an ended answer's account keeps of what the app printed while it answered.
PRINTED_LINES = 5


class Printing:
    """A stream (sys.stdout, sys.stderr) as it was, what is written to it kept too: what
    the app printed while it answered, for the account of an answer that ended its
    process (the whole output stays where it went: check.log)."""

    def __init__(self, stream, kept: deque) -> None:
        self._stream, self._kept = stream, kept

    def write(self, text: str) -> int:
        self._kept.append(text)
        return self._stream.write(text)

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


@contextlib.contextmanager
def printed_kept():
    """What the app prints while it answers (sys.stdout, sys.stderr), its last chunks."""
    kept: deque = deque(maxlen=200)
    streams = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = Printing(streams[0], kept), Printing(streams[1], kept)
    try:
        yield kept
    finally:
        sys.stdout, sys.stderr = streams


def last_lines(kept: deque) -> list[str]:
    """The last lines printed (not blank), each cut to 200 characters."""
    lines = [line.strip() for line in "".join(kept).splitlines() if line.strip()]
    return [line[:200] for line in lines[-PRINTED_LINES:]]


def ended_as(error: BaseException) -> str:
    """How an answer ended the process, in plain words."""
    if isinstance(error, SystemExit):
        code = error.code  # (a message is printed, and the code is 1)
        status = 0 if code is None else code if isinstance(code, int) else 1
        return f"the process ended with code {status} " \
            f"(sys.exit({'' if code is None else repr(code)}))"
    if isinstance(error, KeyboardInterrupt):
        return "the process was interrupted (KeyboardInterrupt)"
    return str(error)  # EndedItsProcess and NotAnswered say it already


def scratch() -> tuple[str, ...]:
    """Where the apps' copies are: the temporary folder, as given and as resolved."""
    here = tempfile.gettempdir()
    return tuple({here, os.path.realpath(here)})


def as_served(app):
    """The app as a WSGI server runs it: an exception it raises (Flask in debug or
    testing mode propagates them) is a 500 answer, not the end of the run: Werkzeug's
    own 500 page, which its server (`flask run`) sends for an exception that escapes."""

    def raised(error: BaseException) -> None:
        # where it was raised: the port's repair maps the frames to its sites
        guarded.frames = [  # type: ignore[attr-defined]
            [frame.filename, frame.lineno] for frame in traceback.extract_tb(error.__traceback__)]

    def ends(error: BaseException, kept: deque) -> None:
        # what became of the process, said in the report with the app's last lines
        guarded.ended = {"how": ended_as(error),  # type: ignore[attr-defined]
                         "printed": last_lines(kept)}

    def guarded(environ, start_response):
        guarded.frames = []  # type: ignore[attr-defined]
        guarded.ended = None  # type: ignore[attr-defined]
        with printed_kept() as kept:
            try:
                with answer_guarded():
                    return app(environ, start_response)
            except NotAnswered as error:  # one page cut off, the others still compared
                ends(error, kept)
                print(f"note: {environ.get('REQUEST_METHOD')} {environ.get('PATH_INFO')}: "
                      f"{error}: recorded as not answered", file=sys.stderr)
                return GatewayTimeout(f"bottle2flask's check: {error}.")(environ,
                                                                         start_response)
            except (EndedItsProcess, SystemExit, KeyboardInterrupt) as error:
                # RULE-s49 class I: a view ending its process ended the whole comparison
                ends(error, kept)
                print(f"note: {environ.get('REQUEST_METHOD')} {environ.get('PATH_INFO')}: "
                      f"the app ends its own process here ({type(error).__name__}: "
                      f"{error}); recorded as a server error", file=sys.stderr)
                return InternalServerError()(environ, start_response)
            except Exception as error:
                traceback.print_exc()  # the app's own error, where a server would log it
                raised(error)
                return InternalServerError()(environ, start_response)

    guarded.wrapped = app  # type: ignore[attr-defined]
    guarded.frames = []  # type: ignore[attr-defined]
    guarded.ended = None  # type: ignore[attr-defined]
    inner = app  # the app itself, under the loader's wrappers
    while not hasattr(inner, "log_exception") and hasattr(inner, "wrapped"):
        inner = inner.wrapped
    if hasattr(inner, "log_exception") and hasattr(inner, "url_map"):  # Flask's own 500
        from flask import got_request_exception

        def on_exception(sender, exception, **extra) -> None:
            raised(exception)

        # held by the wrapper, and by the signal only weakly: a strong receiver (which
        # reaches the app through `raised`) kept every Flask app served in this process
        # alive for good (the generator's judge serves thousands, one after another)
        guarded.on_exception = on_exception  # type: ignore[attr-defined]
        got_request_exception.connect(on_exception, inner)
    return guarded


def forget_bottle_request() -> None:
    """Unbind Bottle's thread-local request and response after each answer.

    Bottle leaves them bound to the last request it served; a port that still reads
    bottle.request would then see the request the original just got, in this process
    only. Unbound, it fails as it would in its own server."""
    bottle = sys.modules.get("bottle")
    for local in (getattr(bottle, "request", None), getattr(bottle, "response", None)):
        for name in ("environ", "_status_line", "_status_code", "_headers", "_cookies", "body"):
            slot = getattr(type(local), name, None)
            if isinstance(slot, property) and slot.fdel is not None:
                try:
                    slot.fdel(local)  # Bottle's thread-local slots: unset, not emptied
                except AttributeError:  # not bound in this thread
                    pass


class Side:
    """One app, its own cookie jar and its own saved variables."""

    def __init__(self, label: str, app, secret: str | None = None):
        self.label = label
        self.secret = secret
        self.served = as_served(app)
        self.client = Client(self.served)
        self.cookies: dict[str, object] = {}  # as last set: session cookies decoded
        self.variables: dict[str, str] = {}
        self.sent = ""  # the last path sent, variables filled in
        self.body: tuple[str, str] | None = None  # and its body: (content type, text)

    def _sub(self, value):
        if isinstance(value, str):
            return VARIABLE.sub(lambda m: str(self.variables.get(m[1], m[0])), value)
        if isinstance(value, dict):
            return {k: self._sub(v) for k, v in value.items()}
        if isinstance(value, list):
            return [self._sub(v) for v in value]
        return value

    def send(self, call: Call) -> Response:
        self.sent = self._sub(call.path)
        path, _, query = self.sent.partition("?")
        # PATH_INFO as a server gives it: %-escapes decoded to bytes, spelt as latin-1,
        # so bytes that are not UTF-8 reach the app as they would from a real client.
        raw = unquote_to_bytes(path).decode("latin-1")
        options: dict = {"method": call.method, "headers": self._sub(call.headers),
                         "environ_overrides": {"PATH_INFO": raw, "REQUEST_URI": path}}
        if call.query is not None:
            query = urlencode(self._sub(call.query), doseq=True)
        if query:
            options["query_string"] = query
        # The step names the request as sent, query included (a GET form's fields), so
        # the suite a port leaves sends the same request again.
        self.sent = path + (f"?{query}" if query else "")
        if call.form is not None:
            options["data"] = urlencode(self._sub(call.form), doseq=True)
            options["content_type"] = "application/x-www-form-urlencoded"
        elif call.json is not None:
            options["data"] = json.dumps(self._sub(call.json))
            options["content_type"] = "application/json"
        elif call.body is not None:
            options["data"] = call.body.encode("utf-8")
            options["content_type"] = call.content_type
        data = options.get("data")
        self.body = None if data is None else (
            str(options.get("content_type") or ""),
            data.decode("utf-8", "replace") if isinstance(data, bytes) else str(data))
        answer = None
        try:
            answer = self.client.open(path, **options)
            response = Response(answer.status, answer.headers.to_wsgi_list(),
                                answer.get_data(), path)
            answer.close()
        finally:
            forget_bottle_request()
            # what the answer left in reference cycles (an error's traceback holding a
            # connection that locks its database) is freed now, not whenever this
            # process, which runs both apps, next collects: each app's next request
            # finds what a server's would, whatever the others allocated meanwhile: every
            # generation after an error (its cycle may have been promoted during the
            # request), the young ones after any other answer (a full one costs ~15 ms)
            gc.collect(2 if answer is None or answer.status_code >= 500 else 1)
        self._save(call.save, response)
        for name, cookie in cookies(response, self.secret).items():
            self.cookies[name] = cookie["value"]
            if not cookie["value"] or cookie.get("max-age") in ("0", "-1"):
                del self.cookies[name]
        return response

    @property
    def visitor(self) -> frozenset:
        """What kind of visitor this is: its cookies' names and its session's keys
        (signed in, signed the guestbook...), not their values."""
        kinds = set()
        for name, value in self.cookies.items():
            kinds.add(name)
            if isinstance(value, dict):
                kinds |= {f"{name}.{key}" for key, item in value.items()
                          if item != "<random>" and key not in FLASH_KEYS}
        return frozenset(kinds)

    def _save(self, save: dict, response: Response) -> None:
        if not save:
            return
        try:
            data = json.loads(response.body)
        except ValueError:
            return
        for variable, dotted in save.items():
            value = data
            for part in dotted.split("."):
                if isinstance(value, list) and part.isdigit() and int(part) < len(value):
                    value = value[int(part)]
                elif isinstance(value, dict):
                    value = value.get(part)
                else:
                    value = None
            if value is not None:
                self.variables[variable] = value


@dataclass
class Step:
    number: int
    kind: str        # crawl, form, redirect, script
    label: str
    method: str
    path: str
    statuses: tuple[str, ...]
    comparison: Comparison
    answers: tuple[dict, ...] = ()  # recorded (Run(record=True)): each app's answer
    # recorded: the body both apps were sent, or "differs" (each filled its own form)
    body: tuple[str, str] | str | None = None
    raised: tuple[list, ...] = ()  # each app's traceback frames [file, line], if it raised
    # where two runs of the first app answered differently too, and the other app did
    # not keep what both kept ("status", "header X", "cookie x", "body"): not compared
    noise: tuple[str, ...] = ()
    # where the other sides were each sent a path of their own (an id each made, as
    # Run.own() follows it): each side's path, the first's first; else ()
    paths: tuple[str, ...] = ()
    # each app's account of an answer that ended its process or was cut off ({"how",
    # "printed": its last lines}), else None
    ended: tuple[dict | None, ...] = ()

    @property
    def verdict(self) -> str:
        """different, varies (only where two runs of the first app differ too),
        explained (declared changes only) or identical."""
        if self.comparison.differences:
            return "different"
        return "varies" if self.noise else self.comparison.verdict

    def as_dict(self) -> dict:
        return {"number": self.number, "kind": self.kind, "label": self.label,
                "method": self.method, "path": self.path, "statuses": list(self.statuses),
                "verdict": self.verdict,
                **({"noise": list(self.noise)} if self.noise else {}),
                "likeness": self.comparison.likeness,
                ("allowed" if self.comparison.likeness else "apart"): self.comparison.grounds,
                "explained": self.comparison.explained,
                "differences": [d.as_dict() for d in self.comparison.differences],
                **({"answers": list(self.answers)} if self.answers else {}),
                **({"body": self.body} if self.body is not None else {}),
                **({"paths": list(self.paths)} if self.paths else {}),
                **({"raised": list(self.raised)} if any(self.raised) else {}),
                **({"ended": list(self.ended)} if any(self.ended) else {})}


class Run:
    """Send each request to both sides at the same instant and compare the answers."""

    def __init__(self, sides: list, secret: str | None = None, clock=None,
                 progress: Callable[[Step], None] | None = None, ignore: Sequence = (),
                 noise: bool = False, record: bool = False):
        self.sides = sides  # Sides; with noise, the last a Twin of the first (twin.py)
        self.record = record
        self.secret = secret
        self.ignore = list(ignore)
        self.noise = noise
        self.clock = clock  # a time_machine traveller: one second per step
        self.progress = progress
        self.steps: list[Step] = []
        # for each side, the path it was given for a path of the first app's own (a page
        # made under a fresh id: /games/<uuid4>), as a browser follows each app's own link
        self.aliases: list[dict[str, str]] = [{} for _ in sides]

    def pair(self, found: Sequence[Sequence[str]]) -> None:
        """Learn each side's own path for the first app's, from the paths each side's
        answer gave in the same places (its links, its forms' actions, its Location):
        only where the first app's two runs gave different paths there (an id each run
        made), and the other side's has the form both runs' had (an id of the same kind,
        same_form). A path the other side spells otherwise, or one both runs of the first
        gave alike, is sent to it as it is: a page the port lost stays lost."""
        if not self.noise or len(found) != len(self.sides) \
                or len({len(paths) for paths in found}) != 1:
            return
        for mine, *others in zip(*found, strict=True):
            twin = others[-1]
            if mine == twin:
                continue
            for side, theirs in enumerate(others, 1):
                if theirs != mine and same_form(mine, twin, theirs):
                    self.aliases[side].setdefault(mine, theirs)

    def own(self, call: Call, side: int) -> Call:
        """The call as side `side` is sent it: its own path for one the first app made."""
        path = self.aliases[side].get(call.path)
        return call if path is None else replace(call, path=path)

    def mine(self, path: str, side: int) -> bool:
        """Whether the path is one side `side` was given for another of the first app's
        (its own id): a link of its own to that page, not one more page to visit."""
        return side > 0 and path in self.aliases[side].values()

    def exchange(self, calls: list[Call], kind: str, label: str = "") -> list[Response]:
        if self.clock is not None:
            self.clock.shift(1)
        sent_back = [side.send(call) for side, call in zip(self.sides, calls, strict=True)]
        places = [r.header("Location") for r in sent_back]
        if all(places):  # a redirect to a page each made: its Location is its own
            self.pair([[local_path(str(place), side.sent) or str(place)]
                       for place, side in zip(places, self.sides, strict=True)])
        # compared as read with the first app's paths for each side's own (its ids);
        # the answers as sent are followed, crawled and recorded
        responses = [self.read(r, side) for side, r in enumerate(sent_back)]
        names = (self.sides[0].label, self.sides[1].label)
        rules = [rule for rule in self.ignore if rule.applies(self.sides[0].sent)]
        result = compare(*responses[:2], secret=self.secret, names=names, ignore=rules)
        noise: list[str] = []
        if self.noise and result.differences:
            result, noise = without_noise(result, *responses, secret=self.secret,
                                          ignore=rules)
        elif self.noise:  # the other app answered as the first: did its twin too?
            noise = varying(responses[0], responses[2], self.secret, rules)
            if "default-error-page" in result.explained:
                # each run's Bottle error page under debug(True) shows a traceback naming
                # its own copy of the app; what the entry compares (the status and the
                # page's message) is the same in both, so the body does not vary for it
                noise = [where for where in noise if where != "body"]
        if self.noise and result.likeness != "exact":
            # byte for byte but in fields each run of the original fills its own way
            # (a static file's ETag naming the copy read): as exact as the runs are
            varied = exact_but_varying(*responses)
            if varied:
                result = Comparison([], [], "exact", [])
                noise = sorted({*noise, *varied})
        bodies = {side.body for side in self.sides}
        body = (next(iter(bodies)) if len(bodies) == 1 else "differs") if self.record \
            else None
        sent = tuple(side.sent for side in self.sides)
        step = Step(len(self.steps) + 1, kind, label or calls[0].name, calls[0].method,
                    self.sides[0].sent, tuple(r.status for r in responses[:2]), result,
                    self.answers(sent_back) if self.record else (), body,
                    tuple(side.served.frames for side in self.sides[:2]), tuple(noise),
                    sent if len(set(sent)) > 1 else (),
                    tuple(getattr(side.served, "ended", None) for side in self.sides[:2]))
        self.steps.append(step)
        if self.progress:
            self.progress(step)
        return self.follow(calls[0], sent_back) if calls[0].follow else sent_back

    def read(self, response: Response, side: int) -> Response:
        """A side's answer with each of its own paths (pair()) written as the first app's,
        in a text body and a Location: a link to its own page is the same link."""
        own = sorted(self.aliases[side].items(), key=lambda pair: -len(pair[1]))
        if not own:
            return response
        headers = response.headers
        location = response.header("Location")
        place = local_path(location, "/") if location else None
        back = {theirs: mine for mine, theirs in own}
        if place in back:
            headers = [(k, v.replace(place, back[place]) if k.lower() == "location" else v)
                       for k, v in headers]
        body = response.body
        if response.mimetype.startswith("text/") or "json" in response.mimetype:
            for mine, theirs in own:
                body = body.replace(theirs.encode("utf-8"), mine.encode("utf-8"))
        return replace(response, headers=headers, body=body)

    def answers(self, responses: list[Response]) -> tuple[dict, ...]:
        """Each app's answer as a recorded test keeps it; where two instances of the
        first app (with noise) answered differently, "varies" holds each field they
        differ in with both of their values: a test holds an app to what both kept
        (parity/kept.py), never to one run's draw. A body's are not kept: what two runs
        of a page both kept is not what every run keeps (a random number of rows, a
        value in a random column: RULE-s41's KKM), and a suite must pass every time."""
        kept = [{**answer(r.code, r.headers, r.body),
                 "sent": as_sent(r.status, r.headers, r.body)} for r in responses]
        if self.noise:
            first, twin = kept[0], kept[2]
            varies = {name: [first[name], twin[name]] for name in VARYING
                      if not (same_body if name == "body" else eq)(first[name], twin[name])}
            for name, runs in varies.items():
                # a body; a Location naming the copies' temporary folder, which only the
                # check's runs share: its test asserts nothing of it
                if name == "body" or name == "location" and any(
                        here in run for run in runs if run for here in scratch()):
                    varies[name] = [None, None]
            if varies:
                kept = [{**k, "varies": varies} for k in kept]
        return tuple(kept[:2])

    def send(self, call: Call, kind: str, label: str = "") -> list[Response]:
        return self.exchange([self.own(call, side) for side in range(len(self.sides))],
                             kind, label)

    def follow(self, call: Call, responses: list[Response]) -> list[Response]:
        """Follow redirects on each side, each to its own Location, as steps of their own."""
        for _ in range(MAX_REDIRECTS):
            targets = [found for r in responses
                       if 300 <= r.code < 400 and (found := r.header("Location"))]
            if len(targets) < len(responses):
                break
            calls = [Call(local_path(t, call.path) or t) for t in targets]
            responses = self.exchange(calls, "redirect", f"after {call.method} {call.path}")
        return responses


def varying(first: Response, again: Response, secret: str | None,
            ignore: Sequence) -> list[str]:
    """Where two runs of the first app answered differently, as compare() finds it
    (nothing, at once, where they are the same bytes)."""
    if first.status == again.status and first.body == again.body \
            and first.headers == again.headers:
        return []
    return [d.where for d in compare(first, again, secret=secret, ignore=ignore).differences]


def shape(key: tuple) -> tuple:
    method, action, fields = key
    return method, fields, action.partition("?")[0].rstrip("/").rpartition("/")[2]


class Explorer:
    """Crawl every page reachable from a start page and submit every form found."""

    def __init__(self, run: Run, form_values: dict, max_pages: int = 500, max_forms: int = 100):
        self.run = run
        self.values = form_values
        self.max_pages, self.max_forms = max_pages, max_forms
        self.visited: set[str] = set()
        self.pending: deque[str] = deque()
        self.forms: dict[tuple, tuple[str, Form]] = {}  # key -> (page it is on, form)
        self.submitted: set[tuple] = set()  # (form key, kind of visitor)
        self.shapes: Counter = Counter()  # (form shape, kind of visitor) -> forms sent

    def learn(self, path: str, responses: list[Response]) -> None:
        # a form's page is where each side was last sent (a redirect's target), as a
        # browser holds it: submitted again from there. Its relative links are resolved
        # against it too, as a browser resolves them against the page it shows, not the
        # one that redirected there (each side against its own, its ids its own)
        here = [side.sent or path for side in self.run.sides]
        if all(r.mimetype == "text/html" for r in responses):
            # each side's links and forms in the same places: where ids each made differ
            self.run.pair([links(r.soup, base) for r, base in zip(responses, here,
                                                                  strict=True)])
            self.run.pair([[f.action for f in forms(r.soup, base)]
                           for r, base in zip(responses, here, strict=True)])
        for side, response in enumerate(responses[:2]):  # (a twin's are the first app's)
            if response.mimetype != "text/html":
                continue
            # an error page answers any path below a folder (a 404 at /a/b), and its
            # relative links lead below it again (`static/x.css`: /a/static/x.css, a 404
            # whose link is /a/static/static/x.css...): only its links from the root
            for link in links(response.soup, here[side], relative_too=response.code < 400):
                if link not in self.visited and link not in self.pending \
                        and not self.run.mine(link, side):
                    self.pending.append(link)
            for form in forms(response.soup, here[0]):
                if not self.run.mine(form.action, side):
                    self.forms.setdefault(form.key, (here[0], form))

    def crawl(self, starts: list[str]) -> None:
        """Every page reachable from each start, each page asked once (a start another
        start's crawl reached is not crawled again), up to max_pages a start."""
        self.visited.clear()
        for start in starts:
            if start in self.visited:
                continue
            budget = len(self.visited) + self.max_pages
            self.pending.append(start)
            while self.pending and len(self.visited) < budget:
                safe = [p for p in self.pending if not destructive(p)]
                path = safe[0] if safe else self.pending[0]
                self.pending.remove(path)
                self.visited.add(path)
                self.learn(path, self.run.send(Call(path, follow=True), "crawl"))
            self.pending.clear()

    def submit_forms(self, destructive_too: bool) -> None:
        """Submit each form (invalid data first, then valid) once for each kind of visitor:
        a sign-in form refused to a stranger is sent again once a sign-up made an account."""
        while len(self.submitted) < self.max_forms:
            visitor = self.run.sides[0].visitor
            waiting = [k for k in self.forms if (k, visitor) not in self.submitted
                       and self.shapes[shape(k), visitor] < PER_SHAPE
                       and (destructive_too or not destructive(k[1]))]
            if not waiting:
                return
            self.submitted.add((waiting[0], visitor))
            self.shapes[shape(waiting[0]), visitor] += 1
            page, form = self.forms[waiting[0]]
            self.submit(form.key, page, modes(form))

    def submit(self, key: tuple, page: str, modes: list[str]) -> None:
        # Fetch the page again: each side fills its own form, with its own CSRF token.
        # Invalid submissions come first and change nothing, so one fetch serves all.
        pages = self.run.send(Call(page), "form page", f"before {key[0]} {key[1]}")
        # each side's own form: its action the side's own path where the ids differ
        keys = [(key[0], self.run.own(Call(key[1]), side).path, key[2])
                for side in range(len(pages))]
        mine = [[f for f in forms(response.soup, self.run.own(Call(page), side).path)
                 if f.key == own] for side, (response, own) in enumerate(zip(pages, keys,
                                                                              strict=True))]
        if not all(mine[:2]):
            return  # the page itself already shows the difference
        mine[2:] = [found or mine[0] for found in mine[2:]]  # a twin's page may vary
        for mode in modes:
            calls = [self._call(found[0], mode) for found in mine]
            self.learn(page, self.run.exchange(calls, "form", f"{mode} {key[0]} {key[1]}"))

    def _call(self, form: Form, mode: str) -> Call:
        data = fill(form, mode, self.values)
        if form.method == "GET":
            return Call(form.action.partition("?")[0], query=data, follow=True)
        return Call(form.action, method=form.method, form=data, follow=True)

    def explore(self, starts: str | list[str] = "/", forms: bool = True) -> None:
        """Crawl; with forms: submit them, crawl again as the session now is, destructive
        forms last."""
        starts = [starts] if isinstance(starts, str) else starts
        self.crawl(starts)
        if forms:
            self.explore_forms(starts)

    def explore_forms(self, starts: list[str]) -> None:
        """The forms found so far, then a crawl again and the forms it finds."""
        self.submit_forms(destructive_too=False)
        self.crawl(starts)  # (each page again: the forms sent may have changed them)
        self.submit_forms(destructive_too=False)
        self.submit_forms(destructive_too=True)
