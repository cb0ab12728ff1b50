"""Initials of a name, in any script, and the check of initials asked of the avatar image.

Pure: no I/O. The spec (section 3): "initials are the first letter of the first and last
words, uppercased". A "letter" here is a user-perceived character (a grapheme cluster), so an
accented letter typed with a combining mark, a Hebrew letter with its points, a flag or an
emoji with a skin tone stays whole. The account area computes the same initials with the same
rule (web/src/ui/initials.ts); the avatar endpoint accepts what that rule can produce and
nothing else.
"""

from __future__ import annotations

import regex

# A word's initial is its first grapheme that starts with a letter, a number or an emoji (a
# pictograph, or a regional indicator of a flag) and holds nothing but letters, numbers,
# marks and the parts of emoji sequences (joiners, variation selectors, skin tones, the tag
# characters of subdivision flags, the keycap mark). Punctuation, symbols, spaces and format
# characters (a right-to-left mark before a name, say) are never part of one: markup cannot
# reach the image.
_START = r"[\p{L}\p{N}\p{Extended_Pictographic}\p{Regional_Indicator}]"
_REST = (
    r"[\p{L}\p{M}\p{N}\p{Extended_Pictographic}\p{Regional_Indicator}\u200c\u200d\u20e3"
    r"\ufe00-\ufe0f\U0001f3fb-\U0001f3ff\U000e0020-\U000e007f\U000e0100-\U000e01ef]"
)
_INITIAL = regex.compile(f"{_START}{_REST}*")
_GRAPHEME = regex.compile(r"\X")
# Longer than any real grapheme (a family emoji with skin tones is 11 code points): a letter
# followed by hundreds of combining marks is an attack on the renderer, not a name.
MAX_CODE_POINTS = 32


def _graphemes(text: str) -> list[str]:
    return _GRAPHEME.findall(text)


def _is_initial(grapheme: str) -> bool:
    return len(grapheme) <= MAX_CODE_POINTS and _INITIAL.fullmatch(grapheme) is not None


def _upper(grapheme: str) -> str:
    """Uppercased, unless that would turn one character into two ("ß" → "SS")."""
    upper = grapheme.upper()
    return upper if len(_graphemes(upper)) == 1 and _is_initial(upper) else grapheme


def uppercase(initials: str) -> str:
    return "".join(_upper(g) for g in _graphemes(initials))


def _word_initial(word: str) -> str | None:
    return next((_upper(g) for g in _graphemes(word) if _is_initial(g)), None)


def initials(full_name: str) -> str:
    """First letter of the first and last words, uppercased ("Mary Ann Smith" → "MS")."""
    letters = [i for i in (_word_initial(word) for word in full_name.split()) if i is not None]
    if not letters:
        return ""
    return letters[0] + (letters[-1] if len(letters) > 1 else "")


def are_initials(text: str) -> bool:
    """True for what `initials` can produce: none, one or two such letters, nothing else."""
    if len(text) > 2 * MAX_CODE_POINTS:
        return False
    graphemes = _graphemes(text)
    return len(graphemes) <= 2 and all(_is_initial(g) for g in graphemes)
