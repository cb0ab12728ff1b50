"""The pure parts: judging a siteverify answer, the signed proof, the double's siteverify."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from masthead.human_verification.proof import make_proof, proof_valid
from masthead.human_verification.providers import PROVIDERS, Verdict, judge
from masthead.verification_double.tokens import (
    DUMMY_TOKEN,
    FAIL_SECRET,
    PASS_SECRET,
    SPENT_SECRET,
    Siteverify,
)
from tests.human_verification.provider_double import mint

GOOD = {"success": True, "action": "nyp_membership", "hostname": "nypost.com", "score": 0.9}


@pytest.mark.parametrize(
    ("provider", "answer", "verdict"),
    [
        ("recaptcha", GOOD, Verdict(True)),
        ("turnstile", {**GOOD, "score": None}, Verdict(True)),  # Turnstile has no score
        ("recaptcha", {**GOOD, "hostname": "NYPost.com"}, Verdict(True)),
        ("recaptcha", {**GOOD, "success": "true"}, Verdict(False, "refused")),
        (
            "recaptcha",
            {"success": False, "error-codes": ["invalid-input-response"]},
            Verdict(False, "refused"),
        ),
        (
            "turnstile",
            {"success": False, "error-codes": ["timeout-or-duplicate"]},
            Verdict(False, "spent"),
        ),
        (
            "turnstile",
            {"success": False, "error-codes": "timeout-or-duplicate"},
            Verdict(False, "refused"),
        ),
        ("recaptcha", {**GOOD, "action": "login"}, Verdict(False, "wrong-action")),
        ("turnstile", {**GOOD, "action": None}, Verdict(False, "wrong-action")),
        ("recaptcha", {**GOOD, "hostname": "evil.example"}, Verdict(False, "wrong-hostname")),
        ("recaptcha", {**GOOD, "hostname": None}, Verdict(False, "wrong-hostname")),
        ("recaptcha", {**GOOD, "score": 0.49}, Verdict(False, "low-score")),
        ("recaptcha", {**GOOD, "score": 0.5}, Verdict(True)),
        ("recaptcha", {**GOOD, "score": "0.9"}, Verdict(False, "low-score")),
        ("recaptcha", {**GOOD, "score": True}, Verdict(False, "low-score")),
    ],
)
def test_judge(provider: str, answer: dict[str, Any], verdict: Verdict) -> None:
    assert judge(PROVIDERS[provider], answer, "nypost.com", 0.5) == verdict


NOW = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)
KEY = "k" * 32


def test_a_proof_lives_its_lifetime_under_its_key() -> None:
    proof = make_proof(KEY, NOW, 900)
    assert proof_valid(KEY, proof, NOW + timedelta(seconds=899))
    assert not proof_valid(KEY, proof, NOW + timedelta(seconds=900))
    assert not proof_valid("another key of 32 characters....", proof, NOW)
    expires, _, signature = proof.partition(".")
    assert not proof_valid(KEY, f"{int(expires) + 3600}.{signature}", NOW)  # stretched
    for junk in ("", ".", "abc", f"{expires}.", f"{expires}.été", f"-{expires}.{signature}"):
        assert not proof_valid(KEY, junk, NOW), junk


def test_the_doubles_siteverify_honours_turnstiles_test_secrets() -> None:
    double = Siteverify()
    assert double.answer(PASS_SECRET, mint(hostname="nypost.com"))["success"] is True
    assert double.answer(FAIL_SECRET, mint())["error-codes"] == ["invalid-input-response"]
    assert double.answer(SPENT_SECRET, mint())["error-codes"] == ["timeout-or-duplicate"]
    assert double.answer("my-secret", mint())["error-codes"] == ["invalid-input-secret"]
    assert double.answer("", mint())["error-codes"] == ["missing-input-secret"]
    assert double.answer(PASS_SECRET, "")["error-codes"] == ["missing-input-response"]
    assert double.answer(PASS_SECRET, "garbage")["error-codes"] == ["invalid-input-response"]
    dummy = double.answer(PASS_SECRET, DUMMY_TOKEN)
    assert (dummy["success"], dummy["hostname"], dummy["action"]) == (True, "example.com", "")


def test_the_doubles_tokens_say_where_they_were_made_and_are_good_once() -> None:
    double = Siteverify()
    token = mint(hostname="nypost.com", api="grecaptcha")
    first = double.answer(PASS_SECRET, token)
    assert first["hostname"] == "nypost.com" and first["action"] == "nyp_membership"
    assert first["score"] == 0.9
    assert double.answer(PASS_SECRET, token)["error-codes"] == ["timeout-or-duplicate"]
    assert double.answer(PASS_SECRET, mint("low-score", api="grecaptcha"))["score"] == 0.1
    assert "score" not in double.answer(PASS_SECRET, mint())  # Turnstile: no score
    assert double.answer(PASS_SECRET, mint("fail"))["success"] is False
