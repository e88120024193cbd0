"""SimpleTemplate (Bottle) to Jinja2: a library first, `bottle2flask convert-template(s)` second.

    convert_source(text, name) -> Conversion   one template
    convert_tree(src, out) -> TreeReport        a views folder
"""

from bottle2flask.stpl.convert import Conversion, Note, convert_source
from bottle2flask.stpl.environment import configure, environment, none_as_empty
from bottle2flask.stpl.folder import FileResult, TreeReport, convert_tree
from bottle2flask.stpl.statements import jinja_name

__all__ = ["Conversion", "FileResult", "Note", "TreeReport", "configure", "convert_source",
           "convert_tree", "environment", "jinja_name", "none_as_empty"]
