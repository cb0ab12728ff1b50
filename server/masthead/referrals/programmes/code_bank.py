"""A fuel-tank code bank's CSV, pure: the codes of an upload, or every line that is wrong.

The rules (the console's preview, web/src/admin/referrals/codeBank.ts, says the same):
- one code per line; blank lines are skipped; spaces around a code are dropped;
- the first line may be a header naming the code column (`code`, `coupon`, `voucher`, ...);
  then other columns are ignored, and without one a line has exactly one column;
- a code is 3 to 64 letters, digits, `-` or `_`, starting with a letter or digit;
- codes differing only in case count as the same code (a coupon system may not tell them
  apart, and one code must never reach two readers): a repeat within the file is refused,
  and so is a code the tenant's bank holds already (checked by the service);
- at most MAX_CODES codes and MAX_CHARS characters per upload.
One bad line refuses the whole upload; the refusal lists the lines (counted from 1).
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass

MAX_CODES = 10_000
MAX_CHARS = 1_000_000
MAX_PROBLEMS_SHOWN = 100
CODE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{2,63}$")
CODE_RULE = "a code is 3 to 64 letters, digits, - or _, starting with a letter or digit"
HEADER_NAMES = frozenset(
    {"code", "codes", "coupon", "coupon code", "voucher", "voucher code", "promo code"}
    | {"reward code", "fuel tank code"}
)


@dataclass(frozen=True)
class Problem:
    line: int
    message: str


@dataclass(frozen=True)
class Code:
    line: int
    code: str


class CodeBankRefusal(ValueError):
    """The upload is refused whole: `problems` name the lines (none for a whole-file fault)."""

    def __init__(self, message: str, problems: list[Problem] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.problems = problems or []


def _header_name(cell: str) -> str:
    return re.sub(r"[\s_-]+", " ", cell.strip().lower())


def _code_column(cells: list[str]) -> int | None:
    for index, cell in enumerate(cells):
        if _header_name(cell) in HEADER_NAMES:
            return index
    return None


def parse(text: str) -> list[Code]:
    """The file's codes in file order; CodeBankRefusal when any line is wrong."""
    if len(text) > MAX_CHARS:
        raise CodeBankRefusal(
            f"The file is larger than {MAX_CHARS:,} characters: upload at most "
            f"{MAX_CODES:,} codes at a time."
        )
    if "\x00" in text:
        raise CodeBankRefusal("The file holds a NUL character: is it a CSV text file?")
    text = text.removeprefix("\ufeff")  # a spreadsheet's byte order mark
    codes: list[Code] = []
    problems: list[Problem] = []
    first_seen: dict[str, int] = {}
    column: int | None = None
    header_done = False
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        for cells in reader:
            line = reader.line_num
            if not any(cell.strip() for cell in cells):
                continue
            if not header_done:
                header_done = True
                column = _code_column(cells)
                if column is not None:
                    continue
            found = _code_of(cells, column, line, problems)
            if found is None:
                continue
            key = found.upper()
            if key in first_seen:
                problems.append(Problem(line, f'"{found}" is already on line {first_seen[key]}.'))
                continue
            first_seen[key] = line
            codes.append(Code(line, found))
    except csv.Error as exc:
        problems.append(Problem(reader.line_num, f"The line is not valid CSV ({exc})."))
    if problems:
        raise refusal(problems)
    if not codes:
        raise CodeBankRefusal("The file has no codes: put one code on each line.")
    if len(codes) > MAX_CODES:
        raise CodeBankRefusal(
            f"The file has {len(codes):,} codes: upload at most {MAX_CODES:,} at a time."
        )
    return codes


def _code_of(
    cells: list[str], column: int | None, line: int, problems: list[Problem]
) -> str | None:
    if column is None and len(cells) > 1:
        problems.append(
            Problem(
                line,
                f"The line has {len(cells)} columns: without a header naming the code column "
                "(such as code), a line holds one code and nothing else.",
            )
        )
        return None
    index = column or 0
    if index >= len(cells) or not cells[index].strip():
        problems.append(Problem(line, "The line has no code in the code column."))
        return None
    code = cells[index].strip()
    if not CODE.match(code):
        problems.append(Problem(line, f'"{code[:70]}" is not a code: {CODE_RULE}.'))
        return None
    return code


def refusal(problems: list[Problem]) -> CodeBankRefusal:
    """One sentence for the lines that are wrong, with the lines themselves."""
    problems = sorted(problems, key=lambda p: p.line)
    lines = sorted({p.line for p in problems})
    listed = ", ".join(str(n) for n in lines[:10]) + (", …" if len(lines) > 10 else "")
    what = "line has a problem" if len(lines) == 1 else "lines have problems"
    return CodeBankRefusal(
        f"Nothing was added: {len(lines)} {what} ({'line' if len(lines) == 1 else 'lines'} "
        f"{listed}). Correct the file and upload it again.",
        problems[:MAX_PROBLEMS_SHOWN],
    )
