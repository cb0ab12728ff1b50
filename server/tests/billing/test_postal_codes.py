"""US states and ZIP codes for the postal-code call, as a table of cases."""

from __future__ import annotations

import pytest

from masthead.billing.payment_methods.postal_codes import (
    POSTAL_CODE_MESSAGE,
    STATE_MESSAGE,
    PostalAddress,
    PostalCodeError,
    parse_address,
)


@pytest.mark.parametrize(
    ("state", "postal_code", "expected"),
    [
        ("NY", "10001", PostalAddress("NY", "10001")),
        (" ny ", " 10001 ", PostalAddress("NY", "10001")),
        ("NY", "10001-1234", PostalAddress("NY", "10001-1234")),
        ("NY", "10001 1234", PostalAddress("NY", "10001-1234")),
        ("NY", "100011234", PostalAddress("NY", "10001-1234")),
        ("NY", "00501", PostalAddress("NY", "00501")),  # Holtsville's IRS centre
        ("CA", "90210", PostalAddress("CA", "90210")),
        ("MA", "02134", PostalAddress("MA", "02134")),
        ("MA", "05501", PostalAddress("MA", "05501")),  # Andover, inside Vermont's range
        ("VT", "05401", PostalAddress("VT", "05401")),
        ("TX", "73301", PostalAddress("TX", "73301")),  # Austin, inside Oklahoma's range
        ("DC", "20500", PostalAddress("DC", "20500")),
        ("VA", "20101", PostalAddress("VA", "20101")),
        ("AK", "99501", PostalAddress("AK", "99501")),
        ("PR", "00901", PostalAddress("PR", "00901")),
        ("AE", "09001", PostalAddress("AE", "09001")),
    ],
)
def test_valid_addresses(state: str, postal_code: str, expected: PostalAddress) -> None:
    assert parse_address(state, postal_code) == expected


@pytest.mark.parametrize(
    ("state", "postal_code", "kind", "message"),
    [
        ("", "10001", "bad-request", STATE_MESSAGE),
        ("New York", "10001", "bad-request", STATE_MESSAGE),
        ("ZZ", "10001", "bad-request", STATE_MESSAGE),
        ("NY", "", "bad-request", POSTAL_CODE_MESSAGE),
        ("NY", "1000", "bad-request", POSTAL_CODE_MESSAGE),
        ("NY", "100011", "bad-request", POSTAL_CODE_MESSAGE),
        ("NY", "10001-12", "bad-request", POSTAL_CODE_MESSAGE),
        ("NY", "SW1A 1AA", "bad-request", POSTAL_CODE_MESSAGE),
        ("NY", "\uff11\uff10\uff10\uff10\uff11", "bad-request", POSTAL_CODE_MESSAGE),  # full-width
        ("NY", "90210", "postal-code-mismatch", None),
        ("VT", "05501", "postal-code-mismatch", None),
        ("OK", "73301", "postal-code-mismatch", None),
        ("CA", "00001", "postal-code-mismatch", None),
    ],
)
def test_refusals_say_what_to_fix(
    state: str, postal_code: str, kind: str, message: str | None
) -> None:
    with pytest.raises(PostalCodeError) as refused:
        parse_address(state, postal_code)
    assert refused.value.type == kind
    if message is not None:
        assert refused.value.message == message


def test_mismatch_names_the_zip_code_and_state() -> None:
    with pytest.raises(PostalCodeError) as refused:
        parse_address("NY", "90210-1234")
    assert refused.value.message == (
        "The ZIP code 90210-1234 is not in NY. Please check the state and ZIP code."
    )
