"""The publisher's static pages (membership terms, terms of use, privacy policy) per brand:
stored in the static_pages table so their text changes without a deploy, each falling back
to its built-in default (defaults.py) until an operator edits it."""
