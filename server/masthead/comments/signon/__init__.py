"""Single sign-on into the comments service (spec section 7): code_a, the page's codeB, the
comments session, the comments logout."""
