"""Handing a signed-in reader from the app to the web, and from one brand's site to
another's, with a one-time code."""
