"""The long profile's workers: each app judged in a forked process answers as judged in
this one, the verdicts come back in the order drawn, and a judge that fails names its app."""

from __future__ import annotations

import dataclasses
import gc
import sys
import tempfile
import weakref

import pytest
from hypothesis import given, settings

from . import judge
from .grammar import App, apps
from .judge import Verdict, judged
from .test_fuzz_port_regressions import app as made
from .test_fuzz_port_regressions import route
from .workers import Judges, settled

MADE_LOAD = judge.load


def drawn(count: int) -> list[App]:
    found: list[App] = []

    @settings(max_examples=count, derandomize=True, database=None, deadline=None)
    @given(apps())
    def draw(app: App) -> None:
        found.append(app)

    draw()
    return found


def answer(verdict: Verdict) -> tuple:
    """A verdict, and the port's code (its reports name the temporary folder)."""
    code = {name: text for name, text in verdict.ported.items()
            if name.endswith((".py", ".html"))}
    return verdict.outcome, verdict.problems, verdict.allowed, code


def test_workers_judge_as_this_process_does_in_the_order_drawn():
    some = drawn(3)
    here = [judged(app) for app in some]
    recorded = []
    with Judges(2, lambda app, verdict: recorded.append((app, verdict))) as judges:
        for app in some:
            judges.submit(app)
        judges.finish()
    assert [app for app, _ in recorded] == some
    assert [answer(v) for _, v in recorded] == [answer(v) for v in here]


def test_a_judge_that_fails_in_a_worker_names_the_app():
    broken = dataclasses.replace(drawn(1)[0], routes=None)
    with Judges(2, lambda app, verdict: None) as judges:
        judges.submit(broken)
        with pytest.raises(TypeError) as raised:
            judges.finish()
    assert f"while judging the generated app {broken!r}" in raised.value.__notes__


def test_workers_share_one_server_of_twins_which_stops_with_them():
    noisy = [made(route(body="random", variant=variant), route(2))
             for variant in ("one", "set")]
    recorded: list[Verdict] = []
    with Judges(2, lambda app, verdict: recorded.append(verdict)) as judges:
        server = judge.twins()  # started before the workers were forked
        for app in noisy:
            judges.submit(app)
        judges.finish()
    assert [v.varies > 0 for v in recorded] == [True, True]  # each app got its twin
    assert server.process.returncode == 0 and not judge.TWINS  # stopped, waited for


def test_the_grammars_strategies_are_made_once_and_drawn_from_again():
    # (a strategy made anew at each draw was half of the drawing's time, stop 48)
    from .grammar import choice, integers, lists_of

    assert choice(["a", "b"]) is choice(("a", "b"))
    assert integers(0, 4) is integers(0, 4)
    assert lists_of((404, 403), 2, unique=True) is lists_of((404, 403), 2, unique=True)


def test_an_app_judged_leaves_nothing_of_itself_to_the_next(monkeypatch):
    """A worker judges a thousand apps in one process: once judged, an app's modules are
    out of sys.modules and its two apps (Bottle's, the port's Flask app) are freed, so
    nothing of one app reaches the next, and the process does not grow app after app."""
    loaded = []

    def load(*args, **kwargs):
        app = MADE_LOAD(*args, **kwargs)
        loaded.append(weakref.ref(app.wsgi.wrapped))
        return app

    monkeypatch.setattr(judge, "load", load)
    verdict = judged(made(route(1), route(2), hooks=[("after_request", "app")]))
    gc.collect()
    assert verdict.outcome in ("same", "declared") and len(loaded) == 2
    assert [type(app()).__name__ for app in loaded] == ["NoneType", "NoneType"]
    scratch = tempfile.gettempdir()
    assert not [name for name, module in sys.modules.items()
                if (getattr(module, "__file__", None) or "").startswith(
                    f"{scratch}/fuzz-port-")]


def test_after_each_app_a_collection_walks_only_what_the_next_app_makes():
    # replay collects after each answer: what the run made before (the session, the
    # lazy imports, Hypothesis's draws) is frozen once the app judged is freed
    try:
        verdict = settled(made(route(1)))
        assert verdict.outcome == "same"
        assert len(gc.get_objects()) < 100
    finally:
        gc.unfreeze()
