"""The staff domain: staff roles, the console's sign-in with a second factor (TOTP or a
recovery code), staff sessions, step-up for sensitive actions and the audit log, under
/admin/api/*. Other parts import it through api.py."""
