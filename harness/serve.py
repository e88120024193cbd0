"""Run both builds at once; one Ctrl-C stops them all."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time

from adapters import FRAMEWORKS


class PortInUse(SystemExit):
    pass


def check_port(host: str, port: int, what: str) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError:
            raise PortInUse(
                f"error: port {port} (for {what}) is already in use. Stop whatever uses it, "
                f"or pick another port, e.g. make serve {what.upper()}_PORT={port + 1}"
            ) from None


def commands(ports: dict[str, int], host: str) -> dict[str, list[str]]:
    python = sys.executable
    return {
        "bottle": [python, "-m", "bottle_app", "--host", host, "--port", str(ports["bottle"])],
        "flask": [python, "-m", "flask", "--app", "flask_app", "run", "--debug",
                  "--host", host, "--port", str(ports["flask"])],
    }


def serve(ports: dict[str, int], host: str = "localhost") -> int:
    for name, port in ports.items():
        check_port(host, port, name)
    env = {**os.environ, "DEBUG": os.environ.get("DEBUG", "1")}
    children = {name: subprocess.Popen(cmd, env=env)
                for name, cmd in commands(ports, host).items() if name in FRAMEWORKS}
    for name, port in ports.items():
        print(f"  {name:<7} http://{host}:{port}/", flush=True)
    print("Press Ctrl-C to stop all.", flush=True)
    try:
        while all(child.poll() is None for child in children.values()):
            time.sleep(0.3)
        failed = [n for n, c in children.items() if c.returncode not in (None, 0)]
        print(f"error: {', '.join(failed) or 'a server'} stopped; stopping the rest.",
              file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0
    finally:
        for child in children.values():
            if child.poll() is None:
                child.terminate()
        for child in children.values():
            try:
                child.wait(timeout=5)
            except subprocess.TimeoutExpired:
                child.kill()
