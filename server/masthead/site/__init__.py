"""The site API, `/wp-json/nyp-membership/v1/*`, and the publisher's pages.

API: the referral JWT, the story content call and the entitlement question, each site call
with its nonce (nonces.py). Pages: the three brands' home, section and article pages,
server-rendered with the page-provided globals the host-page islands read.
"""
