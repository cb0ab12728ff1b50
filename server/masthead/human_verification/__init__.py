"""Human verification (spec section 5, action nyp_membership): reCAPTCHA v3 or Cloudflare
Turnstile behind one interface, checked on the server; a local double for tests."""
