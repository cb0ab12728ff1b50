"""Readers writing to the publisher: stored and mailed to staff."""
