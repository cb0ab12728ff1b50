"""The second factor (pure): TOTP secrets, their QR code, code checks and recovery codes.

TOTP is RFC 6238 as authenticator apps speak it (pyotp): 6 digits, 30-second steps, the
neighbouring step on either side accepted for clock drift. The caller keeps the last step a
code was accepted for and passes it in, so a code seen once (over a shoulder, in a proxy log)
cannot be used again.
"""

from __future__ import annotations

import hashlib
import io
import re
import secrets
from datetime import datetime

import pyotp
import segno
from pyotp.utils import strings_equal

ISSUER = "Masthead"
VALID_WINDOW = 1  # steps either side of now
RECOVERY_CODE_COUNT = 10
# No l, o, 0 or 1, which people misread when they copy a code by hand: 32 symbols, so a
# code of 12 holds 60 random bits.
RECOVERY_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"
RECOVERY_GROUPS = 3
RECOVERY_GROUP_LENGTH = 4

_TOTP_CODE = re.compile(r"[0-9]{6}")
_RECOVERY_CODE = re.compile(f"[{RECOVERY_ALPHABET}]{{{RECOVERY_GROUPS * RECOVERY_GROUP_LENGTH}}}")


def new_secret() -> str:
    """A base32 secret of 160 bits, RFC 4226's recommended length."""
    return pyotp.random_base32()


def otpauth_uri(secret: str, email: str) -> str:
    """What the QR code holds: the otpauth:// address authenticator apps read."""
    return pyotp.TOTP(secret).provisioning_uri(name=email, issuer_name=ISSUER)


def qr_svg(uri: str) -> str:
    """The QR code of `uri` as a standalone SVG document (with its namespace, so it also works
    as an <img> data URL), black on white whatever the page's colours."""
    out = io.BytesIO()
    segno.make(uri, error="m").save(
        out, kind="svg", xmldecl=False, scale=5, border=4, dark="#000", light="#fff"
    )
    return out.getvalue().decode("ascii")


def compact(code: str) -> str:
    """A typed code without the spaces and dashes people add, in lower case."""
    return re.sub(r"[\s-]", "", code).lower()


def is_totp_code(code: str) -> bool:
    return _TOTP_CODE.fullmatch(compact(code)) is not None


def is_recovery_code(code: str) -> bool:
    return _RECOVERY_CODE.fullmatch(compact(code)) is not None


def accepted_step(secret: str, code: str, now: datetime, last_step: int | None) -> int | None:
    """The time step `code` is right for, within the window around `now` and after
    `last_step` (each step's code is accepted once); None when it is not right."""
    totp = pyotp.TOTP(secret)
    current = totp.timecode(now)
    typed = compact(code)
    for step in range(current - VALID_WINDOW, current + VALID_WINDOW + 1):
        if (last_step is None or step > last_step) and strings_equal(
            typed, totp.generate_otp(step)
        ):
            return step
    return None


def new_recovery_codes() -> list[str]:
    """Ten single-use codes shaped like `abcd-efgh-ijkl`."""
    return [
        "-".join(
            "".join(secrets.choice(RECOVERY_ALPHABET) for _ in range(RECOVERY_GROUP_LENGTH))
            for _ in range(RECOVERY_GROUPS)
        )
        for _ in range(RECOVERY_CODE_COUNT)
    ]


def recovery_code_hash(code: str) -> str:
    """What is stored of a recovery code. A fast hash is enough: the code holds 60 random
    bits, and whoever could read these hashes could read the TOTP secrets beside them."""
    return hashlib.sha256(compact(code).encode()).hexdigest()
