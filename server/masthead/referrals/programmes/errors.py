"""The refusals of running the referral service, in the one error shape: the console and the
operator API answer them as they are, the CLI prints their message."""

from __future__ import annotations

from typing import Any

from masthead.errors import ApiError


class ProgrammesError(ApiError):
    """A refusal: status, type and a sentence a person can act on."""


def invalid_tenant(message: str) -> ProgrammesError:
    return ProgrammesError(400, "invalid-tenant", f"Nothing was changed: {message}")


def invalid_programme(message: str) -> ProgrammesError:
    return ProgrammesError(400, "invalid-programme", f"Nothing was changed: {message}")


def invalid_codes(message: str, problems: list[dict[str, Any]]) -> ProgrammesError:
    return ProgrammesError(400, "invalid-codes", message, problems=problems)


def taken(type_: str, message: str) -> ProgrammesError:
    return ProgrammesError(409, type_, message)


def no_tenant(alias: str) -> ProgrammesError:
    return ProgrammesError(
        404, "tenant-not-found", f'There is no referral tenant "{alias[:64]}" (or it was deleted).'
    )


def no_programme(alias: str, slug: str) -> ProgrammesError:
    return ProgrammesError(
        404, "programme-not-found", f'The tenant "{alias[:64]}" has no programme "{slug[:64]}".'
    )
