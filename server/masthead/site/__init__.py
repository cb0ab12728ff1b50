"""The site API, `/wp-json/nyp-membership/v1/*`, and the publisher's pages.

API: the referral JWT and the story content call (the entitlement question is the decision
engine's, decisions/), each site call with its nonce (nonces.py). Pages: the three brands'
home, section and article pages, server-rendered with the page-provided globals the
host-page islands read.
"""
