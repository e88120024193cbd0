"""kit convert-template FILE: one SimpleTemplate to Jinja2, on stdout."""

from harness.stpl.commands import add_file_arguments as add_arguments
from harness.stpl.commands import file_main as main

__all__ = ["add_arguments", "main"]
