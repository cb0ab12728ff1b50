"""The site API, `/wp-json/nyp-membership/v1/*`: the calls the spec's host site answers.

For now only the referral JWT endpoint (`saasquatch_jwt`); plans, content, newsletters,
webhook and the checks follow, with the nonce every site call carries.
"""
