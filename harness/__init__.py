"""This repository's own tools over our two builds (nothing imports them).

    __main__.py   python -m harness COMMAND: the verbs behind make serve, parity, bench
    serve.py      both builds as dev servers, and bottle2flask's compare page over them
    parity/       bottle2flask's parity diff run on our builds, with the Conduit scenario
    bench/        benchmarks: the builds against native Bottle and Flask and a raw floor
    realworld.py  RealWorld's official API suites against both builds
    database.py   a fresh database for a tool's run: a SQLite file or one on PostgreSQL
    demo.py       the demo data both builds are seeded with
    listening.py  a listening socket handed to a server it starts (no port race)
"""
