"""MASTHEAD_ENVIRONMENT=production: the server refuses to start, naming every embedded default
or test stand-in still configured, and never mounts the dev mailbox or the payment sandbox."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from masthead.app import create_app
from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.production import ProductionRefused
from masthead.referrals.models import Tenant
from masthead.settings import Settings

SERVER = Path(__file__).resolve().parents[1]
PUBLIC = "https://news.example.com"
# A configuration production accepts: every stand-in replaced, every secret set.
CLEAN: dict[str, Any] = {
    "environment": "production",
    "worker": "off",
    "public_url": PUBLIC,
    "secret_key": "s" * 64,
    "webhook_secret": "w" * 64,
    "mail_backend": "smtp",
    "payments": "braintree",
    "braintree_environment": "production",
    "braintree_merchant_id": "news-merchant",
    "braintree_public_key": "live-public-key",
    "braintree_private_key": "live-private-key",
    "seed_demo": False,
    "social_development_provider": False,
    "sms_backend": "disabled",
}


def production(database_url: str, **changes: Any) -> Settings:
    """Settings as the environment gives them: a key left out here is not set at all."""
    values = {**CLEAN, **changes}
    return Settings(database_url=database_url, **{k: v for k, v in values.items() if v is not ...})


def refusal(settings: Settings, clock: FrozenClock) -> str:
    with pytest.raises(ProductionRefused) as refused:
        create_app(settings, clock)
    return str(refused.value)


def add_tenant(runtime: Runtime, alias: str, mode: str, api_key: str) -> None:
    with runtime.sessions.begin() as db:
        db.add(
            Tenant(
                alias=alias,
                name=alias,
                api_key=api_key,
                mode=mode,
                allowed_origins=[],
                js_options={},
                created_at=runtime.clock.now(),
            )
        )


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"mail_backend": "devmailbox"}, "MASTHEAD_MAIL_BACKEND=devmailbox"),
        ({"payments": "sandbox"}, "MASTHEAD_PAYMENTS=sandbox"),
        ({"braintree_environment": "sandbox"}, "MASTHEAD_BRAINTREE_ENVIRONMENT=sandbox"),
        (
            {"braintree_merchant_id": "masthead_sandbox"},
            "MASTHEAD_BRAINTREE_MERCHANT_ID=masthead_sandbox",
        ),
        (
            {"braintree_public_key": "sandbox_public_key"},
            "MASTHEAD_BRAINTREE_PUBLIC_KEY=sandbox_public_key",
        ),
        (
            {"braintree_private_key": "sandbox_private_key"},
            "MASTHEAD_BRAINTREE_PRIVATE_KEY=sandbox_private_key",
        ),
        ({"seed_demo": True}, "MASTHEAD_SEED_DEMO=true"),
        ({"sms_backend": "devoutbox"}, "MASTHEAD_SMS_BACKEND=devoutbox"),
        ({"password_hashing": "minimal"}, "MASTHEAD_PASSWORD_HASHING=minimal"),
        ({"secret_key": ...}, "MASTHEAD_SECRET_KEY is not set"),
        ({"webhook_secret": ""}, "MASTHEAD_WEBHOOK_SECRET"),
        ({"webhook_secret": "s" * 64}, "MASTHEAD_WEBHOOK_SECRET"),
        ({"public_url": "http://news.example.com"}, "MASTHEAD_PUBLIC_URL=http://news.example.com"),
    ],
)
def test_each_offending_setting_is_named_alone(
    database_url: str, clock: FrozenClock, change: dict[str, Any], named: str
) -> None:
    message = refusal(production(database_url, **change), clock)
    [line] = [line for line in message.splitlines() if line.startswith("  - ")]
    assert named in line


def test_every_offending_setting_is_named_in_one_message(
    runtime: Runtime, database_url: str, clock: FrozenClock
) -> None:
    add_tenant(runtime, "demo_tenant", "test", "k" * 40)
    add_tenant(runtime, "short_key", "live", "k" * 31)
    defaults = {name: ... for name in CLEAN if name not in ("environment", "worker")}
    message = refusal(production(database_url, **defaults), clock)
    assert message.startswith("Masthead will not start with MASTHEAD_ENVIRONMENT=production")
    for named in (
        "MASTHEAD_MAIL_BACKEND=devmailbox",
        "MASTHEAD_PAYMENTS=sandbox",
        "MASTHEAD_BRAINTREE_ENVIRONMENT=sandbox",
        "MASTHEAD_BRAINTREE_MERCHANT_ID=masthead_sandbox",
        "MASTHEAD_BRAINTREE_PUBLIC_KEY=sandbox_public_key",
        "MASTHEAD_BRAINTREE_PRIVATE_KEY=sandbox_private_key",
        "MASTHEAD_SEED_DEMO=true",
        "MASTHEAD_SMS_BACKEND=devoutbox",
        "MASTHEAD_SOCIAL_DEVELOPMENT_PROVIDER=true",
        "MASTHEAD_SECRET_KEY is not set",
        "MASTHEAD_WEBHOOK_SECRET",
        "MASTHEAD_PUBLIC_URL=http://127.0.0.1:8000",
        "referral tenant 'demo_tenant' is in test mode",
        "referral tenant 'short_key' has an API key of 31 bytes",
    ):
        assert named in message, named
    assert len([line for line in message.splitlines() if line.startswith("  - ")]) == 14


def test_a_live_tenant_with_a_32_byte_key_is_fit(
    runtime: Runtime, database_url: str, clock: FrozenClock
) -> None:
    add_tenant(runtime, "live_tenant", "live", "k" * 32)
    app = create_app(production(database_url), clock)
    app.state.runtime.engine.dispose()


def test_a_clean_production_config_starts_without_the_stand_ins(
    runtime: Runtime, database_url: str, clock: FrozenClock
) -> None:
    add_tenant(runtime, "live_tenant", "live", "k" * 48)
    with TestClient(create_app(production(database_url), clock), base_url=PUBLIC) as client:
        assert client.get("/healthz").json() == {"status": "ok"}
        assert client.get("/account").status_code in (200, 503)  # 503: not built here
        for path in (
            "/dev/mailbox",
            "/dev/mailbox.json",
            "/dev/texts",
            "/braintree-sandbox/merchants/masthead_sandbox/customers/c1",
            "/braintree-sandbox/payment_method_logo/visa.svg",
            "/demo/merchant",
        ):
            assert client.get(path).status_code == 404, path


def _start_in_production(
    tmp_path: Path, *args: str, **env_overrides: str
) -> subprocess.CompletedProcess[str]:
    """Run `python -m <args>` with production settings (and the machine's non-Masthead env)."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith("MASTHEAD_") and key != "PORT"
    }
    env |= {
        "MASTHEAD_ENVIRONMENT": "production",
        "MASTHEAD_DATABASE_URL": f"sqlite:///{tmp_path / 'production.db'}",
        "MASTHEAD_MAIL_BACKEND": "smtp",
        **env_overrides,
    }
    return subprocess.run(  # noqa: S603 - our own modules, fixed arguments
        [sys.executable, "-m", *args],
        cwd=SERVER,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _refused_with_one_message(done: subprocess.CompletedProcess[str]) -> None:
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert "MASTHEAD_ENVIRONMENT=production" in done.stderr
    assert "MASTHEAD_PAYMENTS=sandbox" in done.stderr


def test_the_server_refuses_to_start_with_one_message(tmp_path: Path) -> None:
    done = _start_in_production(tmp_path, "masthead.serve", "--port", "8799")
    _refused_with_one_message(done)
    assert "MASTHEAD_PUBLIC_URL=http://127.0.0.1:8799" in done.stderr
    assert "MASTHEAD_MAIL_BACKEND" not in done.stderr
    assert "serving" not in done.stdout
    # Refused before migrating: a misconfigured start leaves the database as it found it.
    assert not (tmp_path / "production.db").exists()


def test_a_job_worker_refuses_to_start_too(tmp_path: Path, database_url: str) -> None:
    # Workers deliver mail and charge cards: the same guard, the same one message.
    done = _start_in_production(
        tmp_path, "masthead.worker", "--once", MASTHEAD_DATABASE_URL=database_url
    )
    _refused_with_one_message(done)
    assert "processed" not in done.stderr
