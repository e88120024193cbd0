"""The model of the user's whole app, read once from all its modules before any rule
runs; the rules read it and never re-derive it from the text.

facts.py    what one module is: Bottle names, app expressions, views, routes,
            attachments (mount, merge, install, hook, error), filters, decorators
reading.py  reads one module into its facts (and spells `bottle.X` as `X`)
collect.py  the one read walk after it (read.py): views, routes, attachments, calls,
            and the rules' pre-scans (Rule.reader)
app.py      the whole app: which app each module uses across files, default apps
            shared by several modules, decorators that rename views in any module
route_syntax.py  Bottle's route rule syntax, as Bottle's router reads it

The model asks a node's class at every node of every module: it tests it with `type(node)
is cst.Name` rather than isinstance(), which goes through LibCST's abstract base class
(~1,500 instructions a test that fails; a test in test_engine_layout keeps the classes so
tested ones nothing subclasses).
"""

from .app import AppModel, ModuleApps, build, read_module
from .facts import ModuleFacts

__all__ = ["AppModel", "ModuleApps", "ModuleFacts", "build", "read_module"]
