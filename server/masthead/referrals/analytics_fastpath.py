"""Calls 6 and 7 answered in raw ASGI, in front of FastAPI's router.

Every widget that opens sends a load analytic (after a CORS preflight on a merchant page), so
these calls are most of the referral traffic, and FastAPI's per-request work (routing,
dependency solving, validation models, response classes) cost several times the database's
share. AnalyticsFastPath answers exactly the requests the declared routes (routes_public.py)
would accept, and their allowed preflights, with the same status, headers and body. Every
other request, each refusal included, goes on untouched to the application, whose routes keep
the one answer for it and their place in OpenAPI. A 2xx still means the row is committed:
the rows go through the same group commit (ingest.py).

The tenant of each call (its id and allowed origins) is read for that call, as the routes
read it, but concurrent calls share the read and it runs in a worker thread (grouped.py):
inline on the loop, a PostgreSQL round trip per event held every other request up.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qsl

from starlette.datastructures import State
from starlette.types import ASGIApp, Receive, Scope, Send

from masthead.db import PinnedReader
from masthead.deps import Runtime
from masthead.referrals import ingest, repository, service, transport
from masthead.referrals.errors import ReferralError
from masthead.referrals.grouped import Grouped
from masthead.referrals.inputs import ENGAGEMENT_MEDIUMS
from masthead.referrals.share import SHARE_MEDIUMS

# The routes' `/a/{tenant_alias}/...`: Starlette matches [^/]+ against the decoded path.
ANALYTICS_PATH = re.compile(r"/a/([^/]+)/widgets/analytics/(loaded|shared)")
ID_LENGTHS = range(1, 256)  # externalAccountId, externalUserId: 1 to 255 characters
PROGRAM_ID_MAX = 64

VARY = [(b"vary", b"Origin")]
PREFLIGHT = [
    (b"access-control-allow-methods", transport.ALLOW_METHODS.encode()),
    (b"access-control-allow-headers", transport.ALLOW_HEADERS.encode()),
    (b"access-control-max-age", transport.PREFLIGHT_MAX_AGE.encode()),
]

Fields = tuple[str, str, str, str | None, str | None]
TenantRead = tuple[int, list[str]] | None  # id and allowed origins; None: no such tenant


class TenantLookups(Grouped[str, TenantRead]):
    """The tenants of concurrent analytics calls, read together in a worker thread."""

    def __init__(self, reads: PinnedReader) -> None:
        super().__init__(max_batch=1000, name="referral-analytics-tenants")
        self._reads = reads

    async def find(self, alias: str) -> TenantRead:
        return await self._submit(alias)

    def _run_batch(self, items: list[str]) -> list[TenantRead]:
        found = {
            alias: repository.tenant_id_and_origins(self._reads, alias) for alias in set(items)
        }
        return [found[alias] for alias in items]


class AnalyticsFastPath:
    """ASGI middleware: accepted analytics events and allowed preflights, answered here."""

    def __init__(self, app: ASGIApp, runtime: Runtime, state: State) -> None:
        self.app = app
        self.runtime = runtime
        self.state = state  # holds the writer, made at first use (ingest.app_writer)
        self.tenants = TenantLookups(runtime.reader)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and not scope.get("root_path"):
            found = ANALYTICS_PATH.fullmatch(scope["path"])
            if found is not None:
                if scope["method"] == "POST":
                    if await self._event(scope, receive, send, found[1], found[2]):
                        return
                elif scope["method"] == "OPTIONS" and await self._preflight(scope, send, found[1]):
                    return
        await self.app(scope, receive, send)

    async def _event(
        self, scope: Scope, receive: Receive, send: Send, alias: str, kind: str
    ) -> bool:
        """Answers an event the route would accept; False leaves the request to the route."""
        fields = _fields(scope["query_string"], kind)
        if fields is None:
            return False
        tenant = await self.tenants.find(alias)
        if tenant is None:
            return False
        tenant_id, origins = tenant
        origin, host = _origin_and_host(scope)
        cors = _cors(origin) if origin and origin in origins else {}
        if origin and not cors and origin not in self._own_origins(scope, host):
            return False  # a state change from a foreign page: the route refuses it
        account_id, user_id, medium, share_medium, program_id = fields
        row = service.analytics_event(
            self.runtime,
            tenant_id,
            kind,
            account_id,
            user_id,
            medium,
            share_medium=share_medium,
            program_id=program_id,
        )
        headers = {"Vary": "Origin", **cors}
        try:
            await ingest.app_writer(self.state, self.runtime.engine).write(row)
        except ReferralError as exc:  # too many waiting: the route's 429, with its headers
            await exc.response(headers)(scope, receive, send)
            return True
        await _answer(send, VARY + _raw(cors))
        return True

    async def _preflight(self, scope: Scope, send: Send, alias: str) -> bool:
        origin, _ = _origin_and_host(scope)
        if not origin:
            return False
        tenant = await self.tenants.find(alias)
        if tenant is None or origin not in tenant[1]:
            return False  # refused by the route (403)
        await _answer(send, PREFLIGHT + VARY + _raw(_cors(origin)))
        return True

    def _own_origins(self, scope: Scope, host: str) -> tuple[str, str]:
        """Masthead's own pages (transport._own_origins): not a cross-origin call."""
        return f"{scope.get('scheme', 'http')}://{host}", self.runtime.settings.public_origin


def _fields(query_string: bytes, kind: str) -> Fields | None:
    """The event's query, as the route reads it (last value wins); None when it would refuse."""
    query = dict(parse_qsl(query_string.decode("latin-1"), keep_blank_values=True))
    account_id = query.get("externalAccountId")
    user_id = query.get("externalUserId")
    medium = query.get("engagementMedium")
    if account_id is None or user_id is None or medium not in ENGAGEMENT_MEDIUMS:
        return None
    if len(account_id) not in ID_LENGTHS or len(user_id) not in ID_LENGTHS:
        return None
    if "\x00" in account_id + user_id + query.get("programId", ""):
        return None  # the route refuses it (routes_public.NO_NUL)
    if kind == "shared":
        share_medium = query.get("shareMedium")
        if share_medium not in SHARE_MEDIUMS:
            return None
        return account_id, user_id, medium, share_medium, None
    program_id = query.get("programId")
    if program_id is not None and len(program_id) > PROGRAM_ID_MAX:
        return None
    return account_id, user_id, medium, None, program_id


def _origin_and_host(scope: Scope) -> tuple[str, str]:
    """The first Origin and Host headers, as Starlette's Headers.get reads them."""
    origin = host = None
    for name, value in scope["headers"]:
        if name == b"origin" and origin is None:
            origin = value.decode("latin-1")
        elif name == b"host" and host is None:
            host = value.decode("latin-1")
    return origin or "", host or ""


def _cors(origin: str) -> dict[str, str]:
    return {"Access-Control-Allow-Origin": origin, "Access-Control-Allow-Credentials": "true"}


def _raw(headers: dict[str, str]) -> list[tuple[bytes, bytes]]:
    return [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in headers.items()]


async def _answer(send: Send, headers: list[tuple[bytes, bytes]]) -> None:
    """204 with no body, as Starlette's Response(status_code=204) sends it."""
    await send({"type": "http.response.start", "status": 204, "headers": headers})
    await send({"type": "http.response.body", "body": b""})
