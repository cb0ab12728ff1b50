"""LeanRoute: the hottest endpoints, described by FastAPI, called by Starlette.

The content call, the decision engine and the widget analytics are asked on every article
view or widget load. FastAPI's per-request work around a route (its included-router matching,
two exit stacks, dependency solving, parameter validation one field at a time) cost as much as
the whole decision. A LeanRoute is an APIRoute, so the OpenAPI document describes it from its
declaration like every other route (path, parameters, body, responses, errors); but Starlette
calls the endpoint directly with the Request. What the endpoint declares besides the Request
is read here the way FastAPI reads it and passed by name: its one JSON body (json_body), or
its path and query parameters (text only: one value per name), validated at once by a
Pydantic model built from the very declarations the document shows. The same
RequestValidationError for the same faults, answered by the same handler (errors.py) as
every route's. ApiError and every other exception take the usual way too. Nothing is
injected: a LeanRoute with dependencies, headers or cookies declared is refused at start-up.

A subclass wraps the handler by overriding get_route_handler, as for any APIRoute (the
referral routes' CORS step: referrals/transport.py).

app.py puts these routes at the head of the application's routes (mount_first): not through
include_router, whose included-router layer would wrap them in FastAPI's handling again.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Coroutine, Mapping
from email.message import Message
from typing import Any, TypeVar, cast

from fastapi import APIRouter, FastAPI, HTTPException, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.routing import APIRoute
from pydantic import BaseModel, ValidationError, create_model
from pydantic.fields import FieldInfo
from starlette.routing import request_response

Endpoint = Callable[..., Coroutine[Any, Any, Response]]
Handler = Callable[[Request], Coroutine[Any, Any, Response]]
M = TypeVar("M", bound=BaseModel)
# One value per name, as FastAPI reads a scalar parameter (a list or a model it reads otherwise).
_TEXT: tuple[Any, ...] = (str, str | None)


class LeanRoute(APIRoute):
    """An APIRoute whose async endpoint takes the Request first and returns a Response; a
    declared body model (one at most), or declared path and query parameters, are passed by
    their parameters' names."""

    def __init__(self, path: str, endpoint: Endpoint, **kwargs: Any) -> None:
        super().__init__(path, endpoint, **kwargs)
        # Starlette's request_response, not FastAPI's copy of it: that one opens two exit
        # stacks per request for dependencies with yield, which a LeanRoute has none of.
        self.app = request_response(self.get_route_handler())

    def get_route_handler(self) -> Handler:
        dependant, endpoint = self.dependant, cast(Endpoint, self.endpoint)
        if dependant.dependencies or dependant.header_params or dependant.cookie_params:
            raise TypeError(f"{self.path}: a LeanRoute injects nothing (read the Request)")
        bodies = dependant.body_params
        if len(bodies) > 1:
            raise TypeError(f"{self.path}: a LeanRoute takes one body model at most")
        path = _params_model(self.path, "path", dependant.path_params)
        query = _params_model(self.path, "query", dependant.query_params)
        if bodies:
            # FastAPI reports the faults of the parameters and of the body together; no
            # LeanRoute needs both yet, so none may declare both rather than answer otherwise.
            if path or query:
                raise TypeError(f"{self.path}: a LeanRoute takes a body or parameters, not both")
            name, model = bodies[0].name, bodies[0].field_info.annotation
            if not (isinstance(model, type) and issubclass(model, BaseModel)):
                raise TypeError(f"{self.path}: a LeanRoute's body is a Pydantic model")
            return _with_body(endpoint, name, model)
        if path or query:
            return _with_params(endpoint, path, query)
        return endpoint


def _with_body(endpoint: Endpoint, name: str, model: type[BaseModel]) -> Handler:
    async def handler(request: Request) -> Response:
        body = json_body(await request.body(), request.headers.get("content-type"), model)
        return await endpoint(request, **{name: body})

    return handler


def _params_model(route: str, location: str, params: list[Any]) -> type[BaseModel] | None:
    """One model of the declared parameters of a location (path or query): their own
    FieldInfo (alias, limits, pattern, default), so the document and the check agree."""
    if not params:
        return None
    fields: dict[str, Any] = {}
    for param in params:
        info: FieldInfo = param.field_info
        if info.annotation not in _TEXT:
            raise TypeError(f"{route}: a LeanRoute's {param.name} is text (str or str | None)")
        fields[param.name] = (info.annotation, info)
    return create_model(f"LeanParams_{location}", **fields)


def _with_params(
    endpoint: Endpoint, path: type[BaseModel] | None, query: type[BaseModel] | None
) -> Handler:
    async def handler(request: Request) -> Response:
        values: dict[str, Any] = {}
        errors: list[Any] = []
        # Path before query, as FastAPI reports them; the last value of a repeated name, as
        # FastAPI takes it (dict() of Starlette's multi-dict).
        for model, location, given in (
            (path, "path", request.path_params),
            (query, "query", request.query_params),
        ):
            if model is not None:
                errors += _read_params(model, location, given, values)
        if errors:
            raise RequestValidationError(errors)
        return await endpoint(request, **values)

    return handler


def _read_params(
    model: type[BaseModel], location: str, given: Mapping[str, Any], into: dict[str, Any]
) -> list[Any]:
    try:
        into.update(model.model_validate(dict(given)).__dict__)  # the fields' values by name
    except ValidationError as exc:
        return [
            # located as FastAPI locates them; a missing one's input is None, as in FastAPI's
            {
                **error,
                "loc": (location, *error["loc"]),
                **({"input": None} if error["type"] == "missing" else {}),
            }
            for error in exc.errors(include_url=False)
        ]
    return []


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
