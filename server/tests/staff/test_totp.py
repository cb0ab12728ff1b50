"""The second factor's pure rules: the code window, replay, recovery codes, the QR code."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from xml.etree import ElementTree

import pyotp
import pytest

from masthead.staff import totp
from masthead.staff.roles import grants, ordered

NOW = datetime(2026, 11, 22, 12, 0, 10, tzinfo=UTC)
SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"


def _code_at(moment: datetime) -> str:
    return pyotp.TOTP(SECRET).at(moment)


@pytest.mark.parametrize(
    ("offset_seconds", "accepted"),
    [(0, True), (-30, True), (30, True), (-60, False), (60, False)],
)
def test_a_code_is_right_in_its_step_and_the_one_either_side(
    offset_seconds: int, accepted: bool
) -> None:
    code = _code_at(NOW + timedelta(seconds=offset_seconds))
    assert (totp.accepted_step(SECRET, code, NOW, None) is not None) is accepted


def test_a_step_is_accepted_once_and_no_earlier_step_after_it() -> None:
    step = totp.accepted_step(SECRET, _code_at(NOW), NOW, None)
    assert step == pyotp.TOTP(SECRET).timecode(NOW)
    assert totp.accepted_step(SECRET, _code_at(NOW), NOW, step) is None  # replayed
    earlier = _code_at(NOW - timedelta(seconds=30))
    assert totp.accepted_step(SECRET, earlier, NOW, step) is None
    later = _code_at(NOW + timedelta(seconds=30))
    assert totp.accepted_step(SECRET, later, NOW, step) == step + 1


def test_spaces_are_ignored_and_other_text_is_no_code() -> None:
    code = _code_at(NOW)
    assert totp.accepted_step(SECRET, f" {code[:3]} {code[3:]} ", NOW, None) is not None
    for typed in ("", "12345", "1234567", "abcdef", "12345\u0661"):
        assert not totp.is_totp_code(typed)
        assert totp.accepted_step(SECRET, typed, NOW, None) is None


def test_recovery_codes_are_ten_distinct_codes_shaped_for_people() -> None:
    codes = totp.new_recovery_codes()
    assert len(codes) == len(set(codes)) == 10
    for code in codes:
        groups = code.split("-")
        assert [len(g) for g in groups] == [4, 4, 4]
        assert set(code.replace("-", "")) <= set(totp.RECOVERY_ALPHABET)
        assert totp.is_recovery_code(code) and totp.is_recovery_code(code.upper().replace("-", " "))
    assert totp.recovery_code_hash(codes[0]) == totp.recovery_code_hash(codes[0].upper())
    assert not totp.is_recovery_code("abcd-efgh-ijk")  # too short
    assert not totp.is_recovery_code("abcd-efgh-ijkl")  # l is not in the alphabet


def test_the_qr_code_is_a_standalone_svg_of_the_otpauth_address() -> None:
    uri = totp.otpauth_uri(SECRET, "staff@example.com")
    assert uri.startswith("otpauth://totp/Masthead:staff%40example.com?")
    assert f"secret={SECRET}" in uri and "issuer=Masthead" in uri
    svg = ElementTree.fromstring(totp.qr_svg(uri))  # noqa: S314 (our own output)
    assert svg.tag == "{http://www.w3.org/2000/svg}svg"


def test_admin_implies_every_role() -> None:
    assert grants(["admin"], "marketing")
    assert grants(["editor"], "editor")
    assert not grants(["editor"], "support")
    assert not grants([], "editor")
    assert ordered(["support", "admin", "support", "unknown"]) == ["admin", "support"]
