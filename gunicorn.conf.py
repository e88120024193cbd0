"""gunicorn's settings for this repository (read from the working directory).

After a worker has built its app, everything alive (modules, the app, SQLAlchemy's
compiled statements, the templates) moves to a generation the cyclic GC no longer
scans: measured interleaved in one process, 2-8 % less CPU per request on most pages
and endpoints (docs/benchmark-notes.md). A higher gen0 threshold gave no steady gain
and is not set.
"""

import gc


def post_worker_init(worker):
    gc.freeze()
