"""The publisher's articles: stored per brand, the teaser apart from the members-only body."""
