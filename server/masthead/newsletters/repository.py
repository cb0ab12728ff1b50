"""Every query of newsletters."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from masthead.newsletters.models import (
    NewsletterList,
    NewsletterPush,
    NewsletterReader,
    NewsletterSubscription,
)


def live_lists(db: Session) -> Sequence[NewsletterList]:
    query = select(NewsletterList).where(NewsletterList.retired.is_(False))
    return db.scalars(query.order_by(NewsletterList.position, NewsletterList.id)).all()


MAX_ID = 2**31 - 1  # an INTEGER column: a larger id names no list (and would not bind)


def lists_by_id(db: Session, ids: list[int]) -> dict[int, NewsletterList]:
    ids = [i for i in ids if i <= MAX_ID]
    if not ids:
        return {}
    rows = db.scalars(select(NewsletterList).where(NewsletterList.id.in_(ids))).all()
    return {row.id: row for row in rows}


def subscribed_ids(db: Session, user_id: int) -> list[int]:
    query = select(NewsletterSubscription.list_id).where(NewsletterSubscription.user_id == user_id)
    return sorted(db.scalars(query).all())


def add_subscriptions(db: Session, user_id: int, list_ids: list[int], now: datetime) -> None:
    db.add_all(NewsletterSubscription(user_id=user_id, list_id=i, since=now) for i in list_ids)


def remove_subscriptions(db: Session, user_id: int, list_ids: list[int]) -> None:
    if list_ids:
        db.execute(
            delete(NewsletterSubscription).where(
                NewsletterSubscription.user_id == user_id,
                NewsletterSubscription.list_id.in_(list_ids),
            )
        )


def reader_row(db: Session, user_id: int) -> NewsletterReader | None:
    return db.get(NewsletterReader, user_id)


def set_paused(db: Session, user_id: int, paused: bool, now: datetime) -> None:
    row = db.get(NewsletterReader, user_id, with_for_update=True)
    if row is None:
        db.add(NewsletterReader(user_id=user_id, paused=paused, updated_at=now))
    else:
        row.paused, row.updated_at = paused, now


def record_push(
    db: Session, change_id: str, email: str, kind: str, change: dict[str, Any], now: datetime
) -> None:
    """Once per change: a repeated delivery of the same job finds its row and adds nothing."""
    seen = db.scalar(select(NewsletterPush.id).where(NewsletterPush.change_id == change_id))
    if seen is None:
        db.add(
            NewsletterPush(
                change_id=change_id, email=email, kind=kind, change=change, received_at=now
            )
        )


def pushes_for(db: Session, email: str) -> Sequence[NewsletterPush]:
    query = select(NewsletterPush).where(NewsletterPush.email == email)
    return db.scalars(query.order_by(NewsletterPush.id)).all()


def add_list(db: Session, row: NewsletterList) -> None:
    db.add(row)


def st_ids(db: Session) -> set[str]:
    return set(db.scalars(select(NewsletterList.st_id)).all())


def subscriptions_of(db: Session, user_id: int) -> list[tuple[NewsletterList, datetime]]:
    """The reader's subscriptions with their lists, in the lists' order (their data file)."""
    query = (
        select(NewsletterList, NewsletterSubscription.since)
        .join(NewsletterSubscription, NewsletterSubscription.list_id == NewsletterList.id)
        .where(NewsletterSubscription.user_id == user_id)
        .order_by(NewsletterList.group, NewsletterList.position, NewsletterList.id)
    )
    return [(row, since) for row, since in db.execute(query).all()]


def forget_pushes(db: Session, email: str) -> None:
    """What the embedded provider recorded for this address (an erased account's)."""
    db.execute(delete(NewsletterPush).where(NewsletterPush.email == email))


# --- the editors' list management (newsletters/editing) ---


def all_lists(db: Session, group: str | None, retired: bool | None) -> Sequence[NewsletterList]:
    """Every list, retired ones too unless `retired` says, in readers' order."""
    query = select(NewsletterList)
    if group is not None:
        query = query.where(NewsletterList.group == group)
    if retired is not None:
        query = query.where(NewsletterList.retired.is_(retired))
    return db.scalars(query.order_by(NewsletterList.position, NewsletterList.id)).all()


def list_row(db: Session, list_id: int, *, lock: bool = False) -> NewsletterList | None:
    if list_id > MAX_ID:
        return None
    return db.get(NewsletterList, list_id, with_for_update=lock)


def list_by_st_id(db: Session, st_id: str) -> NewsletterList | None:
    return db.scalar(select(NewsletterList).where(NewsletterList.st_id == st_id))


def group_lists(db: Session, group: str) -> list[NewsletterList]:
    """A group's lists, retired ones too, in their order (the positions a move hands out)."""
    query = select(NewsletterList).where(NewsletterList.group == group)
    return list(db.scalars(query.order_by(NewsletterList.position, NewsletterList.id)).all())


def subscriber_counts(db: Session, list_ids: list[int]) -> dict[int, int]:
    if not list_ids:
        return {}
    query = (
        select(NewsletterSubscription.list_id, func.count())
        .where(NewsletterSubscription.list_id.in_(list_ids))
        .group_by(NewsletterSubscription.list_id)
    )
    return {list_id: count for list_id, count in db.execute(query).all()}
