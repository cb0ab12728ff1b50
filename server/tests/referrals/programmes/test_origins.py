"""Allowed origins as a merchant types them, and what the origin check will match."""

from __future__ import annotations

import pytest

from masthead.referrals.programmes.origins import (
    MAX_ORIGINS,
    OriginError,
    normalise_origin,
    normalise_origins,
)


@pytest.mark.parametrize(
    ("typed", "origin"),
    [
        ("https://shop.example", "https://shop.example"),
        ("  HTTPS://Shop.Example/  ", "https://shop.example"),
        ("https://shop.example:443", "https://shop.example"),
        ("http://shop.example:80", "http://shop.example"),
        ("http://localhost:8000", "http://localhost:8000"),
        ("https://shop.example:8443", "https://shop.example:8443"),
        ("http://127.0.0.1:8765", "http://127.0.0.1:8765"),
        ("http://[::1]:8000", "http://[::1]:8000"),
        ("https://xn--bcher-kva.example", "https://xn--bcher-kva.example"),
    ],
)
def test_origins_are_written_as_browsers_send_them(typed: str, origin: str) -> None:
    assert normalise_origin(typed) == origin


@pytest.mark.parametrize(
    ("typed", "says"),
    [
        ("", "empty"),
        ("shop.example", "is not an origin"),
        ("ftp://shop.example", "must start with https:// or http://"),
        ("https://shop.example/join", "has a path"),
        ("https://shop.example?x=1", "has a path, query or fragment"),
        ("https://shop.example#top", "has a path, query or fragment"),
        ("https://*.shop.example", "wildcard"),
        ("*", "wildcard"),
        ("https://user@shop.example", "user name"),
        ("https://bücher.example", "xn--"),
        ("https://shop.example:0", "port"),
        ("https://shop.example:65536", "port"),
        ("https://shop.example:", "port"),
        ("https://shop.example:\uff18\uff10", "port"),  # full-width digits
        ("https://-shop.example", "valid host"),
        ("https://shop_example.com", "valid host"),
        ("null", "is not an origin"),
        ("https://" + "a" * 250 + ".example", "longer than 255"),
    ],
)
def test_what_is_not_an_origin_is_refused_with_a_reason(typed: str, says: str) -> None:
    with pytest.raises(OriginError) as refused:
        normalise_origin(typed)
    assert says in str(refused.value)


def test_a_list_is_normalised_without_repeats_and_names_the_first_bad_one() -> None:
    assert normalise_origins(
        ["https://a.example", "HTTPS://A.example:443", "http://b.example"]
    ) == ["https://a.example", "http://b.example"]
    with pytest.raises(OriginError, match=r"^Allowed origin 2: "):
        normalise_origins(["https://a.example", "https://b.example/x"])
    with pytest.raises(OriginError, match=f"at most {MAX_ORIGINS}"):
        normalise_origins([f"https://s{n}.example" for n in range(MAX_ORIGINS + 1)])
