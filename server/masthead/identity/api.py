"""Identity's public face: what other parts of Masthead may import of it.
Everything else in the package is its own (import-linter checks this: server/.importlinter)."""

from masthead.identity.auth import AddressDep, ReaderDep, optional_reader
from masthead.identity.cookies import SESSION_COOKIE
from masthead.identity.credentials import check_password, create_account
from masthead.identity.initials import initials
from masthead.identity.models import (
    HOME_DELIVERY_PRODUCT_ID,
    AuthSession,
    HomeDelivery,
    Profile,
    User,
)
from masthead.identity.profile_fields import LOG_LENGTH, read_profile
from masthead.identity.readers import (
    MAX_PAGE as READER_PAGE_LIMIT,
)
from masthead.identity.readers import (
    ReaderHit,
    ReaderMatches,
    SessionView,
    account,
    live_sessions,
    reader_of,
    resend_verification,
    revoke_all_sessions,
    search_readers,
    sessions,
)
from masthead.identity.repository import (
    LIVE_SESSION_READER,
    READER_WIDTH,
    Reader,
    add_user,
    is_reader_tracking_id,
    reader_from_row,
    user_by_email,
)
from masthead.identity.service import (
    VERIFY_EMAIL,
    IdentityError,
    absolute_link,
    current_reader,
    data_layer,
    issue_token,
    profile_view,
    request_reset,
)
from masthead.identity.social.confirmation import CONFIRM_MINUTES, linked_providers
from masthead.identity.social.confirmation import spend as spend_provider_confirmation
from masthead.identity.social.providers import LABELS as PROVIDER_LABELS
from masthead.identity.tokens import token_hash

__all__ = [
    "CONFIRM_MINUTES",
    "HOME_DELIVERY_PRODUCT_ID",
    "LIVE_SESSION_READER",
    "LOG_LENGTH",
    "PROVIDER_LABELS",
    "READER_PAGE_LIMIT",
    "READER_WIDTH",
    "SESSION_COOKIE",
    "VERIFY_EMAIL",
    "AddressDep",
    "AuthSession",
    "HomeDelivery",
    "IdentityError",
    "Profile",
    "Reader",
    "ReaderDep",
    "ReaderHit",
    "ReaderMatches",
    "SessionView",
    "User",
    "absolute_link",
    "account",
    "add_user",
    "check_password",
    "create_account",
    "current_reader",
    "data_layer",
    "initials",
    "is_reader_tracking_id",
    "issue_token",
    "linked_providers",
    "live_sessions",
    "optional_reader",
    "profile_view",
    "read_profile",
    "reader_from_row",
    "reader_of",
    "request_reset",
    "resend_verification",
    "revoke_all_sessions",
    "search_readers",
    "sessions",
    "spend_provider_confirmation",
    "token_hash",
    "user_by_email",
]
