"""Site API nonces: bound to the session and the action, living 12 to 24 hours."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from masthead.nonces import TICK_SECONDS, make_nonce, nonce_valid

SECRET = "s" * 32
NOW = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)


def test_a_nonce_is_valid_for_its_session_and_action_only() -> None:
    nonce = make_nonce(SECRET, "session-a", "wp_rest", NOW)
    assert nonce_valid(SECRET, "session-a", "wp_rest", nonce, NOW)
    assert not nonce_valid(SECRET, "session-b", "wp_rest", nonce, NOW)
    assert not nonce_valid(SECRET, "", "wp_rest", nonce, NOW)  # logged out: a fresh page
    assert not nonce_valid(SECRET, "session-a", "other", nonce, NOW)
    assert not nonce_valid("t" * 32, "session-a", "wp_rest", nonce, NOW)
    assert not nonce_valid(SECRET, "session-a", "wp_rest", nonce[:-1] + "0", NOW)
    assert not nonce_valid(SECRET, "session-a", "wp_rest", "", NOW)


def test_a_nonce_lives_at_least_twelve_hours_and_at_most_twenty_four() -> None:
    nonce = make_nonce(SECRET, "session-a", "wp_rest", NOW)
    tick_start = datetime.fromtimestamp(int(NOW.timestamp()) // TICK_SECONDS * TICK_SECONDS, UTC)
    last_valid = tick_start + timedelta(seconds=2 * TICK_SECONDS - 1)
    assert last_valid - NOW >= timedelta(hours=12)
    assert nonce_valid(SECRET, "session-a", "wp_rest", nonce, last_valid)
    assert not nonce_valid(SECRET, "session-a", "wp_rest", nonce, last_valid + timedelta(seconds=1))
    assert not nonce_valid(SECRET, "session-a", "wp_rest", nonce, NOW - timedelta(hours=13))
