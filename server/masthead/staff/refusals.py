"""The staff console's refusals: one place for their statuses, types and sentences.

StaffError is an ApiError, so the app's one error handler answers it with the one error shape
wherever it is raised (auth dependency or service)."""

from __future__ import annotations

from masthead.errors import ApiError

SIGN_IN = "Please sign in to the staff console."
NO_STAFF_ROLE = "This account has no staff role."


class StaffError(ApiError):
    pass


def unauthorized() -> StaffError:
    return StaffError(401, "unauthorized", SIGN_IN)


def no_staff_role() -> StaffError:
    return StaffError(403, "forbidden", NO_STAFF_ROLE)


def lacks_role(role: str) -> StaffError:
    return StaffError(403, "forbidden", f"Your account does not have the {role} role.")


def invalid_credentials() -> StaffError:
    return StaffError(401, "invalid-credentials", "The email or password is wrong.")


def invalid_code() -> StaffError:
    return StaffError(
        400, "invalid-code", "That code is not right. Try the newest code from your app."
    )


def sign_in_expired() -> StaffError:
    return StaffError(
        401,
        "sign-in-expired",
        "This sign-in has expired. Please enter your email and password again.",
    )


def too_many_wrong_codes() -> StaffError:
    return StaffError(
        401,
        "sign-in-expired",
        "A wrong code was entered too many times. Please enter your email and password again.",
    )


def already_enrolled() -> StaffError:
    return StaffError(
        409,
        "already-enrolled",
        "Two-step sign-in is already set up for this account. Enter a code from your app.",
    )


def not_enrolled() -> StaffError:
    return StaffError(
        409,
        "not-enrolled",
        "Two-step sign-in is not set up for this account yet. Set it up first.",
    )


def reauthentication_required() -> StaffError:
    return StaffError(
        403,
        "reauthentication-required",
        "Please enter a code from your authenticator app to confirm this change.",
    )


def no_account() -> StaffError:
    return StaffError(404, "not-found", "There is no Masthead account for that email.")


def own_admin_role() -> StaffError:
    return StaffError(
        409,
        "own-admin-role",
        "You cannot remove your own admin role. Ask another admin to do it.",
    )


def last_admin() -> StaffError:
    return StaffError(
        409,
        "last-admin",
        "Masthead needs at least one admin, so the last admin's role cannot be removed.",
    )
