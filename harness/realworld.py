"""Run RealWorld's official API suites (Bruno mirror of the Hurl tests, legacy Postman)
against both builds, each served by gunicorn on a fresh database.

    python -m harness.realworld PATH_TO_REALWORLD_REPO [--tools DIR] [--framework NAME]
                                [--database-url postgresql+psycopg://...]

PATH is a clone (or bare mirror) of the realworld repository; nothing from it is
copied into this project. The npm tools (@usebruno/cli, newman) are installed into
--tools (default: a temporary folder) unless they are already there.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from bottle2flask.errors import UsageError

from .database import SERVER_HELP, check_server, fresh_database

ROOT = Path(__file__).resolve().parent.parent
FRAMEWORKS = ("bottle", "flask")
POSTMAN = "api/Conduit.postman_collection.json"
BRUNO = "specs/api/bruno"
POSTMAN_REQUESTS = 32  # the classic collection, before the 2026 v2 rewrite


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True,
                          capture_output=True, text=True).stdout


def count_requests(items: list) -> int:
    return sum(count_requests(i["item"]) if "item" in i else 1 for i in items)


def extract_suites(repo: Path, into: Path) -> tuple[Path | None, Path]:
    """Copy the Bruno collection (None if this clone predates it) and the classic
    Postman collection out of the repo."""
    archive = into / "bruno.tar"
    bruno: Path | None = into / BRUNO
    if git(repo, "ls-tree", "HEAD", BRUNO).strip():
        git(repo, "archive", "--format=tar", f"--output={archive}", "HEAD", BRUNO)
        shutil.unpack_archive(archive, into)
    else:
        bruno = None
    for commit in git(repo, "log", "--all", "--format=%H", "--", POSTMAN).split():
        try:
            text = git(repo, "show", f"{commit}:{POSTMAN}")
            if count_requests(json.loads(text)["item"]) == POSTMAN_REQUESTS:
                break
        except (subprocess.CalledProcessError, ValueError, KeyError):
            continue
    else:
        raise SystemExit(f"no {POSTMAN_REQUESTS}-request {POSTMAN} in the history of {repo}")
    postman = into / "Conduit.postman_collection.json"
    postman.write_text(text)
    return bruno, postman


def install_tools(tools: Path) -> Path:
    bin_dir = tools / "node_modules/.bin"
    if not ((bin_dir / "bru").exists() and (bin_dir / "newman").exists()):
        tools.mkdir(parents=True, exist_ok=True)
        subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--prefix", str(tools),
                        "@usebruno/cli", "newman"], check=True, stdout=subprocess.DEVNULL)
    return bin_dir


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(framework: str, workdir: Path, database: str) -> tuple[subprocess.Popen, str]:
    """Start one build under gunicorn on the given database; return it and its origin."""
    port = free_port()
    env = {**os.environ, "SECRET_KEY": secrets.token_hex(32), "DATABASE_URL": database}
    with open(workdir / f"{framework}.log", "w") as log:  # the server keeps its own copy
        server = subprocess.Popen(
            [str(Path(sys.executable).parent / "gunicorn"), "--bind", f"127.0.0.1:{port}",
             "--workers", "1", "--threads", "4", f"{framework}_app:create_app()"],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    origin = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urllib.request.urlopen(f"{origin}/api/tags", timeout=1)
            return server, origin
        except OSError:
            time.sleep(0.1)
    server.terminate()
    raise SystemExit(f"{framework} did not start; see {workdir / f'{framework}.log'}")


def run_bruno(bin_dir: Path, bruno: Path, origin: str, out: Path) -> dict[str, dict]:
    results = {}
    folders = sorted(p.name for p in bruno.iterdir()
                     if p.is_dir() and p.name != "environments")
    for folder in folders:
        report = out / f"bruno-{folder}.json"
        subprocess.run([str(bin_dir / "bru"), "run", folder, "--env", "local",
                        "--env-var", f"host={origin}", "--sandbox", "safe",
                        "--reporter-json", str(report)],
                       cwd=bruno, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        summary = json.loads(report.read_text())[0]["summary"]
        results[folder] = {"requests": summary["totalRequests"],
                           "passed": summary["passedRequests"],
                           "assertions": summary["totalAssertions"],
                           "failed_assertions": summary["failedAssertions"]}
    return results


def run_postman(bin_dir: Path, collection: Path, origin: str, out: Path) -> dict:
    report = out / "newman.json"
    user = f"u{int(time.time() * 1000)}"
    subprocess.run([str(bin_dir / "newman"), "run", str(collection),
                    "--global-var", f"APIURL={origin}/api", "--global-var", f"USERNAME={user}",
                    "--global-var", f"EMAIL={user}@example.com",
                    "--global-var", "PASSWORD=password",
                    "--reporters", "json", "--reporter-json-export", str(report)],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    run = json.loads(report.read_text())["run"]
    stats = run["stats"]
    # newman's "failed requests" are network failures; a request fails on any failure
    # (a failed assertion, a script error).
    failing = {f["source"].get("id") or f["source"].get("name") for f in run["failures"]}
    return {"requests": stats["requests"]["total"],
            "passed": stats["requests"]["total"] - len(failing),
            "assertions": stats["assertions"]["total"],
            "failed_assertions": stats["assertions"]["failed"],
            "failures": [f"{f['source']['name']}: {f['error']['message']}"
                         for f in run["failures"]]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("repo", type=Path, help="clone or bare mirror of realworld")
    parser.add_argument("--tools", type=Path, help="folder for the npm tools (kept)")
    parser.add_argument("--framework", choices=FRAMEWORKS, action="append")
    parser.add_argument("--database-url", metavar="URL", help=SERVER_HELP)
    args = parser.parse_args(argv)
    try:
        check_server(args.database_url)
    except UsageError as error:
        parser.error(str(error))
    failed = 0
    with tempfile.TemporaryDirectory(prefix="realworld-") as tmp:
        work = Path(tmp)
        bruno, postman = extract_suites(args.repo.resolve(), work)
        if bruno is None:
            print(f"note: this clone has no {BRUNO} (it predates the Bruno suite): "
                  "only the classic Postman collection runs", file=sys.stderr)
        bin_dir = install_tools(args.tools or work / "tools")
        for framework in args.framework or FRAMEWORKS:
            out = work / framework
            out.mkdir()
            with fresh_database(framework, work, args.database_url) as database:
                server, origin = serve(framework, work, database)
                try:
                    results = run_bruno(bin_dir, bruno, origin, out) if bruno else {}
                    results["postman (legacy)"] = run_postman(bin_dir, postman, origin, out)
                finally:
                    server.terminate()
                    server.wait(timeout=10)
            print(f"\n{framework}:")
            for suite, r in results.items():
                ok = (r["passed"] == r["requests"] and not r["failed_assertions"]
                      and not r.get("failures"))
                failed += not ok
                print(f"  {suite:22} requests {r['passed']:3}/{r['requests']:<3} "
                      f"assertions {r['assertions'] - r['failed_assertions']:3}"
                      f"/{r['assertions']:<3} {'ok' if ok else 'FAIL'}")
                for failure in r.get("failures", []):
                    print(f"      {failure}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
