"""P020: signed cookies: `secret=` cookies keep their name, signed by itsdangerous

Bottle's signed cookies keep their name: `response.set_cookie("account", v, secret=s,
...)` becomes `response.set_cookie("account", bottle_cookies.dumps("account", v, s), ...)`,
`request.get_cookie("account", secret=s)` becomes `bottle_cookies.loads(request.cookies.get(
"account"), "account", s)`, and `delete_cookie` drops `secret=`. The rule runs before P004
and P005, which then see plain cookie calls (a call it cannot read is a TODO that breaks).
`bottle_cookies.py`
is written into OUT (unless the app has a module of that name): a copy of
`bottle2flask/migrate/legacy.py`, tested with the migration, standard library and
itsdangerous only. **Declared change of wire format**: a cookie the port writes is
itsdangerous's (JSON, HMAC-SHA1, salted with the cookie's name), not Bottle's pickle;
`loads` reads both, Bottle's through the migration's safe reader (HMAC checked first,
an unpickler that refuses every global), so a user signed in on the Bottle app stays
signed in on the port; the Bottle app cannot read a cookie the port wrote, and a value
must be JSON data (a tuple comes back as a list). Declared as D-signed-cookie: where the
cookie's name is a literal, the check sets that cookie's value aside and compares the
pages that read it back. The exact form (`--faithful`, or a site the check repairs) is
bottle_compat's `bottle_cookie(name, value, secret)`: Bottle's bytes, `!signature?
message` of the pickled name and value, as the Bottle beside the port writes them (0.13:
a list, HMAC-SHA256 or the `digestmod` given; 0.12: a tuple, HMAC-MD5); `loads` reads
it back in both modes (a legacy cookie is checked with SHA-256, then MD5, unless a
`digestmod` is given). `response.delete_cookie(name, secret=s)` is Flask's
`delete_cookie(name)` (the cookie deleted alike); its exact form is Bottle's own
`set_cookie(name, bottle_cookie(name, "", s), max_age=-1, expires=0)`: Bottle's expired
cookie carries the signed empty value.
"""

from __future__ import annotations

import libcst as cst

from ..edit import arg
from .base import Candidate, Change, Companion, Declare, Edit, EditRule, Import, Phase

COMPANION = Companion.COOKIES


class SignedCookies(EditRule):
    code = "P020"
    triggers = ("secret",)
    summary = "get_cookie/set_cookie(secret=...) as itsdangerous cookies of the same name"
    phase = Phase.FIRST  # takes secret= out before P004 and P005 see the cookie calls
    declares = (Change("D-signed-cookie", "28. Sessions",
                       "a signed cookie's value is itsdangerous's (JSON, HMAC-SHA1, salted "
                       "with its name), not Bottle's pickle: the port reads both, the "
                       "Bottle app only its own"),)

    def edit_Call(self, node: cst.Call) -> Edit | None:
        func = node.func
        if not isinstance(func, cst.Attribute):
            return None
        owner, method = self.api(func.value), func.attr.value
        if owner == "request" and method == "get_cookie" and arg(node, 2, "secret"):
            return self.read(node)
        if owner == "response" and method == "set_cookie" and arg(node, 2, "secret"):
            return self.write(node)
        if owner == "response" and method == "delete_cookie" and arg(node, None, "secret"):
            return self.delete(node)
        return None

    def delete(self, call: cst.Call) -> Edit:
        """`response.delete_cookie(name, secret=s)`: Bottle hands its keywords to
        set_cookie, so the expired cookie carries the signed empty value (RULE-s51c class
        K). Idiomatic: Flask's delete_cookie, which takes no secret (the cookie deleted
        alike: parity's cookie-expired); exact: that set_cookie, Bottle's bytes."""
        name, secret = arg(call, 0, "key"), arg(call, None, "secret")
        digestmod = arg(call, None, "digestmod")
        rest = [a for a in call.args if a not in (name, secret, digestmod)]
        idiomatic = Candidate(call.with_changes(args=_commas([
            a for a in call.args if a not in (secret, digestmod)])))
        if name is None or secret is None or any(a.star for a in call.args):
            return Edit(call, (idiomatic,))
        given = [cst.Arg(name.value), cst.Arg(cst.SimpleString('""')), cst.Arg(secret.value)]
        if digestmod is not None:
            given.append(cst.Arg(digestmod.value))
        expired = [cst.Arg(value, keyword=cst.Name(key), equal=_eq())
                   for key, value in (("max_age", cst.parse_expression("-1")),
                                      ("expires", cst.Integer("0")))]
        func = call.func
        assert isinstance(func, cst.Attribute)
        exact = Candidate(call.with_changes(
            func=func.with_changes(attr=cst.Name("set_cookie")),
            args=_commas([cst.Arg(name.value),
                          cst.Arg(cst.Call(cst.Name("bottle_cookie"), _commas(given))),
                          *rest, *expired])),
            imports=(Import("bottle_compat", "bottle_cookie"),))
        return Edit(call, (idiomatic, exact), kind="signed-cookie-delete")

    def read(self, call: cst.Call) -> Edit:
        name, default = arg(call, 0, "key"), arg(call, 1, "default")
        secret, digestmod = arg(call, 2, "secret"), arg(call, 3, "digestmod")
        if name is None or secret is None or any(a.star for a in call.args):
            return Edit(call, (Candidate(
                todo="get_cookie(secret=...) with arguments the port cannot read: use "
                "bottle_cookies.loads(request.cookies.get(name), name, secret)",
                breaks=True),), fired=0)
        cookie = cst.parse_expression("request.cookies.get()").with_changes(
            args=[cst.Arg(name.value)])
        args = [cst.Arg(cookie), cst.Arg(name.value), cst.Arg(secret.value)]
        if default is not None:
            args.append(cst.Arg(default.value))
        if digestmod is not None:
            args.append(cst.Arg(digestmod.value, keyword=cst.Name("digestmod"), equal=_eq()))
        return Edit(call, (Candidate(
            cst.Call(cst.parse_expression("bottle_cookies.loads"), _commas(args)),
            imports=(Import(COMPANION.value, companion=COMPANION),)),))

    def write(self, call: cst.Call) -> Edit:
        name, value = arg(call, 0, "name"), arg(call, 1, "value")
        secret, digestmod = arg(call, 2, "secret"), arg(call, 3, "digestmod")
        if name is None or value is None or secret is None \
                or any(a.star == "*" for a in call.args):
            return Edit(call, (Candidate(
                todo="set_cookie(secret=...) with arguments the port cannot read: sign the "
                "value with bottle_cookies.dumps(name, value, secret)", breaks=True),),
                fired=0)
        given = [cst.Arg(name.value), cst.Arg(value.value), cst.Arg(secret.value)]
        # the value's bytes: itsdangerous's, not Bottle's pickle; the check compares the
        # pages that read it back (a literal name: that cookie's value set aside)
        named = name.value.evaluated_value if isinstance(name.value, cst.SimpleString) \
            else None
        idiomatic = Candidate(cst.Call(cst.parse_expression("bottle_cookies.dumps"),
                                       _commas(given)),
                              imports=(Import(COMPANION.value, companion=COMPANION),),
                              declares=(Declare("D-signed-cookie", ignore=(
                                  ("cookie", named),) if isinstance(named, str) else ()),))
        if digestmod is not None:
            given.append(cst.Arg(digestmod.value))
        exact = Candidate(cst.Call(cst.Name("bottle_cookie"), _commas(given)),
                          imports=(Import("bottle_compat", "bottle_cookie"),))
        rest = [a for a in call.args if a not in (name, value, secret, digestmod)]
        hole = cst.Name("value")  # where the chosen form stands
        within = call.with_changes(args=_commas([cst.Arg(name.value), cst.Arg(hole), *rest]))
        return Edit(call, (idiomatic, exact), kind="signed-cookie", within=within,
                    holes=(hole,))


def _commas(args) -> list[cst.Arg]:
    args = list(args)
    space = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
    return [a.with_changes(comma=space if i < len(args) - 1 else cst.MaybeSentinel.DEFAULT)
            for i, a in enumerate(args)]


def _eq():
    return cst.AssignEqual(whitespace_before=cst.SimpleWhitespace(""),
                           whitespace_after=cst.SimpleWhitespace(""))
