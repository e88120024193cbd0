"""A pytest plugin fuzz_speed.py hands each timed run of the generator (`-p
fuzz_verdicts`, from a scratch folder: it imports nothing of the tree it runs in, so
an older tree runs it too): each app's verdict, one JSON line in the file
$FUZZ_VERDICTS, with the CPU seconds judging it took (this process and its children),
so two runs of the same seed can be compared app by app.
"""

from __future__ import annotations

import hashlib
import json
import os
import resource
import sys
import time


def cpu() -> float:
    """CPU seconds of this process and of its children waited for."""
    own = time.process_time()
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own + children.ru_utime + children.ru_stime


def pytest_collection_finish(session) -> None:
    workers = sys.modules.get("tests.porting_tool.fuzz.workers")
    path = os.environ.get("FUZZ_VERDICTS")
    if workers is None or not path:
        return
    judged = workers.judged
    drawn = 0

    def logged(app):
        nonlocal drawn
        started = cpu()
        verdict = judged(app)
        seconds = cpu() - started
        source = json.dumps(verdict.source, sort_keys=True).encode()
        drawn += 1
        with open(path, "a", encoding="utf-8") as out:
            out.write(json.dumps({
                "n": drawn, "source": hashlib.sha256(source).hexdigest()[:16],
                "outcome": verdict.outcome, "starts": verdict.starts,
                "broken": verdict.broken, "varies": verdict.varies,
                "problems": len(verdict.problems), "cpu_s": round(seconds, 4),
                # what a failed one met first (a verdict that moves between runs: why)
                "first": verdict.problems[0][:300] if verdict.problems else ""}) + "\n")
        return verdict

    # one worker judges in the test's own process: workers.Judges calls judged() there
    workers.judged = logged
