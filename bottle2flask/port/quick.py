"""LibCST's visitor and transformer without the per-attribute hooks.

LibCST looks up `visit_<Node>_<attribute>` and `leave_<Node>_<attribute>` for every
attribute of every node it walks; no rule or helper here has one, and the lookups
cost more than most rules' own work (a 1,000-line module is walked some twenty times).
"""

from __future__ import annotations

import libcst as cst


class Visitor(cst.CSTVisitor):
    def on_visit_attribute(self, node: cst.CSTNode, attribute: str) -> None:
        pass

    def on_leave_attribute(self, original_node: cst.CSTNode, attribute: str) -> None:
        pass


class Transformer(cst.CSTTransformer):
    def on_visit_attribute(self, node: cst.CSTNode, attribute: str) -> None:
        pass

    def on_leave_attribute(self, original_node: cst.CSTNode, attribute: str) -> None:
        pass
