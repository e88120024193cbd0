"""bottle2flask: move a Bottle application to Flask, and show that it answers alike.

Installed alone into a user's environment (``pipx install bottle2flask``); it imports
nothing of the kit around it in this repository. Each part is a library first and a
subcommand of ``bottle2flask`` second:

    cli.py          the command table, its one error path and exit statuses
    options.py      options several commands share (argparse parents)
    loading.py      load an app from a spec (module:attr, file.py[:attr], a URL), isolated
    flask_cookie.py Flask's signed session cookie, read and written outside a request
    docs.py         where the shipped PORTING.md, PORTING-TOOLS.md, PORTING-RULES.md... are
    exit_status.py  ExitStatus: the exit statuses every command uses
    port/           `port`: LibCST rules that rewrite Bottle code as Flask code
    stpl/           `convert-templates`: SimpleTemplate to Jinja2, on Bottle's own parser
    parity/         `parity`: the same requests to two apps, every difference reported
    compare/        `serve`: two apps side by side in a browser, with the code behind a page
    migrate/        `migrate`: both apps as one site while routes move, and its status
"""

__version__ = "0.2.0"
