"""The account area in the brand of the site the reader came from (the host's brand, as the
publisher pages pick it): its name and home link for the header (the page config's `brand`),
its colours as CSS custom properties and its icon, both in <head> so the first paint is
already the brand's."""

from __future__ import annotations

from masthead.site.api import MEMBERSHIP, Brand, favicon_link

HOME_URL = "/"  # the brand's news site: the publisher pages are served on the same host


def brand_config(brand: Brand) -> dict[str, str]:
    return {"key": brand.key, "name": brand.name, "homeUrl": HOME_URL, "membership": MEMBERSHIP}


def brand_head(brand: Brand) -> str:
    # html:root outranks the style sheet's :root, which Vite puts after this block. The
    # brand's primary passes WCAG AA under white text and as link colour on the page
    # (brands.py); its ink is darker still, for hovers and the focus ring.
    colours = (
        f"html:root{{--brand:{brand.primary};--brand-ink:{brand.ink};--brand-tint:{brand.tint};"
        f"--color-primary:{brand.primary};--color-primary-dark:{brand.ink};"
        f"--color-focus:{brand.ink}}}"
    )
    return f'<style id="masthead-brand">{colours}</style>{favicon_link(brand)}'
