"""Actions on the Conduit pages, done the way a visitor does them: through the real forms."""

from __future__ import annotations

from http.cookiejar import Cookie

from tests.helpers import soup

PASSWORD = "password123"
DEMO_PASSWORD = "conduit-demo"


def form_to(response, action: str):
    """The one form on the page that posts to `action`."""
    forms = {id(f): f for f in response.forms.values() if f.action == action}
    assert len(forms) == 1, f"{len(forms)} forms post to {action}"
    return next(iter(forms.values()))


def fill(form, **fields):
    for name, value in fields.items():
        form[name] = value
    return form


def register(client, username="ann", email=None, password=PASSWORD, status=303):
    form = fill(client.get("/register").forms[0], username=username,
                email=email if email is not None else f"{username}@example.com",
                password=password)
    return form.submit(status=status)


def login(client, email, password=PASSWORD, path="/login", status=303):
    form = fill(form_to(client.get(path), "/login"), email=email, password=password)
    return form.submit(status=status)


def logout(client):
    return form_to(client.get("/settings"), "/logout").submit(status=303)


def write(client, title="A title", description="About it", body="Some *words*.", tags=""):
    """Publish an article through the editor; return its slug."""
    form = fill(client.get("/editor").forms[0], title=title, description=description,
                body=body, tags=tags)
    location = form.submit(status=303).headers["Location"]
    assert location.startswith("/article/")
    return location.removeprefix("/article/")


def comment(client, slug, body="Nice one."):
    form = fill(form_to(client.get(f"/article/{slug}"), f"/article/{slug}/comments"), body=body)
    return form.submit(status="*")


def press(client, page: str, action: str, status=303):
    """Press a button (a form with only hidden fields) on a page."""
    return form_to(client.get(page), action).submit(status=status)


def previews(response) -> list[str]:
    return [h.get_text(strip=True) for h in soup(response).select(".article-preview h1")]


def field_errors(response, name: str) -> list[str]:
    # A form field's box, or the comment card's.
    wrapper = soup(response).select_one(f"[name={name}]").find_parent(class_=["field",
                                                                              "card-block"])
    assert wrapper is not None
    return [li.get_text(strip=True) for li in wrapper.select(".error-messages li")]


def signed_in_as(response) -> str | None:
    """The username the navbar shows, or None when it offers to sign in."""
    link = soup(response).select_one("nav.navbar .user-pic")
    return link.parent.get_text(strip=True) if link else None


def carry_session(client, value: str) -> None:
    """Give a client a session cookie filed as its own app's would be.

    WebTest's set_cookie files it under another domain (.localhost, not localhost.local),
    so the app's next Set-Cookie would leave the browser holding two session cookies.
    """
    client.cookiejar.set_cookie(Cookie(
        version=0, name="session", value=value, port=None, port_specified=False,
        domain="localhost.local", domain_specified=False, domain_initial_dot=False,
        path="/", path_specified=True, secure=False, expires=None, discard=False,
        comment=None, comment_url=None, rest={}))
