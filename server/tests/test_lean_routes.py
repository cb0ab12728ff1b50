"""A LeanRoute reads its body as FastAPI reads a declared body: for every body, the same
status and the same error answer as an ordinary route with the same model."""

from __future__ import annotations

import json
from typing import Annotated, Any

import pytest
from fastapi import APIRouter, Depends, FastAPI, Query, Request, Response
from fastapi.responses import JSONResponse
from fastapi.testclient import TestClient
from pydantic import BaseModel, Field

from masthead.errors import install_error_handlers
from masthead.lean_routes import LeanRoute, mount_first


class Question(BaseModel):
    slug: str = Field(min_length=1, max_length=10)
    path: str = ""
    session: str | None = None


def _app() -> FastAPI:
    app = FastAPI()
    install_error_handlers(app)
    lean = APIRouter(route_class=LeanRoute)

    @lean.post("/lean", response_model=Question)
    async def lean_answer(request: Request, body: Question) -> Response:
        return JSONResponse(body.model_dump())

    @app.post("/plain", response_model=Question)
    async def plain_answer(body: Question) -> Response:
        return JSONResponse(body.model_dump())

    mount_first(app, lean)
    return app


JSON = {"content-type": "application/json"}
BODIES = [
    (b'{"slug": "a", "path": "/x"}', JSON),
    (b'{"slug": "a"}', {"content-type": "application/json; charset=utf-8"}),
    (b'{"slug": "a"}', {"content-type": "application/vnd.masthead+json"}),
    (b'{"slug": "a"}', {}),  # no type: not read as JSON
    (b'{"slug": "a"}', {"content-type": "text/plain"}),
    (b"", JSON),
    (b"null", JSON),
    (b"[1]", JSON),
    (b'{"slug": ', JSON),
    (b"\xff\xfe", JSON),
    (json.dumps({"slug": "", "session": 5}).encode(), JSON),
    (json.dumps({"slug": "x" * 11, "path": None}).encode(), JSON),
    (json.dumps({"path": "/"}).encode(), JSON),
]


def test_every_body_gets_the_answer_an_ordinary_route_gives() -> None:
    with TestClient(_app()) as client:
        for body, headers in BODIES:
            lean = client.post("/lean", content=body, headers=headers)
            plain = client.post("/plain", content=body, headers=headers)
            assert (lean.status_code, lean.json()) == (plain.status_code, plain.json()), body


def test_a_lean_route_is_described_like_an_ordinary_one() -> None:
    paths = _app().openapi()["paths"]
    lean, plain = paths["/lean"]["post"], paths["/plain"]["post"]
    for part in ("requestBody", "responses"):
        assert lean[part] == plain[part], part


Text = Annotated[str, Query(alias="text", min_length=1, max_length=5, pattern=r"^[^\x00]*$")]


def _params_app() -> FastAPI:
    app = FastAPI()
    install_error_handlers(app)
    lean = APIRouter(route_class=LeanRoute, prefix="/lean/{name}")

    @lean.get("/x")
    async def lean_answer(
        request: Request, name: str, text: Text, extra: Annotated[str | None, Query()] = None
    ) -> Response:
        return JSONResponse({"name": name, "text": text, "extra": extra})

    @app.get("/plain/{name}/x")
    async def plain_answer(
        name: str, text: Text, extra: Annotated[str | None, Query()] = None
    ) -> Response:
        return JSONResponse({"name": name, "text": text, "extra": extra})

    mount_first(app, lean)
    return app


QUERIES = [
    "text=abc",
    "text=abc&extra=e&other=o",
    "text=a&text=toolong",  # the last value counts, as in FastAPI
    "text=toolong&text=a",
    "",
    "text=",
    "text=a%00b&extra=",
    "extra=x",
    "text=%ff%fe",
]


def test_every_query_gets_the_answer_an_ordinary_route_gives() -> None:
    with TestClient(_params_app()) as client:
        for query in QUERIES:
            lean = client.get(f"/lean/n%20m/x?{query}")
            plain = client.get(f"/plain/n%20m/x?{query}")
            assert (lean.status_code, lean.json()) == (plain.status_code, plain.json()), query


def test_lean_parameters_are_described_like_ordinary_ones() -> None:
    paths = _params_app().openapi()["paths"]
    lean, plain = paths["/lean/{name}/x"]["get"], paths["/plain/{name}/x"]["get"]
    assert lean["parameters"] == plain["parameters"]


async def _with_dependency(
    request: Request, token: Annotated[str, Depends(lambda: "t")]
) -> Response:
    return Response()


async def _with_list(request: Request, tags: Annotated[list[str], Query()]) -> Response:
    return Response()


async def _with_both(request: Request, body: Question, text: Text) -> Response:
    return Response()


@pytest.mark.parametrize("endpoint", [_with_dependency, _with_list, _with_both])
def test_what_a_lean_route_cannot_read_is_refused_at_start_up(endpoint: Any) -> None:
    router = APIRouter(route_class=LeanRoute)
    with pytest.raises(TypeError):
        router.post("/refused")(endpoint)
