"""The HTTP face of running the referral service, once, for two callers: the staff console
(console_routes.py: marketing, key rotation and deletion after a fresh code) and the operator
API (operator_routes.py: a bearer key). Each mounts referral_router on its own Mount
(staff/callers.py), whose caller says who acts (for the audit log) and what a sensitive
action needs.

Every answer is marked no-store: some carry a tenant's new API key. (No postponed
annotations here: the handlers name CallerDep, made per router, which FastAPI must see.)
"""

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query, Response

from masthead.deps import DbDep, RuntimeDep
from masthead.no_store import NO_STORE, NO_STORE_ANSWER
from masthead.referrals.programmes import listing, schemas, service
from masthead.staff.api import Caller, Mount

Alias = Annotated[str, Path(pattern=schemas.ALIAS_PATTERN)]
Slug = Annotated[str, Path(pattern=schemas.SLUG_PATTERN)]


def referral_router(mount: Mount) -> APIRouter:
    """The routes under the mount's prefix, each answering through the service as its caller
    allows."""
    router = APIRouter(prefix=mount.prefix, tags=list(mount.tags), dependencies=[NO_STORE_ANSWER])
    CallerDep = Annotated[Caller, Depends(mount.caller)]
    who, sensitive_help = mount.who, mount.sensitive_help

    def errors(*statuses: int, codes: bool = False) -> dict[int | str, dict[str, object]]:
        answer: dict[int | str, dict[str, object]] = {**mount.errors, **{s: {} for s in statuses}}
        if codes:
            answer[400] = {"model": schemas.CodesRefusal}
        return answer

    def stamp(caller: Caller, rt: RuntimeDep) -> service.Who:
        return service.Who(caller.actor, caller.address, rt.clock.now())

    @router.get(
        "",
        response_model=schemas.TenantPage,
        responses=errors(400),
        summary=f"Referral tenants by alias, a page at a time ({who})",
        description="Deleted tenants are left out. `after` is the `next` of the previous page.",
    )
    def list_tenants(
        _: CallerDep,
        db: DbDep,
        after: Annotated[str | None, Query(pattern=schemas.ALIAS_PATTERN)] = None,
        limit: Annotated[int, Query(ge=1, le=100)] = 50,
    ) -> schemas.TenantPage:
        return service.tenant_page(db, after, limit)

    @router.post(
        "",
        status_code=201,
        response_model=schemas.TenantWithKey,
        responses=errors(400, 409),
        summary=f"Add a referral tenant; its API key is in this answer only ({who}; audited)",
        description="409 `alias-taken` for an alias any tenant ever had; 400 "
        "`invalid-tenant` names the origin or option that does not fit.",
    )
    def create_tenant(
        body: schemas.TenantIn, caller: CallerDep, db: DbDep, rt: RuntimeDep
    ) -> schemas.TenantWithKey:
        return service.create_tenant(db, stamp(caller, rt), body, production=rt.settings.production)

    @router.get(
        "/{alias}",
        response_model=schemas.TenantOut,
        responses=errors(400, 404),
        summary=f"One referral tenant, without its key ({who})",
    )
    def show_tenant(alias: Alias, _: CallerDep, db: DbDep) -> schemas.TenantOut:
        return service.show_tenant(db, alias)

    @router.patch(
        "/{alias}",
        response_model=schemas.TenantOut,
        responses=errors(400, 404),
        summary=f"Change a tenant's name, mode, allowed origins or widget options ({who}; audited)",
        description="Fields left out keep their value. Origins count at once in this "
        "process, within a second in others. In production a tenant cannot be put in test "
        "mode (400 `invalid-tenant`).",
    )
    def change_tenant(
        alias: Alias, body: schemas.TenantChange, caller: CallerDep, db: DbDep, rt: RuntimeDep
    ) -> schemas.TenantOut:
        return service.change_tenant(
            db, stamp(caller, rt), alias, body, production=rt.settings.production
        )

    @router.post(
        "/{alias}/key",
        response_model=schemas.TenantWithKey,
        responses=errors(400, 404),
        summary=f"Rotate the tenant's API key; the new one is in this answer only ({who}; audited)",
        description="The old key is refused from the next call on (no grace period: a key "
        "is rotated because it may have leaked), for the merchant server's Basic auth and "
        "for user JWTs signed with it." + sensitive_help,
    )
    def rotate_key(
        alias: Alias, caller: CallerDep, db: DbDep, rt: RuntimeDep
    ) -> schemas.TenantWithKey:
        service.live_tenant(db, alias)  # an unknown tenant is a 404 before any code is asked
        caller.confirm_sensitive()
        return service.rotate_key(db, stamp(caller, rt), alias)

    @router.delete(
        "/{alias}",
        status_code=204,
        responses=errors(400, 404),
        summary=f"Delete a tenant: every referral call of it answers 404 from now on ({who}; "
        "audited)",
        description="The tenant's rows stay (its referrals, rewards and analytics refer to "
        "it) and its alias is never given to another tenant." + sensitive_help,
    )
    def delete_tenant(alias: Alias, caller: CallerDep, db: DbDep, rt: RuntimeDep) -> Response:
        service.live_tenant(db, alias)
        caller.confirm_sensitive()
        service.delete_tenant(db, stamp(caller, rt), alias)
        return Response(status_code=204, headers=NO_STORE)

    @router.get(
        "/{alias}/programmes",
        response_model=schemas.ProgrammeList,
        responses=errors(400, 404),
        summary=f"A tenant's programmes, their rewards and code banks ({who})",
    )
    def list_programmes(alias: Alias, _: CallerDep, db: DbDep) -> schemas.ProgrammeList:
        return service.programmes(db, alias)

    @router.post(
        "/{alias}/programmes",
        status_code=201,
        response_model=schemas.ProgrammeOut,
        responses=errors(400, 404, 409),
        summary=f"Add a programme with its rewards ({who}; audited)",
        description="The first programme is the tenant's default. 409 `slug-taken`; 400 "
        "`invalid-programme` for a landing URL that is not a full http(s) address.",
    )
    def create_programme(
        alias: Alias, body: schemas.ProgrammeIn, caller: CallerDep, db: DbDep, rt: RuntimeDep
    ) -> schemas.ProgrammeOut:
        return service.create_programme(db, stamp(caller, rt), alias, body)

    @router.get(
        "/{alias}/programmes/{slug}",
        response_model=schemas.ProgrammeOut,
        responses=errors(400, 404),
        summary=f"One programme, its rewards and code bank ({who})",
    )
    def show_programme(alias: Alias, slug: Slug, _: CallerDep, db: DbDep) -> schemas.ProgrammeOut:
        return service.show_programme(db, alias, slug)

    @router.patch(
        "/{alias}/programmes/{slug}",
        response_model=schemas.ProgrammeOut,
        responses=errors(400, 404),
        summary=f"Change a programme's name, rewards, conversion keys or landing URL ({who}; "
        "audited)",
        description="Fields left out keep their value. Rewards already issued keep the "
        "words they were issued with.",
    )
    def change_programme(
        alias: Alias,
        slug: Slug,
        body: schemas.ProgrammeChange,
        caller: CallerDep,
        db: DbDep,
        rt: RuntimeDep,
    ) -> schemas.ProgrammeOut:
        return service.change_programme(db, stamp(caller, rt), alias, slug, body)

    @router.post(
        "/{alias}/programmes/{slug}/codes",
        response_model=schemas.CodesAdded,
        responses=errors(404, codes=True),
        summary=f"Add a CSV of codes to the programme's code bank, all or nothing ({who}; audited)",
        description="400 `invalid-codes` adds nothing and lists each wrong line in `problems`.",
    )
    def upload_codes(
        alias: Alias,
        slug: Slug,
        body: schemas.CodesIn,
        caller: CallerDep,
        db: DbDep,
        rt: RuntimeDep,
    ) -> schemas.CodesAdded:
        return service.upload_codes(db, stamp(caller, rt), alias, slug, body.csv)

    @router.get(
        "/{alias}/referrals",
        response_model=schemas.ReferralPage,
        responses=errors(400, 404),
        summary=f"A tenant's referrals and their rewards, newest first ({who})",
        description="Filters: `programme` (a slug: 404 when the tenant has none such), "
        "`status`. `before` is the `next` of the previous page.",
    )
    def list_referrals(
        alias: Alias,
        _: CallerDep,
        db: DbDep,
        programme: Annotated[str | None, Query(pattern=schemas.SLUG_PATTERN)] = None,
        status: Annotated[schemas.Status | None, Query()] = None,
        before: Annotated[int | None, Query(ge=1, le=2**31 - 1)] = None,
        limit: Annotated[int, Query(ge=1, le=100)] = 50,
    ) -> schemas.ReferralPage:
        return listing.referral_page(
            db, alias, programme=programme, status=status, before=before, limit=limit
        )

    return router
