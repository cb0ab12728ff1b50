"""The staff console's dashboard: charts of members, trials, cancellations, revenue and
referrals drawn from the database, each with its numbers as CSV (/admin/api/dashboard/*).
It reads billing and referrals through their public faces and owns no table."""
