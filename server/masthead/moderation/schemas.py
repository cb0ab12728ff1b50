"""Wire shapes of the site API's profanity check."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

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
