"""bottle2flask port: a Bottle application folder rewritten as a Flask one, with LibCST.

The Python code goes through numbered rules (bottle2flask/port/rules, P001...), the
templates through the template converter, everything else is copied. What a rule
cannot convert safely stays in place under a `# TODO(flask-port/P0NN)` comment.
"""
