"""Braintree's XML dialect: typed elements (integer, boolean, date, datetime, array, nil).

Rendering follows what Braintree's gateway sends and the SDK's parser reads (hyphenated tags,
`type="array"` lists, `nil="true"` nulls); parsing reads what the SDK's generator sends
(underscored tags, `type="datetime"` for dates too).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any, cast
from xml.etree import ElementTree
from xml.sax.saxutils import escape


@dataclass(frozen=True)
class Array:
    item: str  # each element's tag; the SDK ignores it, Braintree names it
    items: Sequence[Node]


Node = str | int | bool | Decimal | date | datetime | None | Mapping[str, Any] | Array


class XmlBodyError(ValueError):
    pass


def render(root: str, body: Mapping[str, Node]) -> bytes:
    parts: list[str] = ['<?xml version="1.0" encoding="UTF-8"?>\n']
    _element(parts, root, body)
    return "".join(parts).encode("utf-8")


def _element(parts: list[str], key: str, value: Node) -> None:
    tag = _TAGS.get(key) or _hyphenated(key)
    kind = type(value)
    # The common exact types first, by identity: webhooks render tens of thousands of these
    # in a billing run. Anything else (subclasses included) takes the general path below.
    if kind is str:
        parts.append(f"<{tag}>{_escape(value)}</{tag}>")  # type: ignore[arg-type]
    elif value is None:
        parts.append(f'<{tag} nil="true"/>')
    elif kind in _SCALARS:
        type_, text = _SCALARS[kind](value)
        parts.append(f'<{tag} type="{type_}">{text}</{tag}>' if type_ else f"<{tag}>{text}</{tag}>")
    elif isinstance(value, Array):
        parts.append(f'<{tag} type="array">')
        for item in value.items:
            _element(parts, value.item, item)
        parts.append(f"</{tag}>")
    elif isinstance(value, Mapping):
        parts.append(f"<{tag}>")
        for child, child_value in value.items():
            _element(parts, child, child_value)
        parts.append(f"</{tag}>")
    else:
        type_, text = _scalar(value)
        attribute = f' type="{type_}"' if type_ else ""
        parts.append(f"<{tag}{attribute}>{_escape(text)}</{tag}>")


_TAGS: dict[str, str] = {}


def _hyphenated(key: str) -> str:
    tag = key.replace("_", "-")
    if len(_TAGS) < 1000:  # element names are a fixed vocabulary; the bound is a safeguard
        _TAGS[key] = tag
    return tag


def _escape(text: str) -> str:
    return escape(text) if ("&" in text or "<" in text or ">" in text) else text


def _boolean(value: bool) -> tuple[str, str]:
    return "boolean", "true" if value else "false"


def _integer(value: int) -> tuple[str, str]:
    return "integer", str(value)


def _amount(value: Decimal) -> tuple[str, str]:
    return "", f"{value:.2f}"


def _datetime(value: datetime) -> tuple[str, str]:
    return "datetime", value.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _date(value: date) -> tuple[str, str]:
    return "date", value.isoformat()


# (type attribute, text) by exact type; no text they make needs escaping. In the order
# _scalar tries them: bool before int (a bool is an int), datetime before date.
_SCALARS: dict[type, Callable[[Any], tuple[str, str]]] = {
    bool: _boolean,
    int: _integer,
    Decimal: _amount,
    datetime: _datetime,
    date: _date,
}


def _scalar(value: str | int | bool | Decimal | date | datetime) -> tuple[str, str]:
    for kind, convert in _SCALARS.items():
        if isinstance(value, kind):
            return convert(value)
    return "", cast(str, value)


def parse(body: bytes) -> tuple[str, Any]:
    """The root tag and its value; tags come back underscored."""
    if b"<!" in body:  # no DTDs, so no entity expansion: the only XML attacks expat allows
        raise XmlBodyError("document type declarations are not accepted")
    try:
        root = ElementTree.fromstring(body)  # noqa: S314 (no DTD possible, see above)
    except ElementTree.ParseError as exc:
        raise XmlBodyError(str(exc)) from None
    return _tag(root), _value(root)


def _tag(element: ElementTree.Element) -> str:
    return element.tag.replace("-", "_")


def _value(element: ElementTree.Element) -> Any:
    type_ = element.get("type")
    if type_ == "array":
        return [_value(child) for child in element]
    if len(element):
        return {_tag(child): _value(child) for child in element}
    if element.get("nil") == "true":
        return None
    text = element.text or ""
    if type_ == "integer":
        return int(text)
    if type_ == "boolean":
        return text in ("true", "1")
    if type_ == "datetime":
        return datetime.fromisoformat(text.replace("Z", "+00:00"))
    if type_ == "date":
        return date.fromisoformat(text)
    return text
