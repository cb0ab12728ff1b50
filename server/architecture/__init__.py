"""Masthead's own import-linter contracts (see ../.importlinter)."""
