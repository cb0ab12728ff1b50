"""Text alerts' rules: opt in (with the consent record), opt out (by the reader or by a STOP
reply), and text-me-the-app. Each change and the text it causes commit together (the outbox),
each text keyed so that it leaves once."""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from masthead.deps import Runtime
from masthead.identity.api import Reader, read_profile
from masthead.ratelimit import enforce
from masthead.texts import gate, repository, wording
from masthead.texts.models import TextAlert
from masthead.texts.phone import PhoneError, display, masked, to_e164
from masthead.texts.schemas import AppTextOut, TextAlertsOut
from masthead.texts.sender import queue_text


class TextAlertError(Exception):
    def __init__(self, status: int, type_: str, message: str) -> None:
        super().__init__(message)
        self.status, self.type, self.message = status, type_, message


def state(db: Session, rt: Runtime, reader: Reader) -> TextAlertsOut:
    eligible = _texts_on(rt) and gate.may_opt_in(db, rt, reader)
    alert = repository.alert_of(db, reader.user_id)
    consent = repository.consent(db, alert.consent_id) if alert and alert.opted_in else None
    phone = alert.phone_e164 if alert else _profile_phone(reader)
    return TextAlertsOut(
        eligible=eligible,
        gate_message=_gate_message(rt, eligible),
        opted_in=bool(alert and alert.opted_in),
        phone_number=phone,
        phone_display=display(phone) if phone else None,
        consented_at=consent.given_at if consent else None,
        consent_text=wording.CONSENT,
    )


def opt_in(db: Session, rt: Runtime, reader: Reader, raw_phone: str, source: str) -> TextAlertsOut:
    _require_texts(rt)
    if not gate.may_opt_in(db, rt, reader):
        raise TextAlertError(403, "not-entitled", wording.NOT_MEMBER)
    phone = _phone(raw_phone)
    alert = repository.alert_of(db, reader.user_id)
    if alert and alert.opted_in and alert.phone_e164 == phone:
        return state(db, rt, reader)  # already on for this number: nothing new to agree or send
    # Each opt-in texts the number given: not a way to text strangers over and over.
    window = rt.settings.app_text_window_seconds
    enforce(rt.rate_limiter, f"text-alerts:to:{phone}", rt.settings.app_texts_per_number, window)
    now = rt.clock.now()
    if alert and alert.opted_in:  # a new number: the old consent ends, no text to the old one
        repository.withdraw(db, repository.consent(db, alert.consent_id), "new-number", now)
    consent = repository.add_consent(db, reader.user_id, phone, wording.CONSENT, source, now)
    if alert is None:
        alert = _new_alert(db, reader.user_id, phone, consent.id, now)
    alert.phone_e164, alert.opted_in, alert.consent_id, alert.updated_at = (
        phone,
        True,
        consent.id,
        now,
    )
    queue_text(
        db, rt.clock, to=phone, body=wording.OPTED_IN_TEXT, key=f"text-alerts:in:{consent.id}"
    )
    return state(db, rt, reader)


def opt_out(db: Session, rt: Runtime, reader: Reader) -> TextAlertsOut:
    alert = repository.alert_of(db, reader.user_id)
    if alert is not None and alert.opted_in:
        _turn_off(db, rt, alert, "reader", rt.clock.now())
    return state(db, rt, reader)


def stop_reply(db: Session, rt: Runtime, phone_e164: str) -> int:
    """The reader replied STOP from this number (a provider's inbound webhook, or the dev
    outbox's button): every alert to it ends. Answers how many did."""
    now = rt.clock.now()
    alerts = repository.opted_in_at(db, phone_e164)
    for alert in alerts:
        _turn_off(db, rt, alert, "stop", now)
    return len(alerts)


def app_text(db: Session, rt: Runtime, reader: Reader, address: str, raw_phone: str) -> AppTextOut:
    """One text with the app's link. A stranger's number costs us money: limited per reader,
    per address and per number; the reader and address count even a refused number."""
    _require_texts(rt)
    settings, window = rt.settings, rt.settings.app_text_window_seconds
    enforce(rt.rate_limiter, f"app-text:ip:{address}", settings.app_texts_per_address, window)
    enforce(
        rt.rate_limiter, f"app-text:acct:{reader.user_id}", settings.app_texts_per_reader, window
    )
    phone = _phone(raw_phone)
    enforce(rt.rate_limiter, f"app-text:to:{phone}", settings.app_texts_per_number, window)
    body = wording.app_link_text(settings.app_link)
    queue_text(db, rt.clock, to=phone, body=body, key=f"app-text:{uuid.uuid4().hex}")
    return AppTextOut(sent_to=masked(phone))


def _turn_off(db: Session, rt: Runtime, alert: TextAlert, by: str, now: datetime) -> None:
    consent = repository.consent(db, alert.consent_id)
    repository.withdraw(db, consent, by, now)
    alert.opted_in, alert.consent_id, alert.updated_at = False, None, now
    if _texts_on(rt):
        key = f"text-alerts:out:{consent.id if consent else uuid.uuid4().hex}"
        queue_text(db, rt.clock, to=alert.phone_e164, body=wording.OPTED_OUT_TEXT, key=key)


def _new_alert(db: Session, user_id: int, phone: str, consent_id: int, now: datetime) -> TextAlert:
    try:
        with db.begin_nested():
            repository.add_alert(db, user_id, phone, consent_id, now)
    except IntegrityError:
        pass  # another tab opted in at the same moment: its row is updated below instead
    alert = repository.alert_of(db, user_id)
    if alert is None:  # pragma: no cover - the row exists either way
        raise RuntimeError("text alert row missing after insert")
    return alert


def _gate_message(rt: Runtime, eligible: bool) -> str | None:
    if eligible:
        return None
    return wording.NOT_MEMBER if _texts_on(rt) else wording.UNAVAILABLE


def _texts_on(rt: Runtime) -> bool:
    return rt.settings.sms_backend != "disabled"


def _require_texts(rt: Runtime) -> None:
    if not _texts_on(rt):
        raise TextAlertError(503, "texts-unavailable", wording.UNAVAILABLE)


def _phone(raw: str) -> str:
    try:
        return to_e164(raw)
    except PhoneError as exc:
        raise TextAlertError(400, "invalid-phone-number", str(exc)) from None


def _profile_phone(reader: Reader) -> str | None:
    """The profile's phone-number, if it is one we could text: only to prefill the form."""
    raw = read_profile(reader.attributes).get("phone-number")
    if not isinstance(raw, str) or not raw:
        return None
    try:
        return to_e164(raw)
    except PhoneError:
        return None
