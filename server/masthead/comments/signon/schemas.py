"""Wire shapes of the comments' single sign-on (spec section 7)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from masthead.comments.schemas import CommentAuthorOut

CODE_LENGTH = 100  # far more than any code given (43 characters): a longer one is refused
USER_NAME_LENGTH = 100


class SsoStartOut(BaseModel):
    code_a: str = Field(
        description="A one-time code (URL-safe) for the page to exchange for codeB within 5 "
        "minutes; it works only with the `mh_comments_sso` cookie this answer sets."
    )


class SsoIn(BaseModel):
    model_config = ConfigDict(extra="ignore")

    code_a: str = Field(min_length=1, max_length=CODE_LENGTH, description="The client's code_a.")
    user_name: str = Field(
        min_length=1,
        max_length=USER_NAME_LENGTH,
        description="The reader's name as the page knows it: only checked (1 to 100 "
        "characters); the comments identity comes from the Masthead profile.",
    )


class SsoOut(BaseModel):
    codeB: str = Field(
        description="The code the comments client redeems once, in the same browser, at "
        "POST /comments/v1/sso/complete."
    )


class SsoCompleteIn(BaseModel):
    model_config = ConfigDict(extra="ignore")

    codeB: str = Field(min_length=1, max_length=CODE_LENGTH, description="The page's codeB.")


class SsoCompleteOut(BaseModel):
    commenter: CommentAuthorOut = Field(description="The reader as the thread shows them.")


class SignedOutOut(BaseModel):
    message: str = Field(examples=["Signed out of comments."])
