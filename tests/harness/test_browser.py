"""The compare page in a real Chromium: mirrored panes, the parity panel, a form."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from adapters import FRAMEWORKS, factory
from harness.compare import create_compare_app

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

pytestmark = pytest.mark.browser


@pytest.fixture
def compare_url(settings, databases):
    """Serve the compare page over fresh builds on a free port, in a thread."""
    apps = {name: factory(name)({**settings, "DATABASE_URL": databases.new()})
            for name in FRAMEWORKS}
    server = make_server("localhost", 0, create_compare_app(apps, settings["SECRET_KEY"]),
                         threaded=True)
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

    # A form posted in one pane is not replayed in the other; the page says so.
    page.fill("#address", "/guestbook")
    page.press("#address", "Enter")
    wait_for_verdict(page, "/guestbook", "identical")
    form = page.frame_locator(f"#pane-{left}").locator("form.guestbook-form")
    form.locator("#name").fill("Ann")
    form.locator("#message").fill("Signed in one pane only")
    form.get_by_role("button", name="Sign the guestbook").click()
    flash = page.frame_locator(f"#pane-{left}").locator(".flash")
    assert flash.inner_text(timeout=15000) == "Thank you for signing, Ann!"
    notice = page.locator("#notice")
    notice.wait_for(timeout=15000)
    assert "not replayed" in notice.inner_text()
    assert pane_path(page, right) == f"/{right}/guestbook"
    assert page.frame_locator(f"#pane-{right}").locator(".entry").count() == 0
    # The builds' databases now differ, and the panel shows where.
    assert "Signed in one pane only" in wait_for_verdict(page, "/guestbook", "different")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "compare-page.png"), full_page=True)
    assert (ARTIFACTS / "compare-page.png").stat().st_size > 10_000
