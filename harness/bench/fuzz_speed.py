"""python -m harness.bench.fuzz_speed [--count N] [--seed S] [--rounds R] [--against TREE]:
what the generator's long profile (`make fuzz-port`) costs an app, in CPU seconds.

One run is `pytest tests/porting_tool/fuzz/test_fuzz_port.py --fuzz-port=long` with one
worker on a fixed sample (`--fuzz-port-count N --hypothesis-seed S`, PYTHONHASHSEED
fixed, a fresh Hypothesis database), in a child process; its cost is the CPU time of the
whole process tree (os.wait4: the test process, its workers and every child they
waited for, the twins included), user + system, so a loaded machine changes the figure
little (wall-clock time is reported beside it). Each run also writes each app's verdict
(fuzz_verdicts.py): two trees on the same seed must give the same verdict app by app.

--against TREE (another checkout with its own .venv, e.g. the base of a change) runs it
too, interleaved with this tree (theirs, ours, theirs, ours...), and reports the ratio
of the medians: issue #43's target is the long profile at least 3x faster.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PLUGIN = Path(__file__).with_name("fuzz_verdicts.py")
TEST = "tests/porting_tool/fuzz/test_fuzz_port.py"
COUNTS = re.compile(r"^generated (apps: .*)$", re.MULTILINE)


def pytest_command(tree: Path, count: int, seed: int) -> list[str]:
    return [str(tree / ".venv" / "bin" / "python"), "-m", "pytest", "-p", "no:randomly",
            "-p", "no:cacheprovider", "-p", "fuzz_verdicts", "-n", "0", "-s", "-q", TEST,
            "--fuzz-port=long", f"--fuzz-port-count={count}", "--fuzz-port-workers=1",
            f"--hypothesis-seed={seed}"]


def timed_run(tree: Path, count: int, seed: int, scratch: Path) -> dict:
    """One run in `tree`: wall and CPU seconds, the verdict counts and each app's."""
    run = Path(tempfile.mkdtemp(prefix="run-", dir=scratch))
    shutil.copy(PLUGIN, run / "fuzz_verdicts.py")
    verdicts = run / "verdicts.jsonl"
    env = {**os.environ, "PYTHONPATH": str(run), "PYTHONHASHSEED": "47",
           "FUZZ_VERDICTS": str(verdicts), "HYPOTHESIS_STORAGE_DIRECTORY": str(run / "hyp")}
    with open(run / "output.txt", "w+", encoding="utf-8") as output:
        started = time.perf_counter()
        child = subprocess.Popen(pytest_command(tree, count, seed), cwd=tree, env=env,
                                 stdout=output, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - started
        child.returncode = os.waitstatus_to_exitcode(status)
        output.seek(0)
        text = output.read()
    found = COUNTS.search(text)
    if found is None:
        raise RuntimeError(f"{tree}: no verdict counts (exit {child.returncode}):\n"
                           f"{text[-3000:]}")
    apps = [json.loads(line) for line in verdicts.read_text().splitlines()] \
        if verdicts.exists() else []
    shutil.rmtree(run)
    return {"cpu_s": round(usage.ru_utime + usage.ru_stime, 2), "wall_s": round(wall, 1),
            "judging_cpu_s": round(sum(a["cpu_s"] for a in apps), 2),
            "passed": child.returncode == 0, "counts": found.group(1), "apps": apps}


def differing(ours: list[dict], theirs: list[dict]) -> list[str]:
    """The apps whose verdict differs between two runs (the same seed draws the same
    apps, so their sources must match too)."""
    keys = ("source", "outcome", "starts", "broken")
    found = [f"app {a['n']}: " + ", ".join(f"{k} {b[k]} -> {a[k]}" for k in keys
                                           if a[k] != b[k])
             + "".join(f" ({side}: {v['first']})" for side, v in (("was", b), ("now", a))
                       if v.get("first"))
             for a, b in zip(ours, theirs, strict=False)
             if any(a[k] != b[k] for k in keys)]
    if len(ours) != len(theirs):
        found.append(f"{len(theirs)} apps judged -> {len(ours)}")
    return found


def run(count: int, seed: int, rounds: int, against: Path | None, warm: bool = True) -> dict:
    trees = {"this": ROOT, **({"against": against} if against else {})}
    runs: dict[str, list[dict]] = {name: [] for name in trees}
    with tempfile.TemporaryDirectory(prefix="fuzz-speed-") as scratch:
        for tree in trees.values() if warm else ():  # warm: the bytecode, the file cache
            timed_run(tree, 1, seed, Path(scratch))
        for _ in range(rounds):
            for name in reversed(trees):  # theirs first: any drift hits both
                runs[name].append(timed_run(trees[name], count, seed, Path(scratch)))
    results: dict = {"count": count, "seed": seed, "rounds": rounds, "trees": {}}
    for name, done in runs.items():
        cpu = [r["cpu_s"] for r in done]
        results["trees"][name] = {
            "tree": str(trees[name]), "cpu_s": cpu, "wall_s": [r["wall_s"] for r in done],
            "cpu_per_app_s": round(statistics.median(cpu) / count, 3),
            "judging_cpu_per_app_s": round(statistics.median(
                [r["judging_cpu_s"] for r in done]) / count, 3),
            "counts": done[0]["counts"], "passed": all(r["passed"] for r in done),
            "verdicts_vary_between_rounds": sorted({line for r in done[1:]
                                                    for line in differing(r["apps"],
                                                                          done[0]["apps"])}),
        }
    if against:
        ours, theirs = runs["this"], runs["against"]
        results["ratio"] = round(statistics.median([r["cpu_s"] for r in theirs])
                                 / statistics.median([r["cpu_s"] for r in ours]), 2)
        results["round_ratios"] = [round(t["cpu_s"] / o["cpu_s"], 2)
                                   for o, t in zip(ours, theirs, strict=True)]
        results["verdicts_differ"] = differing(ours[0]["apps"], theirs[0]["apps"])
    return results


def render(results: dict) -> str:
    lines = [f"{results['count']} apps of the long profile, seed {results['seed']}, one "
             f"worker, {results['rounds']} round(s):"]
    for name, tree in results["trees"].items():
        lines.append(f"  {name} ({tree['tree']}): CPU {tree['cpu_s']} s, wall "
                     f"{tree['wall_s']} s; {tree['cpu_per_app_s']:.3f} CPU s an app "
                     f"({tree['judging_cpu_per_app_s']:.3f} judging it)")
        lines.append(f"    {tree['counts']}")
        for line in tree["verdicts_vary_between_rounds"]:
            lines.append(f"    varies between rounds: {line}")
    if "ratio" in results:
        lines.append(f"  against / this, CPU: {results['ratio']:.2f}x (rounds: "
                     f"{results['round_ratios']}; issue #43's target: 3x)")
        lines.append("  verdicts app by app: " + ("the same" if not results["verdicts_differ"]
                                                  else "; ".join(results["verdicts_differ"])))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m harness.bench.fuzz_speed",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200, help="apps a run (200)")
    parser.add_argument("--seed", type=int, default=47, help="Hypothesis's seed (47)")
    parser.add_argument("--rounds", type=int, default=1, help="runs of each tree (1)")
    parser.add_argument("--against", type=Path, metavar="TREE",
                        help="another checkout, with its .venv, timed interleaved")
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the results")
    args = parser.parse_args(argv)
    if args.against and not (args.against / ".venv" / "bin" / "python").is_file():
        parser.error(f"{args.against} has no .venv/bin/python")
    results = run(args.count, args.seed, args.rounds, args.against)
    print(render(results))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
