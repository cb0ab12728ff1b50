"""Mail the dev mailbox backend has delivered: what a developer reads at /dev/mailbox."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from masthead.db import Base, UTCDateTime


class DeliveredMail(Base):
    __tablename__ = "dev_mailbox"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    to_address: Mapped[str] = mapped_column(String(320), index=True)
    subject: Mapped[str] = mapped_column(String(255))
    text: Mapped[str] = mapped_column(Text)
    # The extra headers the mail carried (List-Unsubscribe...), shown as a mail client would.
    headers: Mapped[dict[str, str]] = mapped_column(JSON, default=dict)
    # The Message-ID it was sent with: a job delivered again (its worker killed between
    # sending and recording it) has the same one, and the mailbox keeps it once.
    message_id: Mapped[str | None] = mapped_column(String(255), nullable=True, unique=True)
    delivered_at: Mapped[datetime] = mapped_column(UTCDateTime)


class SentOnce(Base):
    """Mail that must go out at most once (a receipt per charge, one welcome per account),
    by a natural key such as "charge:<transaction id>". Written with the mail's outbox job
    in one transaction, so a repeated webhook or job finds the key and sends nothing."""

    __tablename__ = "mail_sent_once"

    key: Mapped[str] = mapped_column(String(160), primary_key=True)
    sent_at: Mapped[datetime] = mapped_column(UTCDateTime)
