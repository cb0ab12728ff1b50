"""Who a comment @mentions: pure, no I/O (table tests in tests/comments).

A mention is `@` followed by the name an author of the story's comments is shown by (the
thread's author_view: "Jane D.", a display name), compared without regard to case. Names may
hold spaces and dots, so at each `@` the longest name that fits wins ("@Jane Doe" names Jane
Doe, not Jane, when both commented); the character after the name must not continue a word
("@Annabel" does not name Ann). A name several authors share names none of them: telling
the wrong reader is worse than telling nobody. Readers are named once each, in the order
first named, and at most `limit` of them (a comment naming dozens of readers is spam).
"""

from __future__ import annotations

from collections.abc import Mapping

MAX_MENTIONS = 10  # readers one comment may notify by name


def _continues_word(char: str) -> bool:
    return char.isalnum() or char == "_"


def mentioned(
    body: str, authors: Mapping[int, str], *, writer_id: int | None, limit: int = MAX_MENTIONS
) -> list[int]:
    """The ids of the readers the body names, first named first, the writer left out.

    `authors` maps each author of the story's published comments to the name readers see.
    The writer's own name takes part in the matching (so "@Jane Doe" written by Jane Doe
    names nobody, not another "Jane"), then is dropped."""
    owners: dict[str, set[int]] = {}  # each name, folded, and the authors shown by it
    written: dict[str, set[str]] = {}  # each folded name's spellings as given
    for author_id, name in authors.items():
        shown = name.strip()
        if shown:
            owners.setdefault(shown.casefold(), set()).add(author_id)
            written.setdefault(shown.casefold(), set()).add(shown)
    if not owners or "@" not in body:
        return []
    # Every spelling, longest first, by its folded first letter: a few names to try at each @.
    by_first: dict[str, list[str]] = {}
    spellings = (spelling for group in written.values() for spelling in group)
    for spelling in sorted(spellings, key=len, reverse=True):
        by_first.setdefault(spelling[0].casefold(), []).append(spelling)
    found: list[int] = []
    position = body.find("@")
    while position != -1 and len(found) < limit:
        start = position + 1
        named = _name_at(body, start, by_first)
        if named is not None:
            ids = owners[named.casefold()]
            if len(ids) == 1:
                (reader,) = ids
                if reader != writer_id and reader not in found:
                    found.append(reader)
            start += len(named)
        position = body.find("@", start)
    return found


def _name_at(body: str, start: int, by_first: Mapping[str, list[str]]) -> str | None:
    """The longest name written at `start` (any case), ending where a word does."""
    if start >= len(body):
        return None
    for spelling in by_first.get(body[start].casefold(), ()):
        end = start + len(spelling)
        if end > len(body) or body[start:end].casefold() != spelling.casefold():
            continue
        if end < len(body) and _continues_word(body[end]) and _continues_word(spelling[-1]):
            continue
        return spelling
    return None
