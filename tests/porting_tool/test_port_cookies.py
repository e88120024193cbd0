"""P020: Bottle's signed cookies (`secret=`) keep their name; the port signs them
with itsdangerous through OUT/bottle_cookies.py (a copy of bottle2flask/migrate/legacy.py)
and still reads the legacy pickled ones safely, so a signed-in user stays signed in."""

from __future__ import annotations

from pathlib import Path

import pytest
import webtest

from bottle2flask.loading import load
from bottle2flask.migrate import legacy
from bottle2flask.port.folder import port_tree

from .helpers import port as port_faithful
from .helpers import write_files


def port(source: str, **options):
    """The default (idiomatic) port."""
    return port_faithful(source, **{"faithful": False, **options})


APP = '''
from bottle import Bottle, request, response


SECRET = "s3cret"
app = Bottle()


@app.route("/login/<name>")
def login(name):
    response.set_cookie("account", name, secret=SECRET, path="/")
    return "ok"


@app.route("/")
def home():
    return "hello " + request.get_cookie("account", "guest", secret=SECRET)


@app.route("/logout")
def logout():
    response.delete_cookie("account", path="/", secret=SECRET)
    return "bye"
'''


def clients(tmp_path):
    src = write_files(tmp_path / "src", {"app.py": APP})
    result = port_tree(src, tmp_path / "out")
    assert not result.failed
    return result, [webtest.TestApp(load(str(folder / "app.py")).wsgi)
                    for folder in (src, tmp_path / "out")]


def test_unsigned_cookies_are_left_as_they_were():
    result = port('''
        from bottle import Bottle, request, response

        app = Bottle()


        @app.route("/")
        def index():
            response.set_cookie("seen", "1")
            response.delete_cookie("old")
            return request.get_cookie("seen", "0")
    ''')
    assert 'resp.set_cookie("seen", "1")' in result.code
    assert 'resp.delete_cookie("old")' in result.code
    assert 'request.cookies.get("seen") or "0"' in result.code  # Bottle's value or default
    assert "bottle_cookies" not in result.code and result.companions == []


def test_signed_cookies_keep_their_name_and_are_signed_by_the_copied_module(tmp_path):
    result, _ = clients(tmp_path)
    code = (tmp_path / "out" / "app.py").read_text()
    assert 'bottle_cookies.loads(request.cookies.get("account"), "account", SECRET, ' \
        '"guest")' in code
    assert 'resp.set_cookie("account", bottle_cookies.dumps("account", name, SECRET), ' \
        'path="/")' in code
    assert 'resp.delete_cookie("account", path="/")' in code
    assert (tmp_path / "out" / "bottle_cookies.py").read_text() == \
        Path(legacy.__file__).read_text()
    assert result.modules[0].todos == []


def test_a_user_signed_in_on_bottle_stays_signed_in_on_the_port(tmp_path):
    """Under Bottle 0.12 too: its cookies are signed with HMAC-MD5, which loads() tries
    after 0.13's SHA-256."""
    _, (bottle_client, flask_client) = clients(tmp_path)
    bottle_client.get("/login/ann")
    cookie = bottle_client.cookies["account"]
    assert cookie.strip('"').startswith("!")  # Bottle's pickled format
    flask_client.set_cookie("account", cookie.strip('"'))
    assert flask_client.get("/").text == bottle_client.get("/").text == "hello ann"


def test_the_port_signs_in_reads_and_signs_out_as_the_original(tmp_path):
    _, both = clients(tmp_path)
    for client in both:
        assert client.get("/").text == "hello guest"
        client.get("/login/bob")
        assert client.get("/").text == "hello bob"
        client.get("/logout")
        assert client.get("/").text == "hello guest"


def test_forged_and_pickle_bearing_cookies_are_refused(tmp_path):
    _, (_, flask_client) = clients(tmp_path)

    class Exploit:
        def __reduce__(self):
            return (print, ("owned",))

    forged = legacy.encode("account", "ann", "guessed")
    evil = legacy.encode("account", Exploit(), "s3cret")
    for value in (forged, evil, "ann", legacy.dumps("account", "ann", "guessed")):
        flask_client.set_cookie("account", value)
        assert flask_client.get("/").text == "hello guest"


GAME = '''
import bottle

SECRET = "Uno karte so fajn"
GAMES = {}


@bottle.post("/new/")
def new_game():
    game = len(GAMES)
    GAMES[game] = ["red 3", "blue 7"]
    bottle.response.set_cookie("game", game, secret=SECRET, path="/")
    bottle.redirect("/game")


@bottle.get("/game")
def show_game():
    game = bottle.request.get_cookie("game", secret=SECRET)
    return "game %d: %s" % (int(game), ", ".join(GAMES[int(game)]))


app = bottle.default_app()
'''


def played(client) -> tuple[str, str]:
    """The signed cookie a new game sets, and the page that reads it back."""
    started = client.post("/new/")
    cookie = next(v for k, v in started.headers.items() if k == "Set-Cookie")
    return cookie.partition(";")[0], client.get("/game").text


# Bottle 0.13 warns of a signed cookie that is not a string (it still pickles it)
NOT_A_STRING = "ignore:Warning. Use of deprecated feature:DeprecationWarning"


@pytest.mark.filterwarnings(NOT_A_STRING)
def test_the_exact_form_writes_bottles_bytes_and_reads_them_back(tmp_path):
    """RULE-s50's UNO-Karte (its game's id, an int, in a signed cookie): --faithful gives
    Bottle's `!signature?pickle` byte for byte, of the Bottle beside the port (0.12: a
    tuple and HMAC-MD5), and the port's pages read it as the original's did."""
    from .helpers import both_apps

    bottle_client, flask_client = both_apps(tmp_path, GAME, "uno_exact", faithful=True)
    code = (tmp_path / "out" / "web.py").read_text()
    assert 'set_cookie("game", bottle_cookie("game", game, SECRET), path="/")' in code
    original, port = played(bottle_client), played(flask_client)
    assert original[0].startswith('game="!') and port == original
    assert port[1] == "game 0: red 3, blue 7"


# RULE-s51c class K (kaitolucifer): a signed cookie deleted with its secret
SIGNED_OUT = """
    from bottle import Bottle, response

    app = Bottle()
    SECRET = "s3cret"


    @app.route("/logout")
    def logout():
        response.delete_cookie("login_status", secret=SECRET, path="/")
        return "out"
"""


@pytest.mark.parametrize("faithful", [False, True], ids=["idiomatic", "exact"])
def test_a_signed_cookie_deleted_with_its_secret(tmp_path, faithful):
    """Bottle hands delete_cookie's keywords to set_cookie: the expired cookie carries
    the signed empty value. Idiomatic: Flask's delete_cookie (the cookie deleted alike);
    exact (--faithful): Bottle's header byte for byte (it was `login_status=""`)."""
    from .helpers import both_apps

    bottle_client, flask_client = both_apps(tmp_path, SIGNED_OUT, f"signed_out_{faithful}",
                                            faithful=faithful)
    original, port = (next(v for k, v in client.get("/logout").headers.items()
                           if k == "Set-Cookie") for client in (bottle_client, flask_client))
    assert original.startswith('login_status="!') and "Max-Age=-1" in original
    code = (tmp_path / "out" / "web.py").read_text()
    if faithful:
        assert port == original
        assert 'bottle_cookie("login_status", "", SECRET), path="/", max_age=-1, expires=0' \
            in code
    else:
        assert port.startswith("login_status=;") and "Max-Age=0" in port
        assert 'delete_cookie("login_status", path="/")' in code


@pytest.mark.filterwarnings(NOT_A_STRING)
def test_the_idiomatic_form_declares_its_bytes_and_reads_back_its_own_cookie(tmp_path):
    from .helpers import both_apps

    bottle_client, flask_client = both_apps(tmp_path, GAME, "uno_idiom")
    original, port = played(bottle_client), played(flask_client)
    assert original[0] != port[0] and "!" not in port[0]
    assert port[1] == original[1] == "game 0: red 3, blue 7"
    settings = (tmp_path / "out" / "parity.toml").read_text()
    assert 'name = "D-signed-cookie"\ncookie = "game"\npath = "*"' in settings


def test_the_check_counts_the_signed_cookie_declared_and_its_pages_the_same(tmp_path):
    """The cookie was "different" on the page that set it (UNO-Karte's /nova_igra/):
    the check sets its value aside and compares the pages that read it back."""
    import json

    from bottle2flask.cli import main as kit

    src = write_files(tmp_path / "src", {"web.py": GAME})
    assert kit(["port", str(src), "-o", str(tmp_path / "out"), "--check-timeout", "120"]) == 0
    check = json.loads((tmp_path / "out" / "porting-report.json").read_text())["check"]
    results = {r["rule"]: r["result"] for r in check["routes"]}
    assert results == {"/new/": "declared", "/game": "declared"}
