"""The rules a comment passes, pure (no I/O): the body's checks, who may comment, and whether
pre-moderation holds it. The service reads the facts (site rules, bans, membership, the
author's history) and asks these functions; the table tests are tests/comments/test_rules.py.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from masthead.moderation.api import MAX_TEXT_LENGTH

MAX_LINKS_FOR_ANYONE = 2  # more links than this hold any comment (spam looks like that)

SIGN_IN_REQUIRED = "Log in to join the conversation."
COMMENTS_CLOSED = "Comments are closed on this site."
MEMBERS_ONLY = "Only members can comment on this site."
BANNED = "A moderator has suspended your commenting on this site."
EMPTY = "Please write a comment before posting."
REPEATED = "You've already posted this comment."
PENDING_MESSAGE = "Thanks! Your comment will appear once a moderator has approved it."

# An HTML element tag: "<" then a letter-led name, then attributes, up to ">" ("<b>", "</i>",
# "<script src=x>", "<img ...>", "<br/>"). "x < y" (a space after "<") and "<3" (a digit) are
# plain text. Everything shown is escaped anyway; the refusal tells a reader who expected
# markup to work that it does not.
_TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9-]*)(?:[\s/][^<>]*)?>")
# A link: what browsers and readers take as one (a scheme, or "www."). Bare names such as
# "example.com" are not counted: too many ordinary sentences would look like links.
_LINK = re.compile(r"(?i)(?<![\w@])(?:https?://|www\.)[^\s<>\"]+")
_SPACES = re.compile(r"\s+")


@dataclass(frozen=True, slots=True)
class Refusal:
    status: int
    type: str
    message: str


def too_long(length: int) -> str:
    return f"Comments can be at most {MAX_TEXT_LENGTH:,} characters; yours has {length:,}."


def unsupported_markup(tag: str) -> str:
    return (
        f"Comments are plain text, so HTML tags such as {tag} can't be used. "
        "Please remove them and try again."
    )


def body_refusal(body: str) -> Refusal | None:
    """Why this body cannot be posted as given (after trimming), or None."""
    text = body.strip()
    if not text:
        return Refusal(400, "empty-comment", EMPTY)
    if len(text) > MAX_TEXT_LENGTH:
        return Refusal(400, "comment-too-long", too_long(len(text)))
    tag = first_tag(text)
    if tag is not None:
        return Refusal(400, "unsupported-markup", unsupported_markup(tag))
    return None


def first_tag(text: str) -> str | None:
    """The first HTML element tag in the text, written plainly ("<b>", "</i>", "<script>")."""
    found = _TAG.search(text)
    if found is None:
        return None
    closing, name = found.groups()
    return f"<{closing}{name.lower()}>"


def link_count(text: str) -> int:
    return len(_LINK.findall(text))


def normalised(text: str) -> str:
    """The body as the repeated-post check compares it: trimmed, spaces collapsed, any case."""
    return _SPACES.sub(" ", text.strip()).casefold()


def commenting_refusal(who_may_comment: str, *, banned: bool, member: bool) -> Refusal | None:
    """Why this signed-in commenter may not comment on the site, or None."""
    if who_may_comment == "nobody":
        return Refusal(403, "comments-closed", COMMENTS_CLOSED)
    if banned:
        return Refusal(403, "banned", BANNED)
    if who_may_comment == "members" and not member:
        return Refusal(403, "members-only", MEMBERS_ONLY)
    return None


def hold_reason(
    premoderation: str, *, published_before: bool, suspect: str | None, links: int
) -> str | None:
    """Why pre-moderation holds this comment (one of models.HELD_REASONS), or None to
    publish it at once. A commenter with no published comment yet is new: their first
    comments wait under "first-comments", and so does any link they post (a link is what
    spam is for); anyone's comment with more than MAX_LINKS_FOR_ANYONE links waits."""
    if premoderation == "all":
        return "all"
    if suspect is not None:
        return "suspect-word"
    if links > MAX_LINKS_FOR_ANYONE or (links and not published_before):
        return "link"
    if premoderation == "first-comments" and not published_before:
        return "first-comment"
    return None
