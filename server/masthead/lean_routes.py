"""LeanRoute: the hottest endpoints, described by FastAPI, called by Starlette.

The content call and the decision engine are asked on every article view. FastAPI's
per-request work around a route (its included-router matching, two exit stacks, dependency
solving, parameter validation) cost as much as the whole decision. A LeanRoute is an APIRoute,
so the OpenAPI document describes it from its declaration like every other route (path,
parameters, body, responses, errors); but Starlette calls the endpoint directly with the
Request. The endpoint reads what it needs from the request itself, and its one JSON body, if
it declares one, is read here the way FastAPI reads it (json_body): the same
RequestValidationError for the same faults, answered by the same handler (errors.py) as
every route's. ApiError and every other exception take the usual way too.

app.py puts these routes at the head of the application's routes (mount_first): not through
include_router, whose included-router layer would wrap them in FastAPI's handling again.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from email.message import Message
from typing import Any, TypeVar

from fastapi import APIRouter, FastAPI, HTTPException, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.routing import APIRoute
from pydantic import BaseModel, ValidationError
from starlette.routing import request_response

Endpoint = Callable[..., Awaitable[Response]]
M = TypeVar("M", bound=BaseModel)


class LeanRoute(APIRoute):
    """An APIRoute whose async endpoint takes the Request first and returns a Response; a
    declared body model (one at most) is passed by its parameter's name."""

    def __init__(self, path: str, endpoint: Endpoint, **kwargs: Any) -> None:
        super().__init__(path, endpoint, **kwargs)
        bodies = self.dependant.body_params
        if len(bodies) > 1:
            raise TypeError(f"{path}: a LeanRoute takes one body model at most")
        handler: Callable[[Request], Awaitable[Response]] = endpoint
        if bodies:
            name, model = bodies[0].name, bodies[0].field_info.annotation
            if not (isinstance(model, type) and issubclass(model, BaseModel)):
                raise TypeError(f"{path}: a LeanRoute's body is a Pydantic model")
            handler = _with_body(endpoint, name, model)
        self.app = request_response(handler)


def _with_body(
    endpoint: Endpoint, name: str, model: type[BaseModel]
) -> Callable[[Request], Awaitable[Response]]:
    async def handler(request: Request) -> Response:
        body = json_body(await request.body(), request.headers.get("content-type"), model)
        return await endpoint(request, **{name: body})

    return handler


def json_body(raw: bytes, content_type: str | None, model: type[M]) -> M:
    """The request body as model, read as FastAPI reads a declared body (its strict content
    type): JSON when the type says JSON, the raw bytes otherwise (which no model accepts);
    each fault a RequestValidationError located in "body", as FastAPI words it."""
    if not raw:
        missing = {"type": "missing", "loc": ("body",), "msg": "Field required", "input": None}
        raise RequestValidationError([missing])
    value: Any = raw
    if content_type and _is_json(content_type):
        try:
            value = json.loads(raw)
        except json.JSONDecodeError as exc:
            error = {
                "type": "json_invalid",
                "loc": ("body", exc.pos),
                "msg": "JSON decode error",
                "input": {},
                "ctx": {"error": exc.msg},
            }
            raise RequestValidationError([error], body=exc.doc) from exc
        except ValueError as exc:  # not text at all
            raise HTTPException(400, "There was an error parsing the body") from exc
    try:
        return model.model_validate(value, from_attributes=True)
    except ValidationError as exc:
        errors = [
            {**error, "loc": ("body", *error["loc"])} for error in exc.errors(include_url=False)
        ]
        raise RequestValidationError(errors, body=value) from exc


def _is_json(content_type: str) -> bool:
    message = Message()
    message["content-type"] = content_type
    subtype = message.get_content_subtype()
    return message.get_content_maintype() == "application" and (
        subtype == "json" or subtype.endswith("+json")
    )


def mount_first(app: FastAPI, *routers: APIRouter) -> None:
    """The routers' LeanRoutes at the head of the app's routes: matched before any other."""
    lean = [route for router in routers for route in router.routes]
    if not all(isinstance(route, LeanRoute) for route in lean):
        raise TypeError("mount_first takes routers of LeanRoutes (route_class=LeanRoute)")
    app.router.routes[0:0] = lean
