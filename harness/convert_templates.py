"""kit convert-templates SRC -o OUT: a Bottle views folder to Jinja2 templates."""

from harness.stpl.commands import add_tree_arguments as add_arguments
from harness.stpl.commands import tree_main as main

__all__ = ["add_arguments", "main"]
