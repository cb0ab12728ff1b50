"""Describe the one error shape in the OpenAPI document.

FastAPI documents a 422 with its own validation body on every operation; Masthead answers
bad input with 400 and {"type", "message"}. This rewrites the document to say so.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from pydantic import BaseModel, Field

from masthead.body_limit import TOO_LARGE


class ErrorBody(BaseModel):
    type: str = Field(
        description="The spec's error type, e.g. user-not-found, password-not-strong."
    )
    message: str = Field(description="A sentence a person can act on.")
    title: str | None = Field(
        default=None, description="Only on 401 email-not-verified: email-verification-is-required."
    )
    field: str | None = Field(
        default=None,
        description="Only on 400 profane-text: the profile key whose text was refused.",
    )


ERROR_REF = {"$ref": "#/components/schemas/ErrorBody"}


def install_error_schema(app: FastAPI) -> None:
    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            document = get_openapi(
                title=app.title,
                version=app.version,
                description=app.description,
                routes=app.routes,
            )
            schemas = document.setdefault("components", {}).setdefault("schemas", {})
            for unused in ("HTTPValidationError", "ValidationError"):
                schemas.pop(unused, None)
            schemas["ErrorBody"] = ErrorBody.model_json_schema()
            for operations in document.get("paths", {}).values():
                for operation in operations.values():
                    if "requestBody" in operation:  # masthead/body_limit.py, before the route
                        operation["responses"].setdefault("413", {"description": TOO_LARGE})
                    _describe_errors(operation.get("responses", {}))
            app.openapi_schema = document
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


def _describe_errors(responses: dict[str, Any]) -> None:
    if "422" in responses:
        responses.pop("422")
        responses.setdefault("400", {})
    for status, response in responses.items():
        if status.startswith("4"):
            declared = response.get("content", {}).get("application/json", {}).get("schema")
            if declared and declared.get("$ref") != "#/components/schemas/HTTPValidationError":
                continue  # the route documents its own error body (the referral service)
            response["description"] = response.get("description") or "Error"
            if response["description"] in ("Validation Error", "Additional Response"):
                response["description"] = "Error"
            response["content"] = {"application/json": {"schema": ERROR_REF}}
