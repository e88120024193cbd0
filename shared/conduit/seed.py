"""Demo content, identical in every database it is written to (fixed times included)."""

from __future__ import annotations

from datetime import datetime, timedelta

from argon2 import PasswordHasher
from sqlalchemy import insert, select
from sqlalchemy.orm import Session

from .models import Article, Comment, User, favorites, follows
from .security import hash_password

DEMO_PASSWORD = "conduit-demo"
START = datetime(2026, 11, 2, 9, 0, 0)

USERS = [
    ("ada", "ada@example.com", "Writes about engines, analytical and otherwise.", None),
    ("grace", "grace@example.com", "Compilers, COBOL and nanoseconds.", None),
    ("linus", "linus@example.com", None, None),
    ("margaret", "margaret@example.com", "Software engineering before it had a name.", None),
]

ARTICLES = [
    ("ada", "Why one core can serve two frameworks",
     "A neutral core, two thin adapters and one test suite.",
     "Handlers take a **neutral request** and return plain results.\n\n"
     "- routes are data\n- templates are native\n- tests run twice\n\n"
     "The adapters do the rest.", ["architecture", "bottle", "flask"]),
    ("grace", "Bottle in one file",
     "What a single-module framework gives you, and what it leaves to you.",
     "Bottle ships as `bottle.py`. Routing, templates and a dev server in one import.\n\n"
     "> Small is a feature.", ["bottle", "python"]),
    ("margaret", "Flask's application factory",
     "create_app() and why tests love it.",
     "An app built by a function can be built again, fresh, for every test.\n\n"
     "```python\napp = create_app({'TESTING': True})\n```", ["flask", "testing", "python"]),
    ("linus", "Signed cookies, explained",
     "What itsdangerous puts in your session cookie.",
     "The payload is readable, the signature is not forgeable. Keep secrets out of it.",
     ["security", "flask"]),
    ("ada", "SimpleTemplate versus Jinja2",
     "Two template languages, one page.",
     "`% rebase` or `{% extends %}`: the same layout, two spellings.\n\n"
     "Both escape by default.", ["templates", "bottle", "flask"]),
    ("grace", "Measuring adapter overhead",
     "How to tell whether an abstraction costs anything.",
     "Interleave runs, take the median, compare with native code.", ["performance"]),
    ("margaret", "Porting checklist",
     "Moving an app between Bottle and Flask without surprises.",
     "1. Redirect codes\n2. Form decoding\n3. Error handlers\n4. Static files",
     ["porting", "bottle", "flask"]),
    ("linus", "Pagination without N+1",
     "Three queries for any page size.",
     "Count, page, tags. The rest is joins.", ["performance", "sqlalchemy"]),
    ("ada", "Markdown, sanitised",
     "Rendering user content safely.",
     "Render with markdown-it, clean with nh3, then print raw - and only then.\n\n"
     "<script>alert('this never runs')</script>", ["security", "templates"]),
    ("grace", "A guestbook in two frameworks",
     "The smallest app that needs a database, a form and a session.",
     "Sign, redirect, flash. Same in both.", ["bottle", "flask", "python"]),
    ("margaret", "Testing against both frameworks",
     "One suite, parametrised by framework.",
     "Fixtures build the app; the test never names a framework.", ["testing"]),
    ("linus", "Reading a WSGI environ",
     "PATH_INFO, SCRIPT_NAME and friends.",
     "Everything a framework knows about a request starts here.", ["python", "wsgi"]),
]

COMMENTS = [(0, "grace", "Routes as data is the part I would steal."),
            (0, "linus", "And the tests really run twice?"),
            (1, "ada", "One file is a feature until it isn't."),
            (3, "margaret", "Good reminder: signed is not encrypted."),
            (8, "grace", "Nice: the script tag in the body stays inert.")]

FOLLOWS = [("ada", "grace"), ("ada", "margaret"), ("grace", "ada"), ("linus", "ada")]
FAVORITES = [("grace", 0), ("linus", 0), ("margaret", 0), ("ada", 1), ("ada", 2),
             ("linus", 4), ("grace", 8)]


def seed(db: Session, passwords: PasswordHasher | None = None) -> bool:
    """Write the demo content into an empty database; return whether it did."""
    if db.scalar(select(User.id).limit(1)) is not None:
        return False
    from .articles import _set_tags, slugify

    password = hash_password(DEMO_PASSWORD, passwords)
    people = {}
    for n, (username, email, bio, image) in enumerate(USERS):
        people[username] = User(username=username, email=email, bio=bio, image=image,
                                password_hash=password, created_at=START + timedelta(n))
        db.add(people[username])
    articles = []
    for n, (author, title, description, body, tags) in enumerate(ARTICLES):
        when = START + timedelta(hours=7 * n)
        article = Article(slug=slugify(title), title=title, description=description, body=body,
                          author=people[author], created_at=when, updated_at=when)
        db.add(article)
        _set_tags(db, article, tags)
        articles.append(article)
    for n, (index, author, body) in enumerate(COMMENTS):
        when = articles[index].created_at + timedelta(minutes=30 * (n + 1))
        db.add(Comment(body=body, article=articles[index], author=people[author],
                       created_at=when, updated_at=when))
    db.flush()
    db.execute(insert(follows), [{"follower_id": people[a].id, "followed_id": people[b].id}
                                 for a, b in FOLLOWS])
    db.execute(insert(favorites), [{"user_id": people[u].id, "article_id": articles[i].id}
                                   for u, i in FAVORITES])
    db.commit()
    return True
