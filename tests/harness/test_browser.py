"""The compare page in a real Chromium: mirrored panes, the parity panel, a form."""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from adapters import FRAMEWORKS, factory
from bottle2flask.compare.page import create_compare_app
from harness.serve import TEMPLATES, fresh_databases

CHROMIUM = Path("/usr/bin/chromium")
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

pytestmark = pytest.mark.browser


@pytest.fixture
def compare_url(settings, databases):
    """Serve the compare page over fresh builds on a free port, in a thread."""
    apps = {name: factory(name)({**settings, "DATABASE_URL": databases.new()})
            for name in FRAMEWORKS}
    compare = create_compare_app(apps, settings["SECRET_KEY"], templates=TEMPLATES)
    server = make_server("localhost", 0, compare, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://localhost:{server.server_port}"
    server.shutdown()
    thread.join()


@pytest.fixture
def seeded_compare_url(settings, tmp_path):
    """The compare page over builds that hold the demo data (ada can sign in)."""
    urls = fresh_databases(list(FRAMEWORKS), tmp_path)
    apps = {name: factory(name)({**settings, "DATABASE_URL": urls[name]})
            for name in FRAMEWORKS}
    yield from serving(create_compare_app(apps, settings["SECRET_KEY"], templates=TEMPLATES))


def serving(app):
    server = make_server("localhost", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://localhost:{server.server_port}"
    server.shutdown()
    thread.join()


@pytest.fixture
def page(tmp_path):
    """A page in Debian's Chromium, driven by Playwright, with a fresh profile."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("the Python package playwright is missing: run `make install`")
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: run `make browser-install` (needs root)")
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            tmp_path / "profile", executable_path=str(CHROMIUM), headless=True, args=ARGS,
            viewport={"width": 1400, "height": 900})
        yield context.pages[0] if context.pages else context.new_page()
        context.close()


def pane_path(page, side: str) -> str:
    return page.evaluate(f"document.getElementById('pane-{side}').contentWindow.location.pathname")


def wait_for_verdict(page, path: str, verdict: str) -> str:
    panel = page.locator(f'#parity[data-verdict="{verdict}"]', has_text=f"GET {path} (")
    panel.wait_for(timeout=15000)
    return panel.inner_text()


def test_both_panes_follow_each_other_and_the_panel_reports_parity(page, compare_url):
    left, right = FRAMEWORKS
    page.goto(compare_url + "/?path=/hello/World")
    assert "identical" in wait_for_verdict(page, "/hello/World", "identical")
    assert "Hello World" in page.frame_locator(f"#pane-{right}").locator(".greeting").inner_text()

    # Follow a link in the left pane: the right one follows, the panel says identical.
    page.frame_locator(f"#pane-{left}").locator("a.navbar-brand").click()
    page.wait_for_function(
        f"document.getElementById('pane-{right}').contentWindow.location.pathname"
        f" === '/{right}/'")
    assert "identical" in wait_for_verdict(page, "/", "identical")
    assert page.input_value("#address") == "/"

    # Type a path in the address bar: both panes load it.
    page.fill("#address", "/escaping")
    page.press("#address", "Enter")
    wait_for_verdict(page, "/escaping", "identical")

    # Submit a GET form in the right pane: the left one follows.
    form = page.frame_locator(f"#pane-{right}").locator("form")
    form.locator("#text").fill("<b>x</b>")
    form.get_by_role("button", name="Show").click()
    page.wait_for_function(
        f"document.getElementById('pane-{left}').contentWindow.location.search"
        " === '?text=%3Cb%3Ex%3C%2Fb%3E'")
    wait_for_verdict(page, "/escaping?text=%3Cb%3Ex%3C%2Fb%3E", "identical")
    assert page.frame_locator(f"#pane-{left}").locator(".escaped").inner_text() == "<b>x</b>"

    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "compare-page.png"), full_page=True)
    assert (ARTIFACTS / "compare-page.png").stat().st_size > 10_000


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)
    assert (ARTIFACTS / name).stat().st_size > 10_000


def test_a_redirecting_path_keeps_each_pane_in_its_own_build(page, compare_url):
    page.goto(compare_url + "/?path=/editor")
    wait_for_verdict(page, "/login?next=%2Feditor", "identical")
    for side in FRAMEWORKS:
        assert pane_path(page, side) == f"/{side}/login"
        query = page.evaluate(
            f"document.getElementById('pane-{side}').contentWindow.location.search")
        assert query == f"?next=/{side}/editor"
    assert page.input_value("#address") == "/login?next=%2Feditor"
    shot(page, "compare-redirect.png")


def sign_in(page, side: str) -> None:
    form = page.frame_locator(f"#pane-{side}").locator("form")
    form.locator("input[name=email]").fill("ada@example.com")
    form.locator("input[name=password]").fill("conduit-demo")
    form.locator("button[type=submit]").click()


def test_signing_in_in_one_pane_signs_in_both(page, seeded_compare_url):
    left, right = FRAMEWORKS
    page.goto(seeded_compare_url + "/?path=/editor")
    wait_for_verdict(page, "/login?next=%2Feditor", "identical")
    sign_in(page, right)
    # Each pane went on to its own build's editor, signed in as ada.
    for side in FRAMEWORKS:
        page.wait_for_function(
            f"document.getElementById('pane-{side}').contentWindow.location.pathname"
            f" === '/{side}/editor'", timeout=15000)
        nav = page.frame_locator(f"#pane-{side}").locator("nav")
        assert "ada" in nav.inner_text()
    text = wait_for_verdict(page, "/editor", "identical")
    assert "signed-in" in text
    assert page.locator("#diverged").inner_text() == ""
    shot(page, "compare-sign-in.png")


def test_a_form_is_replayed_in_the_other_pane_and_parity_stays(page, compare_url):
    left, right = FRAMEWORKS
    page.goto(compare_url + "/?path=/guestbook")
    wait_for_verdict(page, "/guestbook", "identical")
    form = page.frame_locator(f"#pane-{left}").locator("form.guestbook-form")
    form.locator("#name").fill("Ann")
    form.locator("#message").fill("Written once, sent to both")
    form.get_by_role("button", name="Sign the guestbook").click()
    for side in FRAMEWORKS:
        entry = page.frame_locator(f"#pane-{side}").locator(".entry")
        assert "Written once, sent to both" in entry.inner_text(timeout=15000)
    assert "identical" in wait_for_verdict(page, "/guestbook", "identical")
    assert "replayed POST /guestbook" in page.locator("#notice").inner_text()
    shot(page, "compare-replayed-form.png")

    # With replay off, a post reaches one build only, and the page says the data diverged.
    page.uncheck("#replay")
    form.locator("#name").fill("Bob")
    form.locator("#message").fill("Left only")
    form.get_by_role("button", name="Sign the guestbook").click()
    assert "Left only" in wait_for_verdict(page, "/guestbook", "different")
    assert "diverged" in page.locator("#diverged").inner_text()
    assert page.frame_locator(f"#pane-{right}").locator(".entry").count() == 1


def test_the_code_panel_shows_the_route_the_handler_and_both_templates(page, compare_url):
    page.goto(compare_url + "/?path=/login")
    wait_for_verdict(page, "/login", "identical")
    page.click("#show-code")
    panel = page.locator("#code")
    panel.locator(".templates").wait_for(timeout=15000)
    text = panel.inner_text()
    assert "shared.conduit.pages.account.login" in text
    assert "bottle_app/views/login.tpl" in text and "flask_app/templates/login.html" in text
    assert panel.locator(".hll").count() > 0
    shot(page, "compare-code-panel.png")


@pytest.fixture
def two_apps_served(tmp_path):
    """`bottle2flask serve A B` on two of the suite's own apps (tests/harness/test_apps.py):
    the same Bottle file in two folders, one greeting "Hello", the other "Howdy"."""
    from tests.harness.test_apps import BOTTLE_APP, write_app
    from tests.harness.test_serve import fetch, said_ports

    specs = [write_app(tmp_path / folder, BOTTLE_APP, **{
        "words.py": f'GREETING = "{greeting}"\n', "title.txt": "Guestbook"})
        for folder, greeting in (("a", "Hello"), ("b", "Howdy"))]
    process = subprocess.Popen(
        [sys.executable, "-m", "bottle2flask", "serve", *specs, "--compare-port", "0"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        url = f"http://localhost:{said_ports(process, ('compare',)).ports['compare']}"
        fetch(url + "/")
        yield url
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
    assert process.returncode == 0


def test_bottle2flask_serve_shows_any_two_apps_side_by_side(page, two_apps_served):
    a, b = "app-1", "app-2"
    page.goto(two_apps_served + "/?path=/hello/World")
    text = wait_for_verdict(page, "/hello/World", "different")
    assert "'Hello World'" in text and "'Howdy World'" in text
    assert page.frame_locator(f"#pane-{b}").locator("p").inner_text() == "Howdy World"

    # These apps ignore the prefix they are mounted under (href="/hello/World"): a link
    # followed in one pane still stays in that pane's app, and the other pane follows.
    page.fill("#address", "/")
    page.press("#address", "Enter")
    wait_for_verdict(page, "/", "identical")
    page.frame_locator(f"#pane-{a}").get_by_role("link", name="hi").click()
    for side in (a, b):
        page.wait_for_function(
            f"document.getElementById('pane-{side}').contentWindow.location.pathname"
            f" === '/{side}/hello/World'", timeout=15000)
    assert page.frame_locator(f"#pane-{a}").locator("p").inner_text() == "Hello World"
    wait_for_verdict(page, "/hello/World", "different")

    # A form posted in one pane is replayed in the other, each into its own app.
    page.fill("#address", "/")
    page.press("#address", "Enter")
    wait_for_verdict(page, "/", "identical")
    field = page.frame_locator(f"#pane-{b}").locator("input[name=who]")
    field.fill("Ann")
    field.press("Enter")
    for side in (a, b):
        paragraph = page.frame_locator(f"#pane-{side}").locator("p")
        assert paragraph.inner_text(timeout=15000) == "Signed by Ann"
        assert pane_path(page, side) == f"/{side}/sign"
    assert "replayed POST /sign" in page.locator("#notice").inner_text()

    # The code panel reads each app's own router.
    page.fill("#address", "/hello/World")
    page.press("#address", "Enter")
    wait_for_verdict(page, "/hello/World", "different")
    page.click("#show-code")
    panel = page.locator("#code")
    panel.locator("h4").first.wait_for(timeout=15000)
    assert panel.inner_text().count("/hello/<name> (bottle router)") == 2
    assert "def hello(name)" in panel.inner_text()
    # Each app runs on a copy of its folder (bottle2flask serve never writes into yours).
    assert "/app-1-app/app.py:hello (for app-1)" in panel.inner_text()
    assert "/app-2-app/app.py:hello (for app-2)" in panel.inner_text()
    shot(page, "compare-kit-serve.png")


def wait_for_settled(page, path: str) -> str:
    """The parity panel's verdict on path once checked (identical, explained, different)."""
    panel = page.locator('#parity:not([data-verdict="pending"])', has_text=f"GET {path} (")
    panel.wait_for(timeout=15000)
    return panel.get_attribute("data-verdict")


def icon_of(page, side: str) -> tuple[str, str]:
    """The follow button's text as a person reads it: the icon (CSS) and the words."""
    button = page.frame_locator(f"#pane-{side}").locator(".article-meta form.inline button")
    icon = button.first.locator("i").evaluate("e => getComputedStyle(e, '::before').content")
    return icon.strip('"'), button.first.inner_text().strip()


def test_a_refused_comment_then_enter_in_the_address_bar_leads_back_to_the_article(
        page, seeded_compare_url):
    left, right = FRAMEWORKS
    page.goto(seeded_compare_url + "/?path=/login")
    wait_for_verdict(page, "/login", "identical")
    sign_in(page, left)
    wait_for_settled(page, "/")
    frame = next(f for f in page.frames if f"/{left}/" in f.url)
    href = frame.evaluate("""[...document.querySelectorAll('.article-preview')]
        .find((p) => p.querySelector('.author').textContent.trim() !== 'ada')
        .querySelector('.preview-link').getAttribute('href')""")
    article = href.removeprefix(f"/{left}")
    page.frame_locator(f"#pane-{left}").locator(f'a.preview-link[href="{href}"]').click()
    assert wait_for_settled(page, article) == "identical"

    # The follow button reads "+ Follow NAME"; pressed in one pane, both follow.
    author = page.frame_locator(f"#pane-{left}").locator(".article-meta .author").first
    name = author.inner_text()
    assert icon_of(page, right) == ("+", f"Follow {name}")
    page.frame_locator(f"#pane-{right}").locator(".article-meta form.inline button").first.click()
    for side in FRAMEWORKS:
        page.frame_locator(f"#pane-{side}").locator(
            ".article-meta form.inline button", has_text="Unfollow").first.wait_for(timeout=15000)
        assert icon_of(page, side) == ("-", f"Unfollow {name}")
    assert wait_for_settled(page, article) == "identical"

    # A blank comment is refused in both panes; the address bar holds .../comments.
    box = page.frame_locator(f"#pane-{left}").locator("form.comment-form")
    box.locator("textarea").fill("   ")
    box.get_by_role("button", name="Post Comment").click()
    for side in FRAMEWORKS:
        errors = page.frame_locator(f"#pane-{side}").locator(".comment-form .error-messages")
        assert "Comment can't be blank" in errors.inner_text(timeout=15000)
    page.wait_for_function(
        f"document.getElementById('address').value === '{article}/comments'", timeout=15000)
    # The panel says the panes show a POST's answer, and that it compares a GET.
    posted = page.locator("#parity .posted").inner_text(timeout=15000)
    assert f"{left}: POST {article}/comments" in posted and "fresh GET" in posted
    shot(page, "compare-refused-comment.png")

    # Enter there: a GET, which each build answers by going back to the article.
    page.press("#address", "Enter")
    for side in FRAMEWORKS:
        page.wait_for_function(
            f"document.getElementById('pane-{side}').contentWindow.location.pathname"
            f" === '/{side}{article}'", timeout=15000)
    assert wait_for_settled(page, article) == "identical"
    assert page.input_value("#address") == article
