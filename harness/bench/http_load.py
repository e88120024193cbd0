"""Over HTTP: each app under gunicorn, loaded by wrk; peak memory from /proc."""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WORKERS = 2
WORKER_CLASS = "sync"
WRK_MISSING = ("wrk is not installed, so the HTTP part is skipped. Install it with "
               "`apt-get install -y wrk` (Debian/Ubuntu) and run again.")


def wrk_path() -> str | None:
    return shutil.which("wrk")


def wrk_version() -> str:
    found = wrk_path()
    if not found:
        return "not installed"
    out = subprocess.run([found, "-v"], capture_output=True, text=True).stdout
    return out.split("[")[0].strip() or "unknown"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def command(server: str, target: str, port: int) -> list[str]:
    """How each server is started on `target` (module:factory()), WORKERS processes each."""
    if server == "granian":
        module, _, factory = target.partition(":")
        return [sys.executable, "-m", "granian", "--interface", "wsgi", "--factory",
                "--workers", str(WORKERS), "--host", "127.0.0.1", "--port", str(port),
                "--log-level", "warning", f"{module}:{factory.removesuffix('()')}"]
    worker_class = {"gunicorn": WORKER_CLASS, "gunicorn-gthread": "gthread"}[server]
    threads = ["--threads", "4"] if worker_class == "gthread" else []
    return [sys.executable, "-m", "gunicorn", "--workers", str(WORKERS), "--worker-class",
            worker_class, *threads, "--bind", f"127.0.0.1:{port}", "--log-level", "warning",
            "--backlog", "2048", target]


class Server:
    """One app under gunicorn (or another server) with the same settings as every other."""

    def __init__(self, target: str, env: dict, server: str = "gunicorn"):
        self.port = free_port()
        self.process = subprocess.Popen(
            command(server, target, self.port),
            cwd=ROOT, env={**os.environ, **env},
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def wait_ready(self, path: str, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited: {self.process.stderr.read()[-2000:]}")
            try:
                urllib.request.urlopen(self.base + path, timeout=10).read()
                return
            except OSError:  # refused, reset or timed out while the workers boot
                time.sleep(0.2)
        raise RuntimeError("gunicorn did not answer in time")

    def workers(self) -> list[int]:
        children = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == self.process.pid:
                children.append(int(stat.parent.name))
        return children

    def peak_memory(self) -> dict:
        """Peak resident memory (VmHWM) of the master and each worker, in MiB."""
        workers = [peak_rss(pid) for pid in self.workers()]
        workers = [w for w in workers if w is not None]
        return {"master_mib": peak_rss(self.process.pid), "workers_mib": workers,
                "total_mib": round((peak_rss(self.process.pid) or 0) + sum(workers), 1)}

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


    def resident(self) -> list[float]:
        """Resident memory (VmRSS) of each worker now, in MiB."""
        return [m for m in (peak_rss(pid, "VmRSS") for pid in self.workers()) if m is not None]


def peak_rss(pid: int, field: str = "VmHWM") -> float | None:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    match = re.search(rf"^{field}:\s+(\d+) kB", status, re.MULTILINE)
    return round(int(match.group(1)) / 1024, 1) if match else None


def check(base: str, path: str, content_type: str) -> list[str]:
    """What a TFB verifier would object to in one response; [] when it is fine."""
    try:
        response = urllib.request.urlopen(base + path, timeout=10)
    except urllib.error.HTTPError as error:
        return [f"status {error.code}"]
    problems = []
    headers = response.headers
    for name in ("Server", "Date"):
        if len(headers.get_all(name) or []) != 1:
            problems.append(f"{name} header sent {len(headers.get_all(name) or [])} times")
    # Case-insensitive, as charset values are: Bottle writes charset=UTF-8.
    if (headers.get("Content-Type") or "").lower() != content_type.lower():
        problems.append(f"Content-Type {headers.get('Content-Type')!r}, "
                        f"expected {content_type!r}")
    body = response.read()
    if int(headers.get("Content-Length", -1)) != len(body):
        problems.append("Content-Length does not match the body")
    return problems


_UNITS = {"us": 1e-3, "ms": 1.0, "s": 1e3, "m": 60e3}


def _ms(text: str) -> float:
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text).groups()
    return float(number) * _UNITS[unit]


def parse_wrk(output: str) -> dict:
    """Requests per second, p50/p99 latency (ms) and errors from `wrk --latency`."""
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    latency = dict(re.findall(r"^\s+(50|99)%\s+(\S+)", output, re.MULTILINE))
    socket_errors = re.search(
        r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output)
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    requests = int(re.search(r"(\d+) requests in", output).group(1))
    errors = (sum(int(n) for n in socket_errors.groups()) if socket_errors else 0) + (
        int(non_2xx.group(1)) if non_2xx else 0)
    return {"rps": rps, "p50_ms": _ms(latency["50"]), "p99_ms": _ms(latency["99"]),
            "errors": errors, "requests": requests}


def load(base: str, path: str, connections: int, seconds: float) -> dict:
    """Run wrk against one URL."""
    threads = min(2, connections)
    command = [wrk_path(), f"-t{threads}", f"-c{connections}", f"-d{seconds}s",
               "--timeout", "5s", "--latency", base + path]
    output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    return parse_wrk(output)
