"""What one widget GraphQL request may ask, checked before anything renders (pure: no I/O).

Each `renderWidget` is a database render, so a request asks for exactly one (aliases would
otherwise multiply it), selects a bounded number of fields (aliases of `template` would
multiply the answer), and nests a bounded number of levels. The nesting is counted on the
lexer's tokens before parsing: graphql-core's parser is recursive, so a deeply nested
variable type or value must be refused before it runs, not caught after.
"""

from __future__ import annotations

from typing import Any

from graphql import (
    ASTValidationRule,
    DocumentNode,
    FieldNode,
    GraphQLError,
    Lexer,
    NoSchemaIntrospectionCustomRule,
    OperationDefinitionNode,
    OperationType,
    Source,
    TokenKind,
    ValidationRule,
    parse,
    specified_rules,
)

MAX_QUERY_CHARS = 10_000
MAX_TOKENS = 500  # the query squatch-js sends has 54
MAX_NESTING = 12  # levels of {}, [] and () together; squatch-js's query uses 3
MAX_FIELDS = 20  # fields selected in the whole document; squatch-js's query selects 8
ROOT_FIELD = "renderWidget"

_OPENERS = {TokenKind.BRACE_L, TokenKind.BRACKET_L, TokenKind.PAREN_L}
_CLOSERS = {TokenKind.BRACE_R, TokenKind.BRACKET_R, TokenKind.PAREN_R}


def parse_bounded(query: str) -> DocumentNode:
    """The parsed document, or GraphQLError for a query too long, too big or too deep."""
    if len(query) > MAX_QUERY_CHARS:
        raise GraphQLError(f"The query is longer than {MAX_QUERY_CHARS} characters.")
    source = Source(query)
    lexer = Lexer(source)  # iterative: safe on any input; raises GraphQLSyntaxError
    tokens = depth = 0
    while (token := lexer.advance()).kind is not TokenKind.EOF:
        tokens += 1
        if tokens > MAX_TOKENS:
            raise GraphQLError(f"The query has more than {MAX_TOKENS} tokens.")
        if token.kind in _OPENERS:
            depth += 1
            if depth > MAX_NESTING:
                raise GraphQLError(
                    f"The query is nested too deeply: at most {MAX_NESTING} levels of "
                    "{}, [] and () are allowed."
                )
        elif token.kind in _CLOSERS:
            depth -= 1
    return parse(source)


def only_queries(document: DocumentNode) -> None:
    for definition in document.definitions:
        if (
            isinstance(definition, OperationDefinitionNode)
            and definition.operation is not OperationType.QUERY
        ):
            raise GraphQLError(
                f"Only the {ROOT_FIELD} query is supported; "
                f"this request is a {definition.operation.value}."
            )


class OneRootFieldRule(ValidationRule):
    """Exactly one root field per request (`__typename` costs nothing and is not counted).

    Fields are counted as written, fragments included, so no spread or alias adds a render.
    """

    def __init__(self, context: Any) -> None:
        super().__init__(context)
        self.root_fields = 0

    def enter_field(self, node: FieldNode, *_args: Any) -> None:
        if node.name.value == "__typename":
            return
        if self.context.get_parent_type() is self.context.schema.query_type:
            self.root_fields += 1

    def leave_document(self, node: DocumentNode, *_args: Any) -> None:
        if self.root_fields != 1:
            self.report_error(
                GraphQLError(
                    f"Ask for exactly one root field ({ROOT_FIELD}) per request; "
                    f"this request asks for {self.root_fields}."
                )
            )


class FieldBudgetRule(ValidationRule):
    """At most MAX_FIELDS fields in the document: the answer cannot grow past what is written."""

    def __init__(self, context: Any) -> None:
        super().__init__(context)
        self.fields = 0

    def enter_field(self, node: FieldNode, *_args: Any) -> None:
        self.fields += 1

    def leave_document(self, node: DocumentNode, *_args: Any) -> None:
        if self.fields > MAX_FIELDS:
            self.report_error(
                GraphQLError(
                    f"The query selects {self.fields} fields; at most {MAX_FIELDS} are allowed."
                )
            )


RULES: tuple[type[ASTValidationRule], ...] = (
    *specified_rules,
    NoSchemaIntrospectionCustomRule,  # the schema is the one query above; nothing to explore
    OneRootFieldRule,
    FieldBudgetRule,
)
