"""Referral refusals, in the project's error shape plus the fields squatch-js reads.

A body is `{"type", "message", "apiErrorCode", "rsCode", "statusCode"}`: the library renders
its error widget when `apiErrorCode` is present and shows `rsCode` as the 'Error Code'.
"""

from __future__ import annotations

from typing import Any

from fastapi.responses import JSONResponse

from masthead.errors import ApiError, error_body

# apiErrorCode: (HTTP status, project error type, rsCode shown to the reader).
CODES: dict[str, tuple[int, str, str]] = {
    "BAD_REQUEST": (400, "bad-request", "RS1400"),
    "INVALID_COOKIE": (400, "bad-request", "RS1401"),
    "TOKEN_REQUIRED": (401, "unauthorized", "RS1410"),
    "INVALID_TOKEN": (401, "unauthorized", "RS1411"),
    "INVALID_API_KEY": (401, "unauthorized", "RS1412"),
    "ORIGIN_NOT_ALLOWED": (403, "cross-origin-refused", "RS1430"),
    "SERVER_ONLY_EVENT": (403, "forbidden", "RS1431"),
    "TENANT_NOT_FOUND": (404, "tenant-not-found", "RS1440"),
    "USER_NOT_FOUND": (404, "user-not-found", "RS1441"),
    "PROGRAM_NOT_FOUND": (404, "program-not-found", "RS1442"),
    "TOO_MANY_REQUESTS": (429, "too-many-requests", "RS1490"),
}


class ReferralError(Exception):
    def __init__(self, api_error_code: str, message: str, *, retry_after: int = 0) -> None:
        super().__init__(message)
        assert api_error_code in CODES
        self.api_error_code = api_error_code
        self.message = message
        self.retry_after = retry_after  # seconds, for a 429's Retry-After header

    @property
    def status(self) -> int:
        return CODES[self.api_error_code][0]

    def body(self) -> dict[str, Any]:
        status, type_, rs_code = CODES[self.api_error_code]
        return error_body(
            type_,
            self.message,
            apiErrorCode=self.api_error_code,
            rsCode=rs_code,
            statusCode=status,
        )

    def _headers(self, headers: dict[str, str] | None) -> dict[str, str]:
        extra = {"Retry-After": str(self.retry_after)} if self.retry_after else {}
        return {**(headers or {}), **extra}

    def response(self, headers: dict[str, str] | None = None) -> JSONResponse:
        return JSONResponse(self.body(), self.status, headers=self._headers(headers))

    def api_error(self, headers: dict[str, str]) -> ApiError:
        """Raised rather than returned, so the request's transaction rolls back."""
        _, type_, rs_code = CODES[self.api_error_code]
        return ApiError(
            self.status,
            type_,
            self.message,
            headers=self._headers(headers),
            apiErrorCode=self.api_error_code,
            rsCode=rs_code,
            statusCode=self.status,
        )


def bad_request(message: str) -> ReferralError:
    return ReferralError("BAD_REQUEST", message)
