"""A code bank's CSV, pure: a header or none, blank lines, repeats, what a code is, the size
limit, and refusals that name every wrong line."""

from __future__ import annotations

import pytest

from masthead.referrals.programmes.code_bank import (
    MAX_CHARS,
    MAX_CODES,
    MAX_PROBLEMS_SHOWN,
    CodeBankRefusal,
    parse,
)


def codes(text: str) -> list[tuple[int, str]]:
    return [(c.line, c.code) for c in parse(text)]


def refused(text: str) -> CodeBankRefusal:
    with pytest.raises(CodeBankRefusal) as caught:
        parse(text)
    return caught.value


def test_one_code_a_line_without_a_header() -> None:
    assert codes("FREE-0001\nFREE-0002\r\nfree_3\n") == [
        (1, "FREE-0001"),
        (2, "FREE-0002"),
        (3, "free_3"),
    ]


def test_blank_lines_and_spaces_around_codes_are_ignored() -> None:
    assert codes("\n  AAA1  \n\n \t \nBBB2\n\n") == [(2, "AAA1"), (5, "BBB2")]


@pytest.mark.parametrize("header", ["code", "Code", "CODES", "coupon_code", "Voucher Code"])
def test_a_header_names_the_code_column_and_other_columns_are_ignored(header: str) -> None:
    text = f'value,{header},expires\n10,AAA1,2027-01-01\n\n20,"BBB2",2027-01-01\n'
    assert codes(text) == [(2, "AAA1"), (4, "BBB2")]


def test_a_spreadsheets_byte_order_mark_is_not_part_of_the_header() -> None:
    assert codes("\ufeffcode\nAAA1\n") == [(2, "AAA1")]


def test_every_wrong_line_is_named_and_nothing_is_taken() -> None:
    refusal = refused("AAA1\nab\nAAA 2\naaa1\nBBB2\n-CC3\n" + "X" * 65 + "\n")
    assert refusal.message.startswith("Nothing was added: 5 lines have problems (lines 2, 3, 4")
    assert [(p.line, p.message) for p in refusal.problems] == [
        (
            2,
            '"ab" is not a code: a code is 3 to 64 letters, digits, - or _, starting with a '
            "letter or digit.",
        ),
        (
            3,
            '"AAA 2" is not a code: a code is 3 to 64 letters, digits, - or _, starting with a '
            "letter or digit.",
        ),
        (4, '"aaa1" is already on line 1.'),
        (
            6,
            '"-CC3" is not a code: a code is 3 to 64 letters, digits, - or _, starting with a '
            "letter or digit.",
        ),
        (
            7,
            f'"{"X" * 65}" is not a code: a code is 3 to 64 letters, digits, - or _, starting '
            "with a letter or digit.",
        ),
    ]


def test_without_a_header_a_line_holds_one_code() -> None:
    refusal = refused("AAA1,10\nBBB2\n")
    assert [p.line for p in refusal.problems] == [1]
    assert "without a header naming the code column" in refusal.problems[0].message


def test_with_a_header_a_line_needs_its_code_column() -> None:
    refusal = refused("value,code\n10,AAA1\n20\n30,\n")
    assert [(p.line, p.message) for p in refusal.problems] == [
        (3, "The line has no code in the code column."),
        (4, "The line has no code in the code column."),
    ]


def test_an_empty_file_or_a_header_alone_has_no_codes() -> None:
    for text in ("", "\n\n", "code\n"):
        refusal = refused(text)
        assert refusal.message == "The file has no codes: put one code on each line."
        assert refusal.problems == []


def test_the_size_limits() -> None:
    assert len(parse("\n".join(f"C{n:06d}" for n in range(MAX_CODES)))) == MAX_CODES
    too_many = refused("\n".join(f"C{n:06d}" for n in range(MAX_CODES + 1)))
    assert (
        too_many.message
        == f"The file has {MAX_CODES + 1:,} codes: upload at most 10,000 at a time."
    )
    too_big = refused("A" * (MAX_CHARS + 1))
    assert too_big.message.startswith("The file is larger than 1,000,000 characters")


def test_the_problems_listed_are_bounded_but_counted() -> None:
    refusal = refused("\n".join("x" for _ in range(MAX_PROBLEMS_SHOWN + 50)))
    assert len(refusal.problems) == MAX_PROBLEMS_SHOWN
    assert refusal.message.startswith(f"Nothing was added: {MAX_PROBLEMS_SHOWN + 50} lines")
    assert "(lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, …)" in refusal.message


def test_a_nul_character_refuses_the_file() -> None:
    assert "NUL" in refused("AAA1\n\x00\n").message
