"""Pages only this site may frame: the account area and the publisher pages.

Framed by another site, their buttons (subscribe, cancel, change email) could be laid under a
decoy and clicked by a reader who sees something else (clickjacking). Browsers that know CSP
read frame-ancestors; older ones X-Frame-Options. The referral widget's frames are data:
documents the library makes, and the demo merchant page sets its own policy: neither is
answered with these headers.
"""

from __future__ import annotations

SAME_ORIGIN_FRAMES_ONLY = {
    "Content-Security-Policy": "frame-ancestors 'self'",
    "X-Frame-Options": "SAMEORIGIN",
}
