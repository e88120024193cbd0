"""Run RealWorld's official API suites (the Bruno mirror of the Hurl tests, the classic
Postman collection) against both builds, each served by gunicorn on a fresh database.

    python -m harness.realworld [FOLDER] [--tools DIR] [--framework NAME]
                                [--db sqlite|postgres ...] [--database-url URL]

FOLDER (default: ../shared/realworld, beside this clone) is any folder laid out like the
realworld repository: `specs/api/bruno/` and `api/Conduit.postman_collection.json`, a
plain copy or a clone (a clone whose collection is the 2026 rewrite gives the classic one
from its history). The suites run from a temporary folder; nothing is written into FOLDER
or copied into this project. The npm tools (@usebruno/cli, newman) are installed into
--tools (default: a temporary folder) unless they are already there.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import shutil
import stat
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from bottle2flask.errors import UsageError

from .database import SERVER_HELP, check_server, fresh_database, throwaway_server
from .listening import gunicorn_bind, listening_socket

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SUITES = ROOT.parent / "shared" / "realworld"
FRAMEWORKS = ("bottle", "flask")
DATABASES = ("sqlite", "postgres")
POSTMAN = "api/Conduit.postman_collection.json"
BRUNO = "specs/api/bruno"
POSTMAN_REQUESTS = 32  # the classic collection, before the 2026 v2 rewrite
COMMIT = re.compile(r"\b[0-9a-f]{40}\b")


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True,
                          capture_output=True, text=True).stdout


def is_clone(folder: Path) -> bool:
    """Whether folder is itself a git repository (a clone or a bare mirror), not merely
    a folder inside one."""
    return (folder / ".git").exists() or ((folder / "HEAD").is_file()
                                          and (folder / "objects").is_dir())


def count_requests(items: list) -> int:
    return sum(count_requests(i["item"]) if "item" in i else 1 for i in items)


def is_classic(text: str) -> bool:
    try:
        return count_requests(json.loads(text)["item"]) == POSTMAN_REQUESTS
    except (ValueError, KeyError, TypeError):
        return False


def source_commit(folder: Path) -> str:
    """The realworld commit the suites come from: a clone's HEAD, or the commit the
    folder's SOURCE.md names."""
    if is_clone(folder):
        return git(folder, "rev-parse", "HEAD").strip()
    notes = folder / "SOURCE.md"
    found = COMMIT.search(notes.read_text()) if notes.is_file() else None
    return found[0] if found else "unknown (no SOURCE.md naming one)"


def classic_postman(folder: Path) -> str:
    """The classic collection's text: the folder's own, or from a clone's history."""
    own = folder / POSTMAN
    if own.is_file() and is_classic(text := own.read_text()):
        return text
    if is_clone(folder):
        for commit in git(folder, "log", "--all", "--format=%H", "--", POSTMAN).split():
            try:
                text = git(folder, "show", f"{commit}:{POSTMAN}")
            except subprocess.CalledProcessError:
                continue
            if is_classic(text):
                return text
    raise UsageError(f"no {POSTMAN_REQUESTS}-request {POSTMAN} in {folder}"
                     f"{' or its history' if is_clone(folder) else ''}")


def extract_suites(folder: Path, into: Path) -> tuple[Path | None, Path]:
    """Copy the Bruno collection (None if the folder predates it) and the classic Postman
    collection into a temporary folder, where the tools may write what they like."""
    into.mkdir(parents=True, exist_ok=True)
    bruno: Path | None = into / BRUNO
    if (folder / BRUNO).is_dir():
        shutil.copytree(folder / BRUNO, into / BRUNO)
        for path in [into / BRUNO, *(into / BRUNO).rglob("*")]:  # a read-only copy's modes
            path.chmod(path.stat().st_mode | stat.S_IWUSR)
    elif is_clone(folder) and git(folder, "ls-tree", "HEAD", BRUNO).strip():  # a bare mirror
        archive = into / "bruno.tar"
        git(folder, "archive", "--format=tar", f"--output={archive}", "HEAD", BRUNO)
        shutil.unpack_archive(archive, into)
    else:
        bruno = None
    postman = into / "Conduit.postman_collection.json"
    postman.write_text(classic_postman(folder))
    return bruno, postman


def install_tools(tools: Path) -> Path:
    bin_dir = tools / "node_modules/.bin"
    if not ((bin_dir / "bru").exists() and (bin_dir / "newman").exists()):
        if shutil.which("npm") is None:
            raise SystemExit("npm not found: the suites' tools (@usebruno/cli, newman) are "
                             "npm packages; install Node.js 20 or later with npm")
        tools.mkdir(parents=True, exist_ok=True)
        subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--prefix", str(tools),
                        "@usebruno/cli", "newman"], check=True, stdout=subprocess.DEVNULL)
    return bin_dir


def serve(framework: str, workdir: Path, database: str) -> tuple[subprocess.Popen, str]:
    """Start one build under gunicorn on the given database; return it and its origin."""
    env = {**os.environ, "SECRET_KEY": secrets.token_hex(32), "DATABASE_URL": database}
    # The socket made here and handed down: its port is gunicorn's from the start.
    with open(workdir / f"{framework}.log", "w") as log, listening_socket() as listener:
        port = listener.getsockname()[1]
        server = subprocess.Popen(
            [str(Path(sys.executable).parent / "gunicorn"), *gunicorn_bind(listener),
             "--workers", "1", "--threads", "4", f"{framework}_app:create_app()"],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
            pass_fds=(listener.fileno(),))
    origin = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60  # a busy CI machine may take its time to boot it
    while time.monotonic() < deadline and server.poll() is None:
        try:
            urllib.request.urlopen(f"{origin}/api/tags", timeout=1)
            return server, origin
        except OSError:
            time.sleep(0.1)
    server.terminate()
    server.wait(timeout=10)
    # The log goes with the temporary folder: its end, here.
    tail = "".join((workdir / f"{framework}.log").read_text().splitlines(True)[-10:])
    raise SystemExit(f"{framework} did not start under gunicorn:\n{tail}")


CHECKS = ("Assertions", "Tests", "PreRequestTests", "PostResponseTests")
TIMEOUT = 600  # seconds for one tool run: a hung request fails the run, never CI's clock


def run_tool(command: list[str], **options: object) -> None:
    try:
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       timeout=TIMEOUT, **options)  # type: ignore[call-overload]
    except subprocess.TimeoutExpired:
        pass  # its report is missing or partial: counted as failures below


def run_bruno(bin_dir: Path, bruno: Path, origin: str, out: Path) -> dict:
    """Each folder of the collection in turn; requests and checks (assertions and test
    scripts) summed, with the folders where anything failed."""
    total = {"requests": 0, "passed": 0, "checks": 0, "failed_checks": 0, "failures": []}
    folders = sorted(p.name for p in bruno.iterdir()
                     if p.is_dir() and p.name != "environments")
    for folder in folders:
        report = out / f"bruno-{folder}.json"
        run_tool([str(bin_dir / "bru"), "run", folder, "--env", "local",
                  "--env-var", f"host={origin}", "--sandbox", "safe",
                  "--reporter-json", str(report)], cwd=bruno)
        try:
            summary = json.loads(report.read_text())[0]["summary"]
        except (OSError, ValueError, LookupError):
            total["failures"].append(f"{folder}: no report (see {report.parent})")
            continue
        checks = sum(summary[f"total{name}"] for name in CHECKS)
        failed = sum(summary[f"failed{name}"] for name in CHECKS)
        total["requests"] += summary["totalRequests"]
        total["passed"] += summary["passedRequests"]
        total["checks"] += checks
        total["failed_checks"] += failed
        if summary["passedRequests"] != summary["totalRequests"] or failed:
            total["failures"].append(
                f"{folder}: {summary['passedRequests']}/{summary['totalRequests']} requests, "
                f"{failed} of {checks} checks failed")
    return total


def run_postman(bin_dir: Path, collection: Path, origin: str, out: Path) -> dict:
    report = out / "newman.json"
    user = f"u{int(time.time() * 1000)}"
    run_tool([str(bin_dir / "newman"), "run", str(collection),
              "--global-var", f"APIURL={origin}/api", "--global-var", f"USERNAME={user}",
              "--global-var", f"EMAIL={user}@example.com", "--global-var", "PASSWORD=password",
              "--reporters", "json", "--reporter-json-export", str(report)])
    try:
        run = json.loads(report.read_text())["run"]
    except (OSError, ValueError, LookupError):
        return {"requests": 0, "passed": 0, "checks": 0, "failed_checks": 0,
                "failures": [f"no report (see {out})"]}
    stats = run["stats"]
    # newman's "failed requests" are network failures; a request fails on any failure
    # (a failed assertion, a script error).
    failing = {f["source"].get("id") or f["source"].get("name") for f in run["failures"]}
    return {"requests": stats["requests"]["total"],
            "passed": stats["requests"]["total"] - len(failing),
            "checks": stats["assertions"]["total"],
            "failed_checks": stats["assertions"]["failed"],
            "failures": [f"{f['source']['name']}: {f['error']['message']}"
                         for f in run["failures"]]}


def passed(result: dict) -> bool:
    return (result["requests"] > 0 and result["passed"] == result["requests"]
            and not result["failed_checks"] and not result["failures"])


def line(suite: str, framework: str, database: str, result: dict) -> str:
    requests = f"{result['passed']}/{result['requests']}"
    checks = f"{result['checks'] - result['failed_checks']}/{result['checks']}"
    return (f"  {suite:8} {framework:7} {database:9} requests {requests:>8}  "
            f"checks {checks:>8}  {'ok' if passed(result) else 'FAIL'}")


@contextmanager
def database_server(kind: str, url: str | None) -> Iterator[str | None]:
    """Where each build's fresh database goes: None for a SQLite file; the server --database-url
    names; or a throwaway one of our own."""
    if kind == "sqlite":
        yield None
    elif url:
        yield url
    else:
        with throwaway_server() as server:
            yield server


def run_build(framework: str, server: str | None, bin_dir: Path, bruno: Path | None,
              postman: Path, out: Path) -> dict[str, dict]:
    """Both suites against one build, served on a fresh database of its own."""
    out.mkdir()
    with fresh_database(framework, out, server) as database:
        process, origin = serve(framework, out, database)
        try:
            found = {"bruno": run_bruno(bin_dir, bruno, origin, out)} if bruno else {}
            found["postman"] = run_postman(bin_dir, postman, origin, out)
        finally:
            process.terminate()
            process.wait(timeout=10)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path, nargs="?", default=DEFAULT_SUITES,
                        help="a folder laid out like the realworld repository "
                             "(default: ../shared/realworld)")
    parser.add_argument("--tools", type=Path, help="folder for the npm tools (kept)")
    parser.add_argument("--framework", choices=FRAMEWORKS, action="append")
    parser.add_argument("--db", choices=DATABASES, action="append",
                        help="run on SQLite (the default) and/or PostgreSQL: a throwaway "
                             "server started for the run unless --database-url names one")
    parser.add_argument("--database-url", metavar="URL",
                        help=f"{SERVER_HELP} (implies --db postgres)")
    args = parser.parse_args(argv)
    folder = args.folder.resolve()
    try:
        check_server(args.database_url)
        if not folder.is_dir():
            raise UsageError(f"{args.folder} is not a folder (a copy of the realworld "
                             "repository's suites, see --help)")
    except UsageError as error:
        parser.error(str(error))
    databases = args.db or (["postgres"] if args.database_url else ["sqlite"])
    results: list[tuple[str, str, str, dict]] = []
    with tempfile.TemporaryDirectory(prefix="realworld-") as tmp:
        work = Path(tmp)
        try:
            bruno, postman = extract_suites(folder, work)
        except UsageError as error:
            parser.error(str(error))
        commit = source_commit(folder)
        print(f"RealWorld's suites from {folder}, commit {commit}", flush=True)
        if bruno is None:
            print(f"note: this folder has no {BRUNO} (it predates the Bruno suite): "
                  "only the classic Postman collection runs", file=sys.stderr)
        bin_dir = install_tools((args.tools or work / "tools").resolve())
        for kind in dict.fromkeys(databases):
            with database_server(kind, args.database_url) as server:
                for framework in args.framework or FRAMEWORKS:
                    started = time.monotonic()
                    found = run_build(framework, server, bin_dir, bruno, postman,
                                      work / f"{framework}-{kind}")
                    print(f"\n{framework} on {kind} ({time.monotonic() - started:.0f} s):",
                          flush=True)
                    for suite, result in found.items():
                        results.append((suite, framework, kind, result))
                        print(line(suite, framework, kind, result))
                        for failure in result["failures"]:
                            print(f"      {failure}")
    print(f"\nRealWorld's suites at commit {commit} (requests and checks passed, of all):")
    for suite, framework, kind, result in results:
        print(line(suite, framework, kind, result))
    failed = sum(not passed(result) for *_, result in results)
    print(f"{len(results) - failed} of {len(results)} suite runs passed", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
