"""The words of text alerts, in one place: the consent the reader agrees to (stored with each
opt-in, word for word), the texts we send, and the refusals. The account area shows what the
server sends it, so the consent stored is the consent shown."""

from __future__ import annotations

CONSENT = (
    "By turning on text alerts, you agree to receive recurring automated news and membership "
    "text messages from Masthead at this number. Up to 5 messages a week. Consent is not a "
    "condition of any purchase. Message and data rates may apply. Reply STOP to opt out at any "
    "time, or HELP for help."
)
OPTED_IN_TEXT = (
    "Masthead: you're signed up for text alerts, up to 5 a week. Msg & data rates may apply. "
    "Reply HELP for help. Reply STOP to opt out."
)
OPTED_OUT_TEXT = (
    "Masthead: you're unsubscribed from text alerts and will get no more. "
    "Turn them back on any time in your account's settings."
)


def app_link_text(link: str) -> str:
    return f"Masthead: here is your link to get the Masthead app: {link}"


NOT_MEMBER = (
    "Text alerts are for members and home delivery subscribers. "
    "Join the membership to get breaking news and member updates by text."
)
UNAVAILABLE = "Text messages are not available on this site yet. Please try again later."
