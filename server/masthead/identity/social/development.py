"""The development identity provider: a page where one types the account a provider would
vouch for (subject, email, verified flag, names), standing in for Google, Facebook and Apple
under `make run` so the whole flow runs offline. It follows django-allauth's "dummy"
provider. Offered only while MASTHEAD_SOCIAL_DEVELOPMENT_PROVIDER is on and never in
production (providers.mode; the production guard refuses the setting).

The page posts straight to the callback, as Apple's form_post does; what it posts is
trusted as a provider's word, which is why it exists only on a developer's machine.
"""

from __future__ import annotations

from masthead.identity.social.providers import ProviderIdentity, SocialError, name_parts


def identity_from_form(provider: str, form: dict[str, str]) -> ProviderIdentity:
    email = form.get("email", "").strip().lower()[:320]
    subject = form.get("sub", "").strip()[:255] or email
    if not subject:
        raise SocialError("Please type an email address or a subject.")
    return ProviderIdentity(
        provider=provider,
        subject=subject,
        email=email,
        email_verified=form.get("email_verified") == "true" and bool(email),
        names=name_parts(form.get("first_name", "")[:100], form.get("last_name", "")[:100]),
    )
