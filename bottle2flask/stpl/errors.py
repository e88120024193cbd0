"""The converter's two ways of saying no: a construct it leaves as a TODO, a template it
cannot convert at all."""


class Unsupported(Exception):
    """A construct with no safe Jinja2 spelling: the caller leaves a TODO with this rule."""

    def __init__(self, rule: str, message: str):
        super().__init__(message)
        self.rule, self.message = rule, message


class Failed(Exception):
    """A template that cannot be converted (Bottle could not compile it either)."""

    def __init__(self, line: int, message: str):
        super().__init__(f"line {line}: {message}")
