"""The names of the reader's cookies: a platform part, so that the site API's nonces read the
session cookie without depending on identity (identity depends on moderation, whose public
route takes a nonce: nonces -> identity would close a cycle). identity/cookies.py re-exports
them."""

SESSION_COOKIE = "zephrSessionId"
TRACKING_COOKIE = "blaize_tracking_id"
# The comments service's (comments/signon): its session, on /comments/v1 only, ending with the
# Masthead session; and the single sign-on binding of a code_a to the browser that asked.
COMMENTS_COOKIE = "mh_comments"
COMMENTS_SSO_COOKIE = "mh_comments_sso"
