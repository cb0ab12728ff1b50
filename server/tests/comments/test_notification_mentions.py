"""Who a comment @mentions (comments/notifications/mentions.py): a table of bodies."""

from __future__ import annotations

import pytest

from masthead.comments.notifications.mentions import MAX_MENTIONS, mentioned

WRITER, JANE, JANE_DOE, ANN, BOB, OTHER_READER, READER_TOO = 1, 2, 3, 4, 5, 6, 7
AUTHORS = {
    WRITER: "Sam W.",
    JANE: "Jane",
    JANE_DOE: "Jane Doe",
    ANN: "Ann",
    BOB: "Bob K.",
    OTHER_READER: "Reader",  # two private profiles without a display name: the same name
    READER_TOO: "Reader",
}


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("No mention at all.", []),
        ("@Jane agreed.", [JANE]),
        ("@jane agreed.", [JANE]),  # any case
        ("@JANE DOE agreed.", [JANE_DOE]),  # the longest name wins over Jane
        ("@Jane Doesn't agree", [JANE]),  # "Doe" goes on as a word: only Jane
        ("As @Bob K. said, and @Ann.", [BOB, ANN]),  # names with a dot; first named first
        ("@Annabel is nobody here", []),  # a name must end where a word does
        ("email ann@example.com", []),  # "@example" names nobody
        ("@Ann and @ann again, @ANN!", [ANN]),  # once per reader
        ("@Sam W. wrote this himself", []),  # never the writer
        ("@Reader who?", []),  # a name two authors share names neither
        ("@Jane@Ann", [JANE, ANN]),  # back to back
        ("@ Jane", []),  # the name follows the @ at once
        ("trailing @", []),
        ("@Bob K.", [BOB]),  # the body ends with the name
    ],
)
def test_who_a_body_names(body: str, expected: list[int]) -> None:
    assert mentioned(body, AUTHORS, writer_id=WRITER) == expected


def test_the_writers_longer_name_is_matched_before_a_shorter_one() -> None:
    """Jane Doe writing "@Jane Doe" names herself (nobody), not the other Jane."""
    assert mentioned("@Jane Doe here", AUTHORS, writer_id=JANE_DOE) == []


def test_a_comment_names_at_most_ten_readers() -> None:
    authors = {number: f"Reader {number}" for number in range(1, 16)}
    body = " ".join(f"@Reader {number}" for number in range(1, 16))
    assert mentioned(body, authors, writer_id=None) == list(range(1, MAX_MENTIONS + 1))


def test_names_in_other_scripts_and_cases() -> None:
    authors = {1: "Zoë Ångström", 2: "Дмитрий", 3: "Straße"}
    assert mentioned("@zoë ångström, @ДМИТРИЙ and @STRAßE", authors, writer_id=None) == [1, 2, 3]
