"""Wire shape of /dev/mailbox.json, which end-to-end tests poll to read mail."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel


class MailboxEntry(BaseModel):
    id: int
    to: str
    subject: str
    text: str
    headers: dict[str, str] = {}  # List-Unsubscribe and List-Unsubscribe-Post, when it has them
    delivered_at: datetime
