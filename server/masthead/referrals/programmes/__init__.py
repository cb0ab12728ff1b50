"""Running the referral service: tenants (origins, mode, API key rotation, soft delete),
programmes and their rewards, fuel-tank code banks, and the referrals each tenant has.

One service (service.py, codes.py) for three callers: the staff console (console_routes.py,
marketing), the operator API (operator_routes.py, MASTHEAD_REFERRALS_KEY) and the CLI
(cli.py). Every change is in the audit log, never a key."""
