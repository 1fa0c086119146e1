"""TabFact's program syntax: ``eq{count{filter_eq{all_rows; result; loss}}; 3}=True``.

A program is a tree of calls (``name{arg; arg; ...}``) whose leaves are literals: the
view ``all_rows``, column headers and values, written as plain text.  Whether a leaf is a
header or a value is decided by the function's signature when the program runs, so the
parser keeps every leaf as a :class:`Literal`.  ``to_text(parse(s)) == s`` for programs
written in the dataset's canonical spacing (``"; "`` between arguments).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import InputError

MAX_PROGRAM_CHARS = 4000


class ProgramSyntaxError(InputError):
    """A program string that does not follow ``name{arg; ...}`` syntax."""

    code = "E110"


@dataclass(frozen=True)
class Literal:
    """A leaf: ``all_rows``, a column header or a value, as written (possibly empty: a
    header the table leaves blank)."""

    text: str

    def to_text(self) -> str:
        return self.text


@dataclass(frozen=True)
class Call:
    """A function applied to its arguments."""

    name: str
    args: tuple[Node, ...]

    def to_text(self) -> str:
        return f"{self.name}{{{'; '.join(a.to_text() for a in self.args)}}}"


Node = Call | Literal


@dataclass(frozen=True)
class Claim:
    """A program with the truth value it is stated to execute to (``=True`` / ``=False``)."""

    program: Node
    expected: bool

    def to_text(self) -> str:
        return f"{self.program.to_text()}={self.expected}"


def parse_program(text: str) -> Node:
    """Parse one program (without ``=True``) into a tree; raise ProgramSyntaxError if malformed."""
    if len(text) > MAX_PROGRAM_CHARS:
        raise ProgramSyntaxError(f"program longer than {MAX_PROGRAM_CHARS} characters")
    node, end = _parse_node(text, 0)
    if text[end:].strip():
        tail = text[end:end + 20]
        raise ProgramSyntaxError(f"unexpected text after the program at {end}: {tail!r}")
    return node


def program_calls(text: str) -> list[Call]:
    """Every call of a program, read off its tree, outermost first (each call before its
    arguments, the last argument's calls first); none for a program that does not parse."""
    try:
        stack: list[Node] = [parse_program(text)]
    except ProgramSyntaxError:
        return []
    out = []
    while stack:
        node = stack.pop()
        if isinstance(node, Call):
            out.append(node)
            stack.extend(node.args)
    return out


def parse_claim(text: str) -> Claim:
    """Parse ``program=True`` or ``program=False``."""
    body, sep, tail = text.strip().rpartition("=")
    if not sep or tail.strip() not in ("True", "False"):
        raise ProgramSyntaxError("a claim ends with '=True' or '=False'")
    return Claim(program=parse_program(body), expected=tail.strip() == "True")


def _parse_node(text: str, pos: int) -> tuple[Node, int]:
    """A call or a literal starting at ``pos``; returns it and the position after it."""
    end = pos
    while end < len(text) and text[end] not in "{};":
        end += 1
    head = text[pos:end].strip()
    if end < len(text) and text[end] == "{":
        if not head or not head.replace("_", "").isalnum():
            raise ProgramSyntaxError(f"bad function name {head!r} at {pos}")
        args, end = _parse_args(text, end + 1)
        return Call(head, tuple(args)), end
    if end >= len(text):
        raise ProgramSyntaxError("missing '}' at the end of the program")
    return Literal(head), end


def _parse_args(text: str, pos: int) -> tuple[list[Node], int]:
    """Arguments after an opening brace, up to and including the matching closing brace."""
    args: list[Node] = []
    while True:
        node, pos = _parse_node(text, pos)
        args.append(node)
        while pos < len(text) and text[pos] == " ":
            pos += 1
        if pos >= len(text):
            raise ProgramSyntaxError("missing '}' at the end of the program")
        if text[pos] == "}":
            return args, pos + 1
        if text[pos] != ";":
            raise ProgramSyntaxError(f"expected ';' or '}}' at {pos}, found {text[pos]!r}")
        pos += 1
        if pos < len(text) and text[pos] == " ":
            pos += 1
