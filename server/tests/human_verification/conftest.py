"""Human verification on, with Turnstile's always-passing test keys, checked against the
provider double over HTTP (tests that need it off say so)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from masthead.settings import Settings
from masthead.verification_double.tokens import PASS_SECRET
from tests.human_verification.provider_double import ProviderDouble

PASSING_SITE_KEY = "1x00000000000000000000AA"


@pytest.fixture(scope="session")
def provider_double() -> Iterator[ProviderDouble]:
    double = ProviderDouble()
    yield double
    double.close()


@pytest.fixture
def provider(provider_double: ProviderDouble) -> Iterator[ProviderDouble]:
    provider_double.reset()
    yield provider_double
    provider_double.reset()


@pytest.fixture
def settings(settings: Settings, provider_double: ProviderDouble) -> Settings:
    return settings.model_copy(
        update={
            "human_verification_provider": "turnstile",
            "human_verification_site_key": PASSING_SITE_KEY,
            "human_verification_secret": PASS_SECRET,
            "human_verification_siteverify_url": provider_double.url,
        }
    )
