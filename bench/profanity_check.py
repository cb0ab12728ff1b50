"""The profanity check's cost on hostile input, beside an ordinary sentence.

    make bench     (or: server/.venv/bin/python bench/profanity_check.py [--repeat N])

Anyone may call POST /wp-json/nyp-membership/v1/profanity-check, so what one call can cost
matters: each line is the median time of checking a text of the longest accepted length
(MAX_TEXT_LENGTH) made of one repeated unit, chosen to hit the library's slower paths (digit
runs, name-like words, separators, masks, entities, safe phrases, accents). The reference
line is an ordinary 200-character sentence.
"""

from __future__ import annotations

import argparse
import time
from statistics import median

from masthead.moderation.profanity import MAX_TEXT_LENGTH, check_text

ORDINARY = ("The council met on Tuesday to discuss the new stadium and its parking. " * 3)[:200]
UNITS = ["1", "Dick ", "Dick Van ", "s.h.i.t.", "f*", "a", "&amp;", "great tit ", "ü"]


def _median_ms(text: str, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        check_text(text)
        times.append(time.perf_counter() - start)
    return median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    check_text(ORDINARY)  # the library's filter is built once per list set
    print(f"profanity check, median of {args.repeat} (ms)")
    print(f"  {'ordinary sentence, 200 characters':<40} {_median_ms(ORDINARY, args.repeat):8.2f}")
    for unit in UNITS:
        text = (unit * MAX_TEXT_LENGTH)[:MAX_TEXT_LENGTH]
        label = f"{unit.strip()!r} repeated, {MAX_TEXT_LENGTH} characters"
        print(f"  {label:<40} {_median_ms(text, args.repeat):8.2f}")


if __name__ == "__main__":
    main()
