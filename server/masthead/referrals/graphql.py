"""Just enough GraphQL for the one operation squatch-js sends: `renderWidget` (pure: no I/O).

A small tokenizer and recursive-descent parser for queries (variables, arguments, aliases,
nested selections); fragments, directives and mutations are refused with a message rather
than half-supported. `shape` projects a result onto the selection, as GraphQL answers.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

MAX_QUERY_CHARS = 10_000
MAX_DEPTH = 12

_TOKEN = re.compile(
    r"""
    (?P<skip>[\s,\ufeff]+|\#[^\n\r]*)
    |(?P<block>\"\"\"(?:\\\"\"\"|[^"]|"(?!""))*\"\"\")
    |(?P<string>"(?:\\["\\/bfnrt]|\\u[0-9A-Fa-f]{4}|[^"\\\n\r])*")
    |(?P<number>-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?)
    |(?P<name>[_A-Za-z][_0-9A-Za-z]*)
    |(?P<punct>\.\.\.|[!$&()\:=@\[\]{|}])
    """,
    re.VERBOSE,
)


class GraphQLError(ValueError):
    pass


@dataclass(frozen=True)
class Variable:
    name: str


@dataclass
class Field:
    name: str
    alias: str | None = None
    arguments: dict[str, Any] = field(default_factory=dict)
    selections: list[Field] | None = None

    @property
    def key(self) -> str:
        return self.alias or self.name


@dataclass
class Operation:
    kind: str
    name: str | None
    defaults: dict[str, Any]  # declared variables and their default values (None if none)
    selections: list[Field]


def _tokens(source: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    pos = 0
    while pos < len(source):
        match = _TOKEN.match(source, pos)
        if match is None:
            raise GraphQLError(f"Syntax error: unexpected character {source[pos]!r}.")
        kind = match.lastgroup or ""
        if kind != "skip":
            out.append((kind, match.group()))
        pos = match.end()
    return out


class _Parser:
    def __init__(self, source: str) -> None:
        self.tokens = _tokens(source)
        self.pos = 0
        self.depth = 0

    def peek(self) -> tuple[str, str]:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else ("eof", "")

    def take(self, value: str | None = None, kind: str | None = None) -> str:
        got_kind, got = self.peek()
        if (value is not None and got != value) or (kind is not None and got_kind != kind):
            wanted = value or kind
            shown = got or "the end of the query"
            raise GraphQLError(f"Syntax error: expected {wanted}, found {shown}.")
        self.pos += 1
        return got

    def skip(self, value: str) -> bool:
        if self.peek()[1] == value and self.peek()[0] in {"punct", "name"}:
            self.pos += 1
            return True
        return False

    def document(self) -> list[Operation]:
        operations = [self.operation()]
        while self.peek()[0] != "eof":
            operations.append(self.operation())
        return operations

    def operation(self) -> Operation:
        kind, value = self.peek()
        if value == "{":
            return Operation("query", None, {}, self.selection_set())
        if kind == "name" and value == "fragment":
            raise GraphQLError("Fragments are not supported.")
        if kind != "name" or value not in {"query", "mutation", "subscription"}:
            raise GraphQLError("Syntax error: expected an operation.")
        self.pos += 1
        name = self.take(kind="name") if self.peek()[0] == "name" else None
        defaults: dict[str, Any] = {}
        if self.skip("("):
            while not self.skip(")"):
                self.take("$")
                variable = self.take(kind="name")
                self.take(":")
                self.type_ref()
                defaults[variable] = self.value(const=True) if self.skip("=") else None
        self.no_directives()
        return Operation(value, name, defaults, self.selection_set())

    def type_ref(self) -> None:
        if self.skip("["):
            self.type_ref()
            self.take("]")
        else:
            self.take(kind="name")
        self.skip("!")

    def no_directives(self) -> None:
        if self.peek()[1] == "@":
            raise GraphQLError("Directives are not supported.")

    def selection_set(self) -> list[Field]:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise GraphQLError("The query is nested too deeply.")
        self.take("{")
        fields = [self.field()]
        while not self.skip("}"):
            fields.append(self.field())
        self.depth -= 1
        return fields

    def field(self) -> Field:
        if self.peek()[1] == "...":
            raise GraphQLError("Fragments are not supported.")
        name, alias = self.take(kind="name"), None
        if self.skip(":"):
            alias, name = name, self.take(kind="name")
        arguments: dict[str, Any] = {}
        if self.skip("("):
            while not self.skip(")"):
                argument = self.take(kind="name")
                self.take(":")
                arguments[argument] = self.value(const=False)
        self.no_directives()
        selections = self.selection_set() if self.peek()[1] == "{" else None
        return Field(name, alias, arguments, selections)

    def value(self, const: bool) -> Any:
        kind, text = self.peek()
        if text == "$" and kind == "punct":
            if const:
                raise GraphQLError("A default value cannot use a variable.")
            self.pos += 1
            return Variable(self.take(kind="name"))
        if text in {"[", "{"} and kind == "punct":
            return self.composite(text, const)
        self.pos += 1
        if kind == "number":
            return json.loads(text)
        if kind == "string":
            return json.loads(text)
        if kind == "block":
            return text[3:-3].replace('\\"""', '"""')
        if kind == "name":
            return {"true": True, "false": False, "null": None}.get(text, text)  # enums: names
        raise GraphQLError(f"Syntax error: unexpected {text or 'end of the query'}.")

    def composite(self, opener: str, const: bool) -> Any:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise GraphQLError("The query is nested too deeply.")
        self.pos += 1
        result: Any
        if opener == "[":
            result = []
            while not self.skip("]"):
                result.append(self.value(const))
        else:
            result = {}
            while not self.skip("}"):
                name = self.take(kind="name")
                self.take(":")
                result[name] = self.value(const)
        self.depth -= 1
        return result


def parse(query: str) -> list[Operation]:
    if len(query) > MAX_QUERY_CHARS:
        raise GraphQLError(f"The query is longer than {MAX_QUERY_CHARS} characters.")
    return _Parser(query).document()


def pick(operations: list[Operation], name: str | None) -> Operation:
    if name:
        for operation in operations:
            if operation.name == name:
                return operation
        raise GraphQLError(f'Unknown operation named "{name}".')
    if len(operations) > 1:
        raise GraphQLError("Must provide operation name if query contains multiple operations.")
    return operations[0]


def resolve(value: Any, operation: Operation, variables: dict[str, Any]) -> Any:
    """Replace variables by their values (or declared defaults)."""
    if isinstance(value, Variable):
        if value.name not in operation.defaults:
            raise GraphQLError(f'Variable "${value.name}" is not defined.')
        return variables.get(value.name, operation.defaults[value.name])
    if isinstance(value, list):
        return [resolve(item, operation, variables) for item in value]
    if isinstance(value, dict):
        return {key: resolve(item, operation, variables) for key, item in value.items()}
    return value


# A type is (name, its fields); a field's type is another type, or None for a scalar.
ObjectType = tuple[str, dict[str, Any]]


def shape(selections: list[Field], result: dict[str, Any], type_: ObjectType) -> dict[str, Any]:
    type_name, fields = type_
    out: dict[str, Any] = {}
    for selected in selections:
        if selected.name == "__typename":
            out[selected.key] = type_name
            continue
        if selected.name not in fields:
            raise GraphQLError(f'Cannot query field "{selected.name}" on type "{type_name}".')
        field_type: ObjectType | None = fields[selected.name]
        value = result.get(selected.name)
        if field_type is None:
            if selected.selections is not None:
                raise GraphQLError(f'Field "{selected.name}" is a scalar: it has no subfields.')
            out[selected.key] = value
        elif selected.selections is None:
            raise GraphQLError(f'Field "{selected.name}" must have a selection of subfields.')
        else:
            out[selected.key] = (
                None if value is None else shape(selected.selections, value, field_type)
            )
    return out
