"""The plan catalogue and its discounts from an operator's shell, with the server's MASTHEAD_*
environment:

    python -m masthead.billing.catalog.cli plans
    python -m masthead.billing.catalog.cli plan ID
    python -m masthead.billing.catalog.cli add-plan PLAN.json         as the operator API takes it
    python -m masthead.billing.catalog.cli set-plan ID CHANGES.json   only the fields to change
    python -m masthead.billing.catalog.cli discounts
    python -m masthead.billing.catalog.cli discount ID
    python -m masthead.billing.catalog.cli add-discount DISCOUNT.json
    python -m masthead.billing.catalog.cli set-discount ID CHANGES.json

A file of "-" (or none) is read from stdin. The same rules as the operator API and the
console (billing/catalog/editing.py); changes are audited without a staff member.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError
from sqlalchemy.orm import Session

from masthead.billing.catalog import editing
from masthead.billing.catalog.edit_schemas import (
    DiscountFields,
    NewDiscountIn,
    NewPlanIn,
    PlanFields,
)
from masthead.cli_support import run_command
from masthead.deps import Runtime
from masthead.settings import Settings

ACTIONS = (
    "plans",
    "plan",
    "add-plan",
    "set-plan",
    "discounts",
    "discount",
    "add-discount",
    "set-discount",
)


def _read(name: str | None) -> Any:
    source = sys.stdin.read() if name in (None, "-") else Path(str(name)).read_text("utf-8")
    return json.loads(source)


def _id(value: str | None) -> str:
    if not value:
        raise ValueError("give the id of the plan or discount")
    return value


def _changed(current: dict[str, Any], changes: Any) -> dict[str, Any]:
    if not isinstance(changes, dict):
        raise ValueError("the changes must be a JSON object of the fields to change")
    return {**current, **changes}


def main(argv: Sequence[str] | None = None, settings: Settings | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("action", choices=ACTIONS)
    parser.add_argument("first", nargs="?", default=None, help="an id, or a file for add-*")
    parser.add_argument("file", nargs="?", default=None, help="a file for set-*")
    args = parser.parse_args(argv)

    def command(runtime: Runtime) -> object:
        with runtime.sessions.begin() as db:
            answer = _run(db, runtime, args.action, args.first, args.file)
            return answer.model_dump(mode="json")

    return run_command(command, _refusal, settings)


def _run(db: Session, rt: Runtime, action: str, first: str | None, file: str | None) -> BaseModel:
    if action == "plans":
        return editing.list_plans(db)
    if action == "discounts":
        return editing.list_discounts(db)
    if action == "add-plan":
        return editing.create_plan(db, rt, NewPlanIn.model_validate(_read(first)), None, None)
    if action == "add-discount":
        new = NewDiscountIn.model_validate(_read(first))
        return editing.create_discount(db, rt, new, None, None)
    some_id = _id(first)
    if action == "plan":
        return editing.show_plan(db, some_id)
    if action == "discount":
        return editing.show_discount(db, some_id)
    if action == "set-plan":
        plan = editing.show_plan(db, some_id).model_dump(include=set(PlanFields.model_fields))
        fields = PlanFields.model_validate(_changed(plan, _read(file)))
        return editing.update_plan(db, rt, some_id, fields, None, None)
    kept = editing.show_discount(db, some_id).model_dump(include=set(DiscountFields.model_fields))
    changes = DiscountFields.model_validate(_changed(kept, _read(file)))
    return editing.update_discount(db, rt, some_id, changes, None, None)


def _refusal(exc: Exception) -> str | None:
    """A body or file that does not fit, or the editing service's refusal."""
    if isinstance(exc, editing.CatalogError):
        return exc.message
    if isinstance(exc, (ValidationError, ValueError, OSError)):
        return f"Nothing was changed: {exc}"
    return None


if __name__ == "__main__":
    sys.exit(main())
