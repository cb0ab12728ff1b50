"""Commenters told of replies, mentions, hearts and followers: in the page and by mail, as
their profile's notification-* keys allow."""
