"""Bottle's plugins on a Flask app, for a port that keeps them (copied by bottle2flask).

    from bottle_plugins import install_plugin, route_plugins, uninstall_plugin
    app = Flask(__name__)
    install_plugin(app, StatsPlugin())        # its setup(app) runs here, as in Bottle

    @app.route("/")
    @route_plugins(app, apply=[cached], skip=[StatsPlugin])
    def index(): ...

As Bottle does it: a plugin (a decorator, or an object with `apply(callback, route)`)
wraps every view of the app when the view is first called, the views routed after
the install too (a wrapper that returns None sends Bottle's empty body); installing or
uninstalling one applies them all again; a route's
`apply=` plugins wrap inside the app's, its `skip=` (a plugin, its class, its name, or
True for all) leaves them out; a route merged from another app (bottle_mount's `merge()`
marks its rule) keeps that app's plugins. Flask finds a view in `app.view_functions`
when it dispatches a request: that dict hands out each view with its plugins applied.
A plugin of a package (bottle_session's) reads Bottle's request and writes Bottle's
response when its wrapper runs: while a view a plugin wrapped runs, Bottle's request
reads Flask's WSGI environ, and the cookies and headers set on Bottle's response are
added to Flask's, as Bottle would have sent them.
Delete this module once the app no longer imports it.
"""

from __future__ import annotations

import functools
import inspect
import sys
from collections.abc import Callable
from typing import Any

from flask import Flask, after_this_request
from flask import request as flask_request

__all__ = ["install_plugin", "route_plugins", "uninstall_plugin"]


def _as_list(value) -> list:
    """Bottle's makelist: a list, tuple, set or dict as a list; any other true value alone."""
    if isinstance(value, list | tuple | set | dict):
        return list(value)
    return [value] if value else []


class BottleApp:
    """The app a plugin's setup(app) and route.app see: Flask's, with Bottle's `plugins`."""

    def __init__(self, flask_app: Flask, plugins: list) -> None:
        self.flask_app = flask_app
        self.plugins = plugins

    def __getattr__(self, name: str) -> Any:
        return getattr(self.flask_app, name)


class BottleRoute:
    """What a plugin's apply(callback, route) reads of the route it wraps."""

    def __init__(self, app: BottleApp, rule: str, method: str, callback: Callable,
                 name: str | None, plugins: list, skiplist: list, config: dict) -> None:
        self.app, self.rule, self.method, self.callback = app, rule, method, callback
        self.name, self.plugins, self.skiplist = name, plugins, skiplist
        self.config = {**app.config, **config}

    def all_plugins(self):
        """The plugins that wrap this route, the innermost first (Bottle's order)."""
        unique = set()
        for plugin in reversed(self.app.plugins + self.plugins):
            if True in self.skiplist:
                break
            name = getattr(plugin, "name", False)
            if name and (name in self.skiplist or name in unique):
                continue
            if plugin in self.skiplist or type(plugin) in self.skiplist:
                continue
            if name:
                unique.add(name)
            yield plugin

    def get_undecorated_callback(self) -> Callable:
        return inspect.unwrap(self.callback)

    def get_callback_args(self) -> list[str]:
        return list(inspect.signature(self.get_undecorated_callback()).parameters)

    def get_config(self, key: str, default=None):
        return self.config.get(key, default)

    def wrapped(self) -> Callable:
        callback = self.callback
        for plugin in self.all_plugins():
            callback = plugin.apply(callback, self) if hasattr(plugin, "apply") \
                else plugin(callback)
            if callback is not self.callback:
                functools.update_wrapper(callback, self.callback)
        return callback if callback is self.callback \
            else in_bottles_request(empty_for_none(callback))


def empty_for_none(view: Callable) -> Callable:
    """The view a plugin wrapped, answering an empty body where the wrapper returns None
    (a CORS plugin's wrapper that skips the view for OPTIONS): Bottle sends an empty 200
    for None, where Flask raises."""

    @functools.wraps(view)
    def called(*args, **kwargs):
        result = view(*args, **kwargs)
        return "" if result is None else result

    return called


def in_bottles_request(view: Callable) -> Callable:
    """The view, run with Bottle's request bound to Flask's WSGI environ and Bottle's
    response fresh, whose cookies and headers then go to Flask's response when the view
    returns (a plugin's wrapper reads and writes those; Bottle's error page, as an error
    raised, sends none of them); the view itself where Bottle is not loaded."""
    bottle = sys.modules.get("bottle")
    if bottle is None:
        return view

    @functools.wraps(view)
    def called(*args, **kwargs):
        bottle.request.bind(flask_request.environ)
        bottle.response.bind()
        answer = bottle.response
        returned: list[bool] = []

        @after_this_request
        def carry(response):
            if not returned:
                return response
            for name, values in (getattr(answer, "_headers", None) or {}).items():
                response.headers.setlist(name, list(values))
            for cookie in (getattr(answer, "_cookies", None) or {}).values():
                response.headers.add("Set-Cookie", cookie.OutputString())
            return response

        result = view(*args, **kwargs)
        returned.append(True)
        return result

    return called


class PluginViews(dict):
    """`app.view_functions`, handing each view out with the app's plugins applied
    (made on first use, made again after an install or uninstall)."""

    def __init__(self, app: Flask, views: dict) -> None:
        super().__init__(views)
        self.app = BottleApp(app, [])
        self.flask_app = app
        self.routes: dict[Callable, tuple[list, list, dict]] = {}  # apply, skip, config
        self.ready: dict[str, Callable] = {}

    def __getitem__(self, endpoint: str) -> Callable:
        if endpoint not in self.ready:
            view = super().__getitem__(endpoint)
            applied, skipped, config = self.routes.get(view, ([], [], {}))
            rule = next(iter(self.flask_app.url_map.iter_rules(endpoint)), None)
            merged = getattr(rule, "merged_from", None)
            if merged is not None:  # app.merge(other): the plugins of the app it came from
                other, name = merged
                self.ready[endpoint] = other.view_functions[name]
                return self.ready[endpoint]
            methods = sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}) if rule else []
            route = BottleRoute(self.app, rule.rule if rule else "", ",".join(methods) or "GET",
                                view, endpoint, applied, skipped, config)
            self.ready[endpoint] = route.wrapped()
        return self.ready[endpoint]

    def __setitem__(self, endpoint: str, view: Callable) -> None:
        super().__setitem__(endpoint, view)
        self.ready.pop(endpoint, None)

    def reset(self) -> None:
        self.ready.clear()


def plugin_views(app: Flask) -> PluginViews:
    """The app's views as Bottle's plugins see them (set up on first use)."""
    views = app.view_functions
    if not isinstance(views, PluginViews):
        views = PluginViews(app, views)
        app.view_functions = views
    return views


def install_plugin(app: Flask, plugin=None):
    """Bottle's app.install(plugin): its setup(app) now, its wrapping on every view.
    Without a plugin, a decorator that installs the function it decorates."""
    if plugin is None:
        return functools.partial(install_plugin, app)
    views = plugin_views(app)
    if hasattr(plugin, "setup"):
        plugin.setup(views.app)
    if not callable(plugin) and not hasattr(plugin, "apply"):
        raise TypeError("Plugins must be callable or implement .apply()")
    views.app.plugins.append(plugin)
    views.reset()
    return plugin


def uninstall_plugin(app: Flask, remove) -> list:
    """Bottle's app.uninstall(): a plugin, every plugin of a class or a name, or all
    (True); each one's close() is called. The plugins taken out."""
    views = plugin_views(app)
    removed = []
    plugins = views.app.plugins
    for i, plugin in list(enumerate(plugins))[::-1]:
        if remove is True or remove is plugin or remove is type(plugin) \
                or getattr(plugin, "name", True) == remove:
            removed.append(plugin)
            del plugins[i]
            if hasattr(plugin, "close"):
                plugin.close()
    if removed:
        views.reset()
    return removed


def route_plugins(app: Flask, apply=None, skip=None, **config):
    """A route's apply= and skip= (and the settings plugins read from its config): the
    view they mark is wrapped by them when Flask first dispatches to it."""
    views = plugin_views(app)

    def mark(view: Callable) -> Callable:
        settings = (_as_list(apply), _as_list(skip), config)
        if views.routes.get(view, settings) != settings:
            # one view under two routes with plugins of their own: one function each,
            # as Bottle keeps one Route each
            view = functools.wraps(view)(functools.partial(view))
        views.routes[view] = settings
        views.reset()
        return view

    return mark
