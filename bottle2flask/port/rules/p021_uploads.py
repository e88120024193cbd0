"""P021: uploads: Bottle's FileUpload read as Werkzeug's FileStorage

An upload is a name bound (in the same function, or at module level) to
`request.files.get(..)`, `request.files[..]`, `request.files.field`, or a loop over
`getall`/`getlist`/`values`:

    upload.filename            ->  secure_filename(upload.filename)  (an upload: a name
                                   bound to request.files.get(..), [..], .field, or a loop
                                   over getall/getlist/values; declared D-upload-filename)
    upload.raw_filename        ->  upload.filename
    upload.file                ->  upload.stream
    upload.get_header("k")     ->  upload.headers.get("k")
    upload.save(dest, overwrite=False)  ->  save_upload(upload, dest, overwrite=False),
                                   bottle_compat's (copied beside the app, that function
                                   alone): into a folder under the sanitised name, never
                                   over an existing file unless asked (Werkzeug's save()
                                   takes a file path and overwrites); imported as
                                   save_upload_2 if the module already uses the name (so
                                   are P010's middleware class and P003's converter
                                   classes named)
"""

from __future__ import annotations

import libcst as cst

from ..edit import free_name, names_used, swap, walk
from .base import Candidate, Change, Declare, Edit, EditRule, Import

# FileUpload's own names, Werkzeug's for the same thing.
RENAMED = {"raw_filename": "filename", "file": "stream"}
LOOPS = {"getall", "getlist", "values"}


class Uploads(EditRule):
    code = "P021"
    summary = "FileUpload's filename, save(), file and headers in FileStorage's terms"
    triggers = ("files",)
    declares = (Change("D-upload-filename", "9. Uploads",
                       "secure_filename(upload.filename): spaces and unsafe characters "
                       "become '_' where Bottle wrote '-' or dropped them, and a name with "
                       "nothing safe left is '' where Bottle's was 'empty'"),)

    def __init__(self, context) -> None:
        super().__init__(context)
        self.scopes: list[set[str]] = [set()]
        self.helper = False
        self.helper_name = "save_upload"

    # -- which names hold uploads ----------------------------------------------------
    def is_files(self, node) -> bool:
        return isinstance(node, cst.Attribute) and node.attr.value == "files" \
            and self.api(node.value) == "request"

    def is_upload(self, node) -> bool:
        """`request.files.get(..)`, `request.files[..]`, `request.files.x`, or a name
        this scope bound to one of them."""
        if isinstance(node, cst.Name):
            return node.value in self.scopes[-1]
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
            return node.func.attr.value == "get" and self.is_files(node.func.value)
        if isinstance(node, cst.Subscript):  # request.files["f"], .getall("f")[-1]
            value = node.value
            return self.is_files(value) or isinstance(value, cst.Call) \
                and isinstance(value.func, cst.Attribute) and value.func.attr.value in LOOPS \
                and self.is_files(value.func.value)
        return isinstance(node, cst.Attribute) and self.is_files(node.value)

    def _bound(self, body: cst.CSTNode) -> set[str]:
        rule, names = self, set[str]()

        class Scan(cst.CSTVisitor):
            def visit_FunctionDef(self, node) -> bool:
                return node is body  # a nested function is a scope of its own

            def visit_Assign(self, node: cst.Assign) -> None:
                if rule.is_upload(node.value) and not isinstance(node.value, cst.Name):
                    names.update(t.target.value for t in node.targets
                                 if isinstance(t.target, cst.Name))

            def visit_For(self, node: cst.For) -> None:
                it = node.iter
                if isinstance(node.target, cst.Name) and isinstance(it, cst.Call) \
                        and isinstance(it.func, cst.Attribute) \
                        and it.func.attr.value in LOOPS and rule.is_files(it.func.value):
                    names.add(node.target.value)

        walk(body, Scan())
        return names

    def visit_Module(self, node: cst.Module) -> None:
        self.scopes = [self._bound(node)]
        self.module = node

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.scopes.append(self._bound(node))

    def left_FunctionDef(self, node) -> None:
        self.scopes.pop()

    # -- the rewrites ----------------------------------------------------------------
    def edit_AssignTarget(self, node: cst.AssignTarget) -> Edit | None:
        # `upload.filename = "x"`: a store stays a store (FileStorage takes the attribute;
        # the reads after it are sanitised as any other): the target as written (a copy,
        # which the walk's changes below it do not reach)
        if isinstance(node.target, cst.Attribute) and self.is_upload(node.target.value):
            return Edit(node, (Candidate(node.target.deep_clone()),), field="target",
                        fired=0)
        return None

    def edit_Attribute(self, node: cst.Attribute) -> Edit | None:
        if not self.is_upload(node.value):
            return None
        name = node.attr.value
        if name in RENAMED:
            return Edit(node, (Candidate(cst.Name(RENAMED[name])),), field="attr")
        if name == "content_length":  # Bottle's: the part's own header, else -1 (Werkzeug: 0)
            upload = cst.Name("upload")
            form = cst.Call(cst.Attribute(cst.Attribute(upload, cst.Name("headers")),
                                          cst.Name("get")),
                            _args('"Content-Length", -1, type=int'))
            return Edit(node, (Candidate(swap(form, node, node, {id(upload): node.value})),))
        if name == "filename":
            declares = () if self.state.faithful else (Declare("D-upload-filename"),)
            return Edit(node, (Candidate(cst.Call(cst.Name("secure_filename"), [cst.Arg(node)]),
                                         imports=(Import("werkzeug.utils", "secure_filename"),),
                                         declares=declares),))
        return None

    def edit_Call(self, node: cst.Call) -> Edit | None:
        func = node.func
        if not (isinstance(func, cst.Attribute) and self.is_upload(func.value)):
            return None
        method = func.attr.value
        # edit_Attribute renames no get_header or save: those stay `upload.<method>`
        if method == "get_header":
            return Edit(node, (Candidate(cst.Attribute(
                cst.Attribute(func.value, cst.Name("headers")), cst.Name("get"))),),
                field="func")
        if method == "save":
            if not self.helper:  # not over a name of the module's own
                self.helper_name = free_name("save_upload", names_used(self.module))
            self.helper = True
            # bottle_compat's save_upload(), copied beside the app (that function alone)
            found = Import("bottle_compat", "save_upload",
                           None if self.helper_name == "save_upload" else self.helper_name)
            args = [a for a in node.args if not (a.keyword and a.keyword.value
                                                 == "chunk_size")][:2]  # no chunk_size
            args = [a.with_changes(comma=cst.MaybeSentinel.DEFAULT) for a in args]
            return Edit(node, (Candidate(cst.Call(cst.Name(self.helper_name),
                                                  [cst.Arg(func.value), *args]),
                                         imports=(found,)),))
        return None


def _args(code: str) -> list[cst.Arg]:
    """The arguments of a call written as `f(code)`, as LibCST parses them."""
    call = cst.parse_expression(f"f({code})")
    assert isinstance(call, cst.Call)
    return list(call.args)
