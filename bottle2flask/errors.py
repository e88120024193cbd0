"""The one error a command reports as a single line and exit status 2: bad input from the user."""


class UsageError(Exception):
    """A bad option, path, app spec or requests file: said in one line, no traceback."""
