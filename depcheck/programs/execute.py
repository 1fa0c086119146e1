"""Running a program tree on a table, keeping every intermediate value for provenance."""

from __future__ import annotations

from dataclasses import dataclass

from ..values import fold
from .cells import TypedTable
from .functions import FUNCTIONS, Function
from .syntax import Call, Literal, Node
from .values import ExecutionError, Obj, View, truth

ALL_ROWS = "all_rows"


@dataclass(frozen=True, eq=False)
class Executed:
    """A program node with its value; ``fn`` is None for leaves (``all_rows``, headers, values)."""

    node: Node
    value: object
    fn: Function | None = None
    children: tuple[Executed, ...] = ()

    @property
    def text(self) -> str:
        return self.node.to_text()


def _leaf(table: TypedTable, literal: Literal, kind: str) -> Executed:
    """A literal read as the argument kind its function expects."""
    if kind == "view":
        if literal.text != ALL_ROWS:
            raise ExecutionError(f"{literal.text!r} is not a view")
        return Executed(literal, View(table.body.copy()))
    if kind == "column":
        index = table.column_index(literal.text)
        if index is None:
            raise ExecutionError(f"no column {literal.text!r}")
        return Executed(literal, index)
    if kind in ("obj", "num"):
        return Executed(literal, Obj.of_text(fold(literal.text)))  # cells are folded too
    raise ExecutionError(f"a literal cannot stand for a {kind}")


def execute(node: Node, table: TypedTable, kind: str = "bool") -> Executed:
    """Run ``node`` on ``table``; raise ExecutionError if it does not run or has the wrong kind."""
    if isinstance(node, Literal):
        return _leaf(table, node, kind)
    fn = FUNCTIONS.get(node.name)
    if fn is None:
        raise ExecutionError(f"unknown function {node.name!r}")
    if len(node.args) != len(fn.args):
        raise ExecutionError(f"{node.name} takes {len(fn.args)} arguments, got {len(node.args)}")
    if not _kind_fits(fn.output, kind):
        raise ExecutionError(f"{node.name} gives a {fn.output}, a {kind} is needed")
    children = tuple(execute(a, table, k) for a, k in zip(node.args, fn.args, strict=True))
    return apply(fn, children, table, node)


def apply(fn: Function, children: tuple[Executed, ...], table: TypedTable,
          node: Node | None = None) -> Executed:
    """Apply ``fn`` to already executed arguments (the search builds programs this way)."""
    if node is None:
        node = Call(fn.name, tuple(c.node for c in children))
    value = fn(table, *(c.value for c in children))
    return Executed(node, value, fn, children)


def _kind_fits(output: str, wanted: str) -> bool:
    return output == wanted or (wanted == "num" and output == "obj")


def run(node: Node, table: TypedTable) -> bool:
    """The truth value of a boolean program."""
    return truth(execute(node, table, "bool").value)
