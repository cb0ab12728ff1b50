"""Comments: Masthead's own comments service, wire-compatible with the spec's (section 7):
comment counts, threads, votes, single sign-on, notifications and moderation."""
