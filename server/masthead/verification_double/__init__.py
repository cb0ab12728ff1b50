"""The verification double: a local stand-in for reCAPTCHA v3 and Cloudflare Turnstile, so
human verification runs offline in tests (MASTHEAD_HUMAN_VERIFICATION_DOUBLE; production
refuses it). It serves a browser script defining the providers' API (grecaptcha.execute,
turnstile.render) and a siteverify speaking their wire, honouring Turnstile's published test
keys. No domain imports it."""
