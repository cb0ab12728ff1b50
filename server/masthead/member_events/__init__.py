"""Member events: a small list editors manage, shown to members (the onboarding's events step)."""
