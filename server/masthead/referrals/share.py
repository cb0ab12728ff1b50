"""Share links for each medium, built from the participant's share link (pure: no I/O)."""

from __future__ import annotations

from urllib.parse import quote, urlencode

# The share mediums the widget frame reports (`shared` messages) and analytics accept.
SHARE_MEDIUMS = ("EMAIL", "FACEBOOK", "TWITTER", "LINKEDIN", "SMS", "WHATSAPP", "DIRECT")


def share_message(programme_name: str, referred_reward: str, link: str) -> str:
    return f"Join me at {programme_name} ({referred_reward}): {link}"


def share_urls(link: str, referred_reward: str, programme_name: str) -> dict[str, str]:
    """The address each share button opens; the frame asks its parent to open it."""
    message = share_message(programme_name, referred_reward, link)
    return {
        "EMAIL": "mailto:?"
        + urlencode({"subject": f"Join me at {programme_name}", "body": message}, quote_via=quote),
        "FACEBOOK": "https://www.facebook.com/sharer/sharer.php?" + urlencode({"u": link}),
        "TWITTER": "https://twitter.com/intent/tweet?"
        + urlencode({"text": f"Join me at {programme_name} ({referred_reward})", "url": link}),
        "LINKEDIN": "https://www.linkedin.com/sharing/share-offsite/?" + urlencode({"url": link}),
        "SMS": "sms:?&" + urlencode({"body": message}, quote_via=quote),
        "WHATSAPP": "https://wa.me/?" + urlencode({"text": message}),
    }


def share_links(link: str, referred_reward: str, programme_name: str) -> dict[str, str]:
    """The user's `shareLinks` object, keyed as SaaSquatch names them."""
    urls = share_urls(link, referred_reward, programme_name)
    return {
        "shareLink": link,
        "emailShareLink": urls["EMAIL"],
        "facebookShareLink": urls["FACEBOOK"],
        "twitterShareLink": urls["TWITTER"],
        "linkedinShareLink": urls["LINKEDIN"],
        "smsShareLink": urls["SMS"],
        "whatsappShareLink": urls["WHATSAPP"],
    }
