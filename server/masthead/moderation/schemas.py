"""Wire shapes of the site API's profanity check and of the word lists moderators edit."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from masthead.moderation.models import WORD_LENGTH
from masthead.moderation.profanity import MAX_TEXT_LENGTH


class ProfanityCheckIn(BaseModel):
    string: str = Field(
        max_length=MAX_TEXT_LENGTH,
        description=f"The text to check: a display name, a bio or a comment, at most "
        f"{MAX_TEXT_LENGTH:,} characters.",
        examples=["Dick Van Dyke"],
    )


class ProfanityPassed(BaseModel):
    result: Literal["pass"] = Field(description="The text may be saved.")


class ProfanityRefused(BaseModel):
    result: Literal["profane"] = Field(
        description="The text may not be saved as it is (any result other than 'pass' fails)."
    )
    message: str = Field(
        description="What to change, for the reader: it quotes the first refused word.",
        examples=[
            "This text contains “sh1t”, which isn't allowed here. Please reword it and try again."
        ],
    )


ProfanityCheckOut = Annotated[ProfanityPassed | ProfanityRefused, Field(discriminator="result")]


WordListName = Literal["banned", "suspect", "allowed"]
# Something besides spaces; no slash (an entry is removed by its path) nor control character.
_WORD_CHAR = r"[^/\x00-\x1f\x7f]"
WORD_PATTERN = rf"^{_WORD_CHAR}*[^/\s\x00-\x1f\x7f]{_WORD_CHAR}*$"


class WordListsOut(BaseModel):
    banned: list[str] = Field(
        description="Refused wherever a reader's words are shown (comments, display names, "
        "bios), on top of Masthead's built-in list."
    )
    suspect: list[str] = Field(description="A comment holding one waits for a moderator.")
    allowed: list[str] = Field(
        description="Never refused, though Masthead's built-in list would refuse them."
    )


class WordIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    word: str = Field(
        min_length=1,
        max_length=WORD_LENGTH,
        pattern=WORD_PATTERN,
        description=f"A word or short phrase, at most {WORD_LENGTH} characters, not blank, "
        "without slashes or control characters; stored trimmed, lowercase, its spaces single.",
        examples=["dingbat"],
    )
