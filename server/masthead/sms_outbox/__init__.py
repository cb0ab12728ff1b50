"""Stand-in for an SMS provider: the dev outbox page where sent texts show up."""
