"""The rules of `bottle2flask port`: one rule a module, each with a code; RULES is the
order they run in, worked out from what each declares (order.py)."""

from .order import ordered
from .p001_imports import Imports, Prepare
from .p002_app import App
from .p003_routes import Routes
from .p004_request import Request
from .p004_uploads import Uploads
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

RULES = ordered([App, Routes, Request, Uploads, Response, ResponseFold, Templates, Returns,
                 RedirectAbort, Errors, Hooks, TemplatePath, StaticFile, GetUrl,
                 TemplateDefaults, Mount, Run, Unsafe, Plugins, SignedCookies, Debug, Imports])
CODES = sorted({rule.code for rule in RULES})
# Every change a rule may declare, by id (bottle2flask/port/declared.py).
CHANGES = {change.id: change for rule in RULES for change in rule.declares}

__all__ = ["CHANGES", "CODES", "RULES", "Prepare"]
