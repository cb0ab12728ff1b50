"""Editors' list management: one set of routes mounted for the console and the operator API."""
