"""Comments' public face: what other parts of Masthead may import of it (the reader's data
export reads a reader's comments and opinions). Everything else in the package is its own
(import-linter checks this: server/.importlinter)."""

from masthead.comments.models import Comment, CommentOpinion
from masthead.comments.thread import ERASED_NAME

__all__ = ["ERASED_NAME", "Comment", "CommentOpinion"]
