"""Judge drawn apps in worker processes, one a core, while Hypothesis draws the next.

Each app is judged as the test judged it in its own process (judge.judged: ported,
both apps loaded and served in process, every request compared); a worker is a fork of
the test's process, so Bottle, Flask, LibCST and the port's engine are imported once,
not once an app or a worker. The verdicts are handed back in the order the apps were
drawn, so the run counts and lists them as one process would. With one worker (the
short profile: a failure there must stop the run inside Hypothesis's test, so that it
shrinks), each app is judged in this process the moment it is drawn.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import warnings
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor

from .grammar import App
from .judge import Verdict, judged, stop_twins, twins

Record = Callable[[App, Verdict], None]


def cores() -> int:
    """The cores this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") \
        else os.cpu_count() or 1


def settled(app: App) -> Verdict:
    """judged(app), then what it left collected and the rest frozen: replay collects
    after each answer (every generation after a 5xx), and a full collection walked all
    that the process made since the run began (Flask's, Jinja2's and LibCST's lazy
    imports and caches, Hypothesis's draws), not only the app's own. Nothing of the app
    is frozen: it is freed first (judge.forget_modules)."""
    try:
        return judged(app)
    finally:
        gc.collect()
        gc.freeze()


class Judges:
    """judges.submit(app) as Hypothesis draws each app; `record(app, verdict)` is called
    in the order drawn; judges.finish() waits for the last verdicts."""

    def __init__(self, workers: int, record: Record) -> None:
        self.record = record
        self.pending: deque[tuple[App, Future[Verdict]]] = deque()
        # fork: the workers start with this process's imports (spawn would import all
        # again, and re-run the test module's collection)
        self.pool = ProcessPoolExecutor(workers, multiprocessing.get_context("fork")) \
            if workers > 1 else None
        # What this process holds (the test session, Hypothesis, Bottle, Flask, LibCST and
        # the engine) out of the garbage collector's sight while apps are judged: each app
        # makes and drops some hundred thousand LibCST nodes, and every full collection
        # walked all of that again (in a worker, copying each page it shares with this
        # process too): a fifth of the judging time. Put back on exit.
        gc.freeze()
        if self.pool is not None:
            twins()  # one server of twins for all workers: they inherit it
            with warnings.catch_warnings():
                # Python 3.12+ warns of fork() beside other threads (a pytest-xdist worker
                # has one): the workers use no lock of theirs, only judge.judged
                warnings.simplefilter("ignore", DeprecationWarning)
                self.pool.submit(int).result()  # fork them now (the first task starts all)

    def __enter__(self) -> Judges:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)
        stop_twins()  # waited for here: the run's CPU counts its twins
        gc.unfreeze()

    def submit(self, app: App) -> None:
        if self.pool is None:
            self.record(app, settled(app))
            return
        self.pending.append((app, self.pool.submit(settled, app)))
        while self.pending and self.pending[0][1].done():  # record what is ready, in order
            self._record_first()

    def finish(self) -> None:
        while self.pending:
            self._record_first()

    def _record_first(self) -> None:
        app, verdict = self.pending.popleft()
        try:
            done = verdict.result()
        except Exception as error:  # the judge itself failed on this app: say which
            error.add_note(f"while judging the generated app {app!r}")
            raise
        self.record(app, done)
