"""The rules a comment passes (comments/writing/rules.py), as tables: the body's checks, who
may comment, and what pre-moderation holds."""

from __future__ import annotations

import pytest

from masthead.comments.writing import rules

MARKUP = (
    "Comments are plain text, so HTML tags such as {tag} can't be used. Please remove them "
    "and try again."
)


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("A fine comment.", None),
        ("  padded  ", None),
        ("x < y, and y > z", None),
        ("I <3 this team", None),
        ("a<b", None),
        ("5 <= 6 and 7 >= 6", None),
        ("x" * 2000, None),
        (" " + "x" * 2000 + "\n", None),  # trimmed first
        ("", ("empty-comment", "Please write a comment before posting.")),
        ("   \n\t ", ("empty-comment", "Please write a comment before posting.")),
        (
            "x" * 2001,
            ("comment-too-long", "Comments can be at most 2,000 characters; yours has 2,001."),
        ),
        (
            "x" * 12345,
            ("comment-too-long", "Comments can be at most 2,000 characters; yours has 12,345."),
        ),
        ("<b>bold</b>", ("unsupported-markup", MARKUP.format(tag="<b>"))),
        ("text </i>", ("unsupported-markup", MARKUP.format(tag="</i>"))),
        ('<script src="x.js">', ("unsupported-markup", MARKUP.format(tag="<script>"))),
        ("<img src=x onerror=alert(1)>", ("unsupported-markup", MARKUP.format(tag="<img>"))),
        ('see <a href="https://x.example">', ("unsupported-markup", MARKUP.format(tag="<a>"))),
        ("line<br/>break", ("unsupported-markup", MARKUP.format(tag="<br>"))),
        ("<SCRIPT>", ("unsupported-markup", MARKUP.format(tag="<script>"))),
    ],
)
def test_the_body_rules(body: str, expected: tuple[str, str] | None) -> None:
    refusal = rules.body_refusal(body)
    if expected is None:
        assert refusal is None
    else:
        assert refusal is not None
        assert (refusal.status, refusal.type, refusal.message) == (400, *expected)


@pytest.mark.parametrize(
    ("text", "links"),
    [
        ("no links here", 0),
        ("example.com is not counted", 0),
        ("see https://example.com/a", 1),
        ("http://a.example and www.b.example", 2),
        ("https://a.example https://b.example https://c.example", 3),
        ("mail me@www.example.com", 0),
        ("HTTPS://LOUD.EXAMPLE", 1),
    ],
)
def test_links_are_counted(text: str, links: int) -> None:
    assert rules.link_count(text) == links


def test_the_repeated_post_check_compares_normalised_words() -> None:
    assert rules.normalised("  Great   GAME\n tonight ") == rules.normalised("great game tonight")
    assert rules.normalised("great game") != rules.normalised("great games")


@pytest.mark.parametrize(
    ("who", "banned", "member", "expected"),
    [
        ("signed-in", False, False, None),
        ("members", False, True, None),
        ("nobody", False, True, ("comments-closed", "Comments are closed on this site.")),
        ("nobody", True, False, ("comments-closed", "Comments are closed on this site.")),
        (
            "signed-in",
            True,
            False,
            ("banned", "A moderator has suspended your commenting on this site."),
        ),
        (
            "members",
            True,
            True,
            ("banned", "A moderator has suspended your commenting on this site."),
        ),
        ("members", False, False, ("members-only", "Only members can comment on this site.")),
    ],
)
def test_who_may_comment(
    who: str, banned: bool, member: bool, expected: tuple[str, str] | None
) -> None:
    refusal = rules.commenting_refusal(who, banned=banned, member=member)
    if expected is None:
        assert refusal is None
    else:
        assert refusal is not None
        assert (refusal.status, refusal.type, refusal.message) == (403, *expected)


@pytest.mark.parametrize(
    ("premoderation", "published_before", "suspect", "links", "held"),
    [
        ("none", False, None, 0, None),
        ("none", True, None, 0, None),
        ("first-comments", True, None, 0, None),
        ("first-comments", False, None, 0, "first-comment"),
        ("all", True, None, 0, "all"),
        ("all", True, "scam", 3, "all"),
        ("none", True, "scam", 0, "suspect-word"),
        ("first-comments", False, "scam", 0, "suspect-word"),
        ("none", False, None, 1, "link"),  # a new commenter's link
        ("none", True, None, 1, None),
        ("none", True, None, 2, None),
        ("none", True, None, 3, "link"),  # more than two links: anyone
        ("first-comments", True, None, 3, "link"),
    ],
)
def test_what_pre_moderation_holds(
    premoderation: str, published_before: bool, suspect: str | None, links: int, held: str | None
) -> None:
    reason = rules.hold_reason(
        premoderation, published_before=published_before, suspect=suspect, links=links
    )
    assert reason == held
