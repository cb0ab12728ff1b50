"""What a notification says, in the page and by mail: pure, no I/O.

The actor is named as the thread shows them (comments/thread.author_view: "Jane D.", a
display name, "Reader" for a private profile without one), never by anything more.
"""

from __future__ import annotations

from dataclasses import dataclass

from masthead.mail.api import Mail

# Where a reader turns each kind of notification on or off: the account area's display
# settings (web/src/account/routes.tsx, settings/display), holding the public profile.
SETTINGS_PAGE = "/account/settings/display"
# The profile key that decides each kind, in the page and by mail alike.
PREFERENCE = {
    "reply": "notification-reply",
    "mention": "notification-mentioned",
    "like": "notification-liked",
    "follower": "notification-follower",
}


@dataclass(frozen=True, slots=True)
class About:
    actor: str  # the actor's name as readers see it
    story_title: str | None  # the story's headline; None when the story is gone
    story_url: str | None  # its address with #comments, absolute


def text(kind: str, about: About) -> str:
    """One sentence, as the notifications list and the mail's subject line say it."""
    on = f" on “{about.story_title}”" if about.story_title else ""
    if kind == "reply":
        return f"{about.actor} replied to your comment{on}"
    if kind == "mention":
        return f"{about.actor} mentioned you in a comment{on}"
    if kind == "like":
        return f"{about.actor} liked your comment{on}"
    if kind == "follower":
        return f"{about.actor} started following you"
    raise ValueError(f"unknown notification kind {kind!r}")


def mail(kind: str, about: About, greeting_name: str, settings_url: str) -> Mail:
    """The notification by mail: the sentence, the link to the comments, and where to stop
    such mail."""
    sentence = text(kind, about)
    return Mail(
        subject=sentence,
        greeting_name=greeting_name,
        paragraphs=[f"{sentence}."],
        action=("Read the comments", about.story_url) if about.story_url else None,
        closing=[
            "You get these emails because your notification settings ask for them. "
            f"To change them, go to {settings_url}"
        ],
    )
