"""Fuel-tank code banks: an upload (all or nothing, code_bank.py says the rules) and what is
left. A programme's bank feeds its referred friends' rewards, one code each, on conversion
(conversions.py); without codes left they get the reward's words without a code."""

from __future__ import annotations

from sqlalchemy.orm import Session

from masthead.referrals import repository as referral_repository
from masthead.referrals.programmes import code_bank, repository, schemas
from masthead.referrals.programmes.errors import invalid_codes, no_programme, no_tenant

LOW_AT = 25  # this many codes left or fewer: the console warns


def code_counts(total: int, used: int) -> schemas.CodeCounts:
    left = total - used
    return schemas.CodeCounts(
        total=total, used=used, left=left, low=total > 0 and left <= LOW_AT, low_at=LOW_AT
    )


def upload(db: Session, alias: str, slug: str, text: str) -> tuple[int, schemas.CodeCounts]:
    """Adds the file's codes to the programme's bank: (how many, the counts after). Nothing is
    added when any line is wrong, repeats another or a code the tenant's banks hold."""
    tenant = repository.lock_tenant(db, alias)  # one upload of a tenant at a time
    if tenant is None:
        raise no_tenant(alias)
    programme = referral_repository.programme_by_slug(db, tenant.id, slug)
    if programme is None:
        raise no_programme(alias, slug)
    try:
        codes = code_bank.parse(text)
    except code_bank.CodeBankRefusal as exc:
        raise _refused(exc) from None
    held = repository.tenant_codes_folded(db, tenant.id)
    clashes = [
        code_bank.Problem(c.line, f'"{c.code}" is in this tenant\'s code banks already.')
        for c in codes
        if c.code.upper() in held
    ]
    if clashes:
        raise _refused(code_bank.refusal(clashes))
    if not repository.add_codes(db, tenant.id, programme.id, [c.code for c in codes]):
        raise invalid_codes(
            "Nothing was added: another upload added some of these codes at the same moment. "
            "Upload the file again to see which.",
            [],
        )
    total, used = repository.code_counts(db, [programme.id]).get(programme.id, (0, 0))
    return len(codes), code_counts(total, used)


def _refused(exc: code_bank.CodeBankRefusal) -> Exception:
    return invalid_codes(
        exc.message, [{"line": p.line, "message": p.message} for p in exc.problems]
    )
