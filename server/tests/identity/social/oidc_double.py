"""A local OpenID provider double at the wire boundary, served over HTTP in this process:
discovery, JWKS, an authorization step the test answers for the person (consent), a token
endpoint that checks the client, the redirect URI and PKCE, and RS256 ID tokens. It speaks
for Google and Apple (OpenID Connect; Apple's client secret is an ES256 JWT it verifies) and
Facebook (OAuth 2 and a Graph API /me).
"""

from __future__ import annotations

import base64
import hashlib
import secrets
import socket
import threading
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlsplit

import uvicorn
from joserfc import jwt
from joserfc.jwk import ECKey, RSAKey
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

CLIENT_ID = "masthead-test-client"
CLIENT_SECRET = "masthead-test-secret"
APPLE_TEAM = "TEAM123456"
APPLE_KEY_ID = "APPLEKEY01"


@dataclass
class Grant:
    provider: str
    redirect_uri: str
    challenge: str
    nonce: str
    claims: dict[str, Any]


@dataclass
class OidcDouble:
    base: str = ""
    signing_key: RSAKey = field(
        default_factory=lambda: RSAKey.generate_key(2048, parameters={"kid": "double-1"})
    )
    apple_team_key: ECKey = field(default_factory=lambda: ECKey.generate_key("P-256"))
    grants: dict[str, Grant] = field(default_factory=dict)
    tokens: dict[str, dict[str, Any]] = field(default_factory=dict)
    token_requests: list[dict[str, str]] = field(default_factory=list)

    def issuer(self, provider: str) -> str:
        return f"{self.base}/{provider}"

    def metadata_url(self, provider: str) -> str:
        return f"{self.issuer(provider)}/.well-known/openid-configuration"

    def consent(
        self, authorization_url: str, claims: dict[str, Any], *, nonce: str | None = None
    ) -> str:
        """The person agrees at the provider: the code the provider sends back."""
        query = {k: v[0] for k, v in parse_qs(urlsplit(authorization_url).query).items()}
        provider = urlsplit(authorization_url).path.split("/")[1]
        assert query["client_id"] == CLIENT_ID
        assert query["response_type"] == "code"
        code = secrets.token_urlsafe(16)
        self.grants[code] = Grant(
            provider=provider,
            redirect_uri=query["redirect_uri"],
            challenge=query.get("code_challenge", ""),
            nonce=query.get("nonce", "") if nonce is None else nonce,
            claims=claims,
        )
        return code

    def id_token(self, provider: str, grant: Grant, **overrides: Any) -> str:
        now = int(time.time())
        claims = {
            "iss": self.issuer(provider),
            "aud": CLIENT_ID,
            "iat": now,
            "exp": now + 600,
            "nonce": grant.nonce,
            **grant.claims,
            **overrides,
        }
        header = {"alg": "RS256", "kid": self.signing_key.kid}
        return jwt.encode(header, claims, self.signing_key)

    # --- the wire ---

    def app(self) -> Starlette:
        return Starlette(
            routes=[
                Route("/{provider}/.well-known/openid-configuration", self._discovery),
                Route("/{provider}/jwks", self._jwks),
                Route("/{provider}/token", self._token, methods=["POST"]),
                Route("/facebook/me", self._facebook_me),
            ]
        )

    async def _discovery(self, request: Request) -> JSONResponse:
        issuer = self.issuer(request.path_params["provider"])
        return JSONResponse(
            {
                "issuer": issuer,
                "authorization_endpoint": f"{issuer}/authorize",
                "token_endpoint": f"{issuer}/token",
                "jwks_uri": f"{issuer}/jwks",
                "response_types_supported": ["code"],
                "response_modes_supported": ["query", "form_post"],
                "id_token_signing_alg_values_supported": ["RS256"],
                "subject_types_supported": ["public"],
            }
        )

    async def _jwks(self, request: Request) -> JSONResponse:
        return JSONResponse({"keys": [self.signing_key.as_dict(private=False)]})

    async def _token(self, request: Request) -> JSONResponse:
        provider = request.path_params["provider"]
        form = {k: str(v) for k, v in (await request.form()).items()}
        self.token_requests.append(form)
        refusal = self._refusal(provider, form, request.headers.get("authorization", ""))
        if refusal:
            return JSONResponse({"error": refusal}, status_code=400)
        grant = self.grants.pop(form["code"])
        access = secrets.token_urlsafe(16)
        self.tokens[access] = grant.claims
        answer: dict[str, Any] = {
            "access_token": access,
            "token_type": "Bearer",
            "expires_in": 3600,
        }
        if provider != "facebook":
            answer["id_token"] = self.id_token(provider, grant)
        return JSONResponse(answer)

    def _refusal(self, provider: str, form: dict[str, str], authorization: str) -> str:
        grant = self.grants.get(form.get("code", ""))
        if grant is None or grant.provider != provider:
            return "invalid_grant"
        if form.get("redirect_uri") != grant.redirect_uri:
            return "invalid_grant"
        if grant.challenge:
            verifier = form.get("code_verifier", "")
            digest = hashlib.sha256(verifier.encode()).digest()
            if base64.urlsafe_b64encode(digest).rstrip(b"=").decode() != grant.challenge:
                return "invalid_grant"
        if not self._client_ok(provider, form, authorization):
            return "invalid_client"
        return ""

    def _client_ok(self, provider: str, form: dict[str, str], authorization: str) -> bool:
        if provider == "apple":  # the client secret is a JWT signed with the team's key
            try:
                token = jwt.decode(form.get("client_secret", ""), self.apple_team_key)
            except ValueError:
                return False
            claims = token.claims
            return (
                token.header.get("kid") == APPLE_KEY_ID
                and claims.get("iss") == APPLE_TEAM
                and claims.get("sub") == CLIENT_ID
                and claims.get("aud") == self.issuer("apple")
                and claims.get("exp", 0) > time.time()
                and form.get("client_id") == CLIENT_ID
            )
        if authorization.startswith("Basic "):
            pair = base64.b64decode(authorization[6:]).decode()
            return pair == f"{CLIENT_ID}:{CLIENT_SECRET}"
        return form.get("client_id") == CLIENT_ID and form.get("client_secret") == CLIENT_SECRET

    async def _facebook_me(self, request: Request) -> JSONResponse:
        token = request.headers.get("authorization", "").removeprefix("Bearer ")
        person = self.tokens.get(token)
        if person is None:
            return JSONResponse({"error": {"message": "Invalid OAuth access token."}}, 401)
        fields = request.query_params.get("fields", "id").split(",")
        return JSONResponse({key: person[key] for key in fields if key in person})


def serve(double: OidcDouble) -> tuple[uvicorn.Server, threading.Thread]:
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    double.base = f"http://127.0.0.1:{sock.getsockname()[1]}"
    server = uvicorn.Server(uvicorn.Config(double.app(), log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.time() + 10
    while not server.started and time.time() < deadline:
        time.sleep(0.02)
    assert server.started, "the OpenID provider double did not start"
    return server, thread
