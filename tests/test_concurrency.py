"""32 clients writing at once to gunicorn, with worker processes and with threads: no
answer is a 5xx, and what the database holds afterwards is what was answered with
success (issue 13). `make soak` runs more rounds and reports the latencies."""

from __future__ import annotations

import http.client
import json
import re
import statistics
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlencode

import pytest
from sqlalchemy import create_engine, text

from .servers import gunicorn

CLIENTS = 32
SERVERS = {  # gunicorn options: 4 worker processes; 2 processes of 8 threads
    "workers": ("-w", "4"),
    "threads": ("-w", "2", "-k", "gthread", "--threads", "8"),
}
CHEAP = {"PASSWORD_HASH_PROFILE": "CHEAPEST"}
CSRF = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')


class Client:
    """One connection with its own cookies; records every status and latency."""

    def __init__(self, port: int, log: list):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.cookies: dict[str, str] = {}
        self.token: str | None = None
        self.log = log

    def call(self, method: str, path: str, body: dict | None = None,
             form: dict | None = None) -> tuple[int, str]:
        headers = {"Connection": "keep-alive"}
        payload = None
        if body is not None:
            payload, headers["Content-Type"] = json.dumps(body), "application/json"
        if form is not None:
            payload = urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        if self.token:
            headers["Authorization"] = f"Token {self.token}"
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        started = time.perf_counter()
        self.connection.request(method, path, payload, headers)
        answer = self.connection.getresponse()
        data = answer.read().decode()
        self.log.append((method, path.split("/")[2] if path.count("/") > 1 else path,
                         answer.status, time.perf_counter() - started))
        for cookie in answer.headers.get_all("Set-Cookie") or []:
            name, _, value = cookie.split(";")[0].partition("=")
            self.cookies[name] = value
        if answer.getheader("Connection", "").lower() == "close":
            self.connection.close()
        return answer.status, data

    def json(self, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
        status, data = self.call(method, path, body)
        return status, json.loads(data) if data else {}


def at_once(work, items) -> list:
    """Run `work` on every item from CLIENTS threads released together."""
    gate = threading.Barrier(len(items))

    def run(item):
        gate.wait()
        return work(item)

    with ThreadPoolExecutor(len(items)) as pool:
        return list(pool.map(run, items))


def variant(name: str, i: int) -> str:
    """The same name in another letter case per client."""
    return "".join(c.upper() if (i >> n) & 1 else c for n, c in enumerate(name))


def workload(port: int, rounds: int, log: list) -> dict:
    """Every kind of write at once; return the count of successes per kind."""
    clients = [Client(port, log) for _ in range(CLIENTS)]
    done = {"register": 0, "racer": 0, "article": 0, "comment": 0, "favorite": 0,
            "follow": 0, "guestbook": 0}

    def register(i):
        status, answer = clients[i].json("POST", "/api/users", {"user": {
            "username": f"writer{i}", "email": f"writer{i}@example.com",
            "password": "a long password"}})
        assert status == 201, answer
        clients[i].token = answer["user"]["token"]
        # one name and one email in 32 letter cases: exactly one account
        status, answer = clients[i].json("POST", "/api/users", {"user": {
            "username": variant("racer", i), "email": variant("racer@example.com", i),
            "password": "a long password"}})
        assert status in (201, 409), answer
        return status == 201

    done["racer"] = sum(at_once(register, range(CLIENTS)))  # 409 for the others
    done["register"] = CLIENTS
    slugs = []

    def article(i):
        status, answer = clients[i].json("POST", "/api/articles", {"article": {
            "title": "One title for all", "description": "d", "body": "b",
            "tagList": ["shared-new-tag", f"tag{i}"]}})
        assert status == 201, answer
        return answer["article"]["slug"]

    for _ in range(rounds):
        slugs += at_once(article, range(CLIENTS))
    done["article"] = len(slugs)
    target = slugs[0]

    def social(i):
        client = clients[i]
        assert client.json("POST", f"/api/articles/{target}/comments",
                           {"comment": {"body": f"from {i}"}})[0] == 201
        done_here = {"comment": 1}
        status, _ = client.json("POST", f"/api/articles/{target}/favorite")
        assert status == 200
        status, _ = client.json("POST", f"/api/profiles/writer{(i + 1) % CLIENTS}/follow")
        assert status == 200
        status, page = client.call("GET", "/guestbook")
        assert status == 200
        status, _ = client.call("POST", "/guestbook", form={
            "name": f"writer{i}", "message": "hello", "csrf_token": CSRF.search(page)[1]})
        assert status in (302, 303), status
        done_here["guestbook"] = 1
        return done_here

    for _ in range(rounds):
        for result in at_once(social, range(CLIENTS)):
            for key, count in result.items():
                done[key] += count
    done["favorite"] = done["follow"] = CLIENTS  # a link stored once, however often sent
    for client in clients:
        client.connection.close()
    return done


def stored(url: str) -> dict:
    engine = create_engine(url)
    try:
        with engine.connect() as db:
            def count(sql, **params):
                return db.scalar(text(sql), params)

            return {
                "register": count("SELECT count(*) FROM users WHERE username LIKE 'writer%'"),
                "racer": count("SELECT count(*) FROM users WHERE lower(username) = 'racer'"
                               " OR lower(email) = 'racer@example.com'"),
                "article": count("SELECT count(DISTINCT slug) FROM articles"),
                "comment": count("SELECT count(*) FROM comments"),
                "favorite": count("SELECT count(*) FROM favorites"),
                "follow": count("SELECT count(*) FROM follows"),
                "guestbook": count("SELECT count(*) FROM guestbook_entries"),
                "shared tag": count("SELECT count(*) FROM tags WHERE name = 'shared-new-tag'"),
            }
    finally:
        engine.dispose()


def report(name: str, log: list) -> str:
    times = sorted(t for *_, t in log)
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    return (f"{name}: {len(log)} requests, p50 {statistics.median(times) * 1000:.1f} ms, "
            f"p99 {p99 * 1000:.1f} ms, max {times[-1] * 1000:.1f} ms")


@pytest.mark.parametrize("kind", SERVERS)
def test_concurrent_writes_store_what_was_answered(framework, databases, tmp_path, kind,
                                                   request):
    rounds = 10 if request.config.getoption("soak") else 1
    url = databases.new(empty=True)
    options = SERVERS[kind]
    with gunicorn(framework, url, tmp_path, *options[2:], workers=int(options[1]),
                  settings=CHEAP) as server:
        assert server.port is not None, server.text()
        log: list = []
        done = workload(server.port, rounds, log)
        print("\n" + report(f"{framework} {kind} {databases.backend}", log))
        found = stored(url)
        assert server.process.poll() is None, server.text()
        errors = [entry for entry in log if entry[2] >= 500]
        assert not errors, (errors, server.text())
        assert "Traceback" not in server.text(), server.text()
    assert found == {**done, "racer": 1, "shared tag": 1}
    assert done["racer"] == 1
