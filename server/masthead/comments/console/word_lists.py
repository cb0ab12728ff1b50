"""The moderators' word lists, edited in the console: moderation's rules (moderation.api),
each edit audited here, in the transaction of the change."""

from __future__ import annotations

from sqlalchemy.orm import Session

from masthead.comments.console.service import audit
from masthead.deps import Runtime
from masthead.moderation.api import WordListsOut, add_word, remove_word, word_lists
from masthead.staff.api import SignedInStaff

WORD_LIST = "word_list"  # the audit entries' target_type: target_id is the list's name


def listing(db: Session) -> WordListsOut:
    return word_lists(db)


def add(
    db: Session, rt: Runtime, staff: SignedInStaff, name: str, word: str, address: str
) -> WordListsOut:
    entry = add_word(db, rt.clock.now(), name, word, staff.user_id)
    audit(
        db,
        rt,
        staff,
        "word_added",
        address,
        target_type=WORD_LIST,
        target_id=name,
        before=None,
        after={"list": name, "word": entry},
    )
    return word_lists(db)


def remove(
    db: Session, rt: Runtime, staff: SignedInStaff, name: str, word: str, address: str
) -> None:
    entry = remove_word(db, name, word)
    audit(
        db,
        rt,
        staff,
        "word_removed",
        address,
        target_type=WORD_LIST,
        target_id=name,
        before={"list": name, "word": entry},
        after=None,
    )
