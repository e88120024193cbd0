"""The rules of `kit port`, in the order they run. One rule a module, each with a code."""

from .p001_imports import Imports, Prepare
from .p002_app import App
from .p003_routes import Routes
from .p004_request import Request
from .p005_response import Response, ResponseFold
from .p006_templates import Templates
from .p007_returns import Returns
from .p008_redirect_abort import RedirectAbort
from .p009_errors import Errors
from .p010_hooks import Hooks
from .p011_template_path import TemplatePath
from .p012_static_file import StaticFile
from .p013_get_url import GetUrl
from .p014_template_defaults import TemplateDefaults
from .p015_mount import Mount
from .p016_run import Run
from .p017_unsafe import Unsafe
from .p018_debug import Debug
from .p019_plugins import Plugins
from .p020_signed_cookies import SignedCookies

# P017 and P019 read the routes before P003 rewrites them (P019 also before P002 puts
# `install` on the app); P020 takes secret= out before P004 and P005 see the cookies;
# P008 makes redirects returns before P007 looks for views that can end without one;
# the default port folds response changes into returns after those and P010 (a hook's
# response parameter); P001's import pass is last.
RULES = [Unsafe, Plugins, App, Routes, SignedCookies, Request, Response, Templates,
         RedirectAbort, Returns, Errors, Hooks, ResponseFold, TemplatePath, StaticFile,
         GetUrl, TemplateDefaults, Mount, Run, Debug, Imports]
CODES = sorted({rule.code for rule in RULES})
# Every change a rule may declare, by id (bottle2flask/port/declared.py).
CHANGES = {change.id: change for rule in RULES for change in rule.declares}

__all__ = ["CHANGES", "CODES", "RULES", "Prepare"]
