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

from ..listening import gunicorn_bind, listening_socket

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
    """A port free now, for a server that cannot be handed a socket (granian): another
    process may take it before the server binds it (Server.wait_ready starts it again)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def command(server: str, target: str, port: int,
            listener: socket.socket | None = None) -> list[str]:
    """How each server is started on `target` (module:factory()), WORKERS processes each:
    gunicorn on `listener`, a socket listening already, granian on `port`."""
    if server == "granian":
        module, _, factory = target.partition(":")
        return [sys.executable, "-m", "granian", "--interface", "wsgi", "--factory",
                "--workers", str(WORKERS), "--host", "127.0.0.1", "--port", str(port),
                "--log-level", "warning", f"{module}:{factory.removesuffix('()')}"]
    assert listener is not None, "gunicorn serves on a socket handed to it"
    worker_class = {"gunicorn": WORKER_CLASS, "gunicorn-gthread": "gthread"}[server]
    threads = ["--threads", "4"] if worker_class == "gthread" else []
    return [sys.executable, "-m", "gunicorn", "--workers", str(WORKERS), "--worker-class",
            worker_class, *threads, *gunicorn_bind(listener), "--log-level", "warning",
            "--backlog", "2048", target]


class Server:
    """One app under gunicorn (or another server) with the same settings as every other."""

    STARTS = 3  # granian, told a port another process took meanwhile, is started again

    def __init__(self, target: str, env: dict, server: str = "gunicorn"):
        self.target, self.env, self.server = target, env, server
        self.starts = 0
        self.start()

    def start(self) -> None:
        self.starts += 1
        if self.server == "granian":
            self.port = free_port()
            self.process = self.popen(command(self.server, self.target, self.port))
            return
        # gunicorn is handed a socket listening already: no moment in which another
        # process could take the port
        with listening_socket() as listener:
            self.port = listener.getsockname()[1]
            self.process = self.popen(command(self.server, self.target, self.port, listener),
                                      pass_fds=(listener.fileno(),))

    def popen(self, args: list[str], pass_fds: tuple[int, ...] = ()) -> subprocess.Popen:
        return subprocess.Popen(args, cwd=ROOT, env={**os.environ, **self.env},
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                                pass_fds=pass_fds)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def wait_ready(self, path: str, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                said = self.process.stderr.read()[-2000:]
                if "in use" in said.lower() and self.starts < self.STARTS:
                    self.stop()
                    self.start()  # its port was taken before it bound it
                    continue
                raise RuntimeError(f"{self.server} exited: {said}")
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
        if self.process.stderr:
            self.process.stderr.close()


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
