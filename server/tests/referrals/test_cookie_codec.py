"""The `_saasquatch` cookie codec, as a table of cases."""

from __future__ import annotations

import base64
import json
from datetime import UTC, datetime
from typing import Any

import pytest

from masthead.referrals.cookie import CookieError, build, codes_for_tenant, decode, encode

NOW = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)
FUTURE = int(datetime(2027, 1, 1, tzinfo=UTC).timestamp())
PAST = int(datetime(2026, 1, 1, tzinfo=UTC).timestamp())


def _b64(data: Any, padding: bool = False) -> str:
    raw = base64.urlsafe_b64encode(json.dumps(data).encode()).decode()
    return raw if padding else raw.rstrip("=")


def test_encode_is_unpadded_base64url_json_and_round_trips() -> None:
    data = build("app.example", "acme", "prog", "ADA1234", datetime(2027, 1, 1, tzinfo=UTC))
    value = encode(data)
    assert "=" not in value and "+" not in value and "/" not in value
    assert decode(value) == data
    assert data == {
        "app.example": {
            "acme_ADA1234": {"codes": {"prog": "ADA1234"}, "codesExp": {"ADA1234": FUTURE}}
        }
    }


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (_b64({"a": 1}), {"a": 1}),
        (_b64({"a": 1}, padding=True), {"a": 1}),
        (base64.b64encode(b'{"k":"~~~>>>"}').decode(), {"k": "~~~>>>"}),  # standard alphabet
        (_b64({"a": 1}, padding=True).replace("=", "%3D"), {"a": 1}),  # percent-encoded
    ],
)
def test_decode_accepts(value: str, expected: dict[str, Any]) -> None:
    assert decode(value) == expected


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("", "empty"),
        ("not base64!", "not base64url"),
        ("abc", "does not hold base64url-encoded JSON"),
        (_b64([1, 2]), "must hold a JSON object"),
        (_b64("text"), "must hold a JSON object"),
        ("A" * 9000, "longer than 8192"),
        (base64.urlsafe_b64encode(b"\xff\xfe{}").decode(), "does not hold"),
    ],
)
def test_decode_refuses(value: str, message: str) -> None:
    with pytest.raises(CookieError, match=message):
        decode(value)


def _entry(code: str, programme: str = "p", exp: Any = FUTURE) -> dict[str, Any]:
    return {"codes": {programme: code}, "codesExp": {code: exp}}


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({}, []),
        ({"d": {"acme_ADA": _entry("ADA")}}, [("p", "ADA")]),
        # deep-merged: two tenants and two domains
        (
            {
                "d1": {"other_BOB": _entry("BOB"), "acme_ADA": _entry("ADA")},
                "d2": {"acme_CY": _entry("CY", "q")},
            },
            [("p", "ADA"), ("q", "CY")],
        ),
        # a longer tenant alias that starts with ours is not ours
        ({"d": {"acme_masthead_ZED": _entry("ZED")}}, []),
        # key and code must agree (case aside)
        ({"d": {"acme_ada": _entry("ADA")}}, [("p", "ADA")]),
        ({"d": {"acme_ADA": _entry("EVE")}}, []),
        # expiry: seconds, milliseconds, missing, garbage
        ({"d": {"acme_ADA": _entry("ADA", exp=PAST)}}, []),
        ({"d": {"acme_ADA": _entry("ADA", exp=PAST * 1000)}}, []),
        ({"d": {"acme_ADA": _entry("ADA", exp=FUTURE * 1000)}}, [("p", "ADA")]),
        ({"d": {"acme_ADA": {"codes": {"p": "ADA"}}}}, [("p", "ADA")]),
        ({"d": {"acme_ADA": _entry("ADA", exp="soon")}}, [("p", "ADA")]),
        ({"d": {"acme_ADA": _entry("ADA", exp=10**30)}}, [("p", "ADA")]),
        # malformed parts are skipped, not fatal
        ({"d": "x", "e": {"acme_ADA": "x"}, "f": {"acme_ADA": {"codes": ["ADA"]}}}, []),
        ({"d": {"acme_ADA": {"codes": {"p": 7}}}}, []),
    ],
)
def test_codes_for_tenant(data: dict[str, Any], expected: list[tuple[str, str]]) -> None:
    assert codes_for_tenant(data, "acme", NOW) == expected
