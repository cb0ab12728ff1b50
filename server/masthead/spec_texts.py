"""The texts the spec owns, word for word, as the server holds them (billing's cta.py).

`python -m masthead.spec_texts` prints them as JSON ({NAME: text}); `make api-types` turns
that into web/src/api/specTexts.ts, so the account area shows the server's wording and has
no copy of its own to drift ('Best Value!', 'All charges are non-refundable.', the pause and
card messages...). `make check-api-types` fails when the two disagree.

Templates keep their placeholders ('{type}', '{digits}'): each side fills them in.
"""

from __future__ import annotations

import json
import sys

from masthead.billing.catalog import cta

# Spec sections 8 and 9; the names are the web's constant names too.
SPEC_TEXTS: dict[str, str] = {
    "TRIAL_CTA": cta.TRIAL_CTA,
    "FEATURED_BADGE": cta.FEATURED_BADGE,
    "NON_REFUNDABLE_TEXT": cta.NON_REFUNDABLE_TEXT,
    "PRICE_INCREASE_TEXT": cta.PRICE_INCREASE_TEXT,
    "SUBSCRIBE_ERROR": cta.SUBSCRIBE_ERROR,
    "RESTART_ERROR": cta.RESTART_ERROR,
    "PAST_DUE_MESSAGE": cta.PAST_DUE_MESSAGE,
    "INACTIVE_MESSAGE": cta.INACTIVE_MESSAGE,
    "UPDATE_SUBSCRIPTIONS_ERROR": cta.UPDATE_SUBSCRIPTIONS_ERROR,
    "PAUSED_EVENT_ERROR": cta.PAUSED_EVENT_ERROR,
    "PAUSE_ERROR": cta.PAUSE_ERROR,
    "PAUSE_SUCCESS": cta.PAUSE_SUCCESS,
    "RESUME_ERROR": cta.RESUME_ERROR,
    "RESUME_SUCCESS": cta.RESUME_SUCCESS,
    "UNKNOWN_ERROR": cta.UNKNOWN_ERROR,
    "CARD_EXPIRING_MESSAGE": cta.CARD_EXPIRING_MESSAGE,
    "CARD_EXPIRED_MESSAGE": cta.CARD_EXPIRED_MESSAGE,
}


def main() -> None:
    json.dump(SPEC_TEXTS, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
