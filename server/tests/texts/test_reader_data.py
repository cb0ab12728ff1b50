"""The reader's data: the export lists text alerts and every consent; deleting the account
removes the number and the consent records with it."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy import func, select

from masthead.deps import Runtime
from masthead.texts import wording
from masthead.texts.models import TextAlert, TextConsent
from tests.reader_data.helpers import DATA, delete
from tests.texts.helpers import ALERTS, E164, ok, opt_in, sign_in_member


def test_the_export_lists_the_number_and_the_consents(client: TestClient, runtime: Runtime) -> None:
    sign_in_member(client, runtime)
    ok(opt_in(client))
    ok(client.delete(ALERTS))
    data = ok(client.get(DATA))["text_alerts"]
    assert data["opted_in"] is False and data["phone_number"] == E164
    [consent] = data["consents"]
    assert consent["wording"] == wording.CONSENT
    assert consent["phone_number"] == E164
    assert consent["withdrawn_by"] == "reader"


def test_deleting_the_account_removes_the_number(client: TestClient, runtime: Runtime) -> None:
    sign_in_member(client, runtime)
    ok(opt_in(client))
    assert delete(client).status_code == 200
    with runtime.sessions() as db:
        assert db.scalar(select(func.count()).select_from(TextAlert)) == 0
        assert db.scalar(select(func.count()).select_from(TextConsent)) == 0
