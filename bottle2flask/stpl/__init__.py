"""SimpleTemplate (Bottle) to Jinja2: a library first, `kit convert-template(s)` second.

    convert_source(text, name) -> Conversion   one template
    convert_tree(src, out) -> TreeReport        a views folder
"""

from harness.stpl.convert import Conversion, Note, convert_source
from harness.stpl.environment import configure, environment, none_as_empty
from harness.stpl.statements import jinja_name
from harness.stpl.tree import FileResult, TreeReport, convert_tree

__all__ = ["Conversion", "FileResult", "Note", "TreeReport", "configure", "convert_source",
           "convert_tree", "environment", "jinja_name", "none_as_empty"]
