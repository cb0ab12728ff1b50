"""The reader's data in their hands: one JSON file of everything Masthead holds about them,
and deleting their account (keeping only what the law needs, without their name)."""
