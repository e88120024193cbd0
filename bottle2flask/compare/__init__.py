"""The compare page: two apps under /NAME/ of one origin, the same path in two panes.

    page.py       the WSGI app: the page, each app under its prefix, the parity of a path
    source.py     the code behind a path: each app's route and view, side by side
    serve.py      `bottle2flask serve A B`: the compare page on a local port
"""
