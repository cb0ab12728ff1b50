"""The dashboard's console API: HTTP only. Each chart answers at
/admin/api/dashboard/<chart> as JSON and at /admin/api/dashboard/<chart>.csv as the same
numbers in CSV (a download: Content-Disposition names the file).

Every staff role may read the charts; revenue needs marketing (admins hold every role).
Optional `from` and `to` (YYYY-MM-DD) set the range; a chart by month covers the whole months
they fall in.
"""

from __future__ import annotations

from datetime import date
from typing import Annotated

from fastapi import APIRouter, Depends, Query, Response

from masthead.dashboard import csv_export, service
from masthead.dashboard.schemas import Chart, ChartId
from masthead.deps import DbDep, RuntimeDep
from masthead.staff.api import ROLE_ERRORS, Role, staff_with

router = APIRouter(prefix="/admin/api/dashboard", tags=["dashboard"])

From = Annotated[
    date | None,
    Query(alias="from", description="The first day (default: 12 months or 30 days back)"),
]
To = Annotated[date | None, Query(alias="to", description="The last day (default: today)")]

ERRORS: dict[int | str, dict[str, object]] = {
    400: {"description": "`bad-range`: the range is backwards, too long or out of bounds"},
    **ROLE_ERRORS,
}
CSV_ANSWER: dict[int | str, dict[str, object]] = {
    200: {
        "description": "The chart's numbers: a header row, then one row per month or day",
        "content": {"text/csv": {"schema": {"type": "string"}}},
    },
    **ERRORS,
}


def _mount(chart: ChartId, role: Role | None, summary: str) -> None:
    build = service.BUILDERS[chart]
    staff = [Depends(staff_with(role))]

    def as_json(db: DbDep, rt: RuntimeDep, start: From = None, end: To = None) -> Chart:
        return build(db, rt, start, end)

    def as_csv(db: DbDep, rt: RuntimeDep, start: From = None, end: To = None) -> Response:
        answer = build(db, rt, start, end)
        return Response(
            csv_export.to_csv(answer),
            media_type="text/csv; charset=utf-8",
            headers={
                "Content-Disposition": f'attachment; filename="{csv_export.filename(answer)}"'
            },
        )

    name = chart.replace("-", "_")
    router.add_api_route(
        f"/{chart}",
        as_json,
        methods=["GET"],
        response_model=Chart,
        responses=ERRORS,
        dependencies=staff,
        summary=summary,
        operation_id=f"dashboard_{name}",
    )
    router.add_api_route(
        f"/{chart}.csv",
        as_csv,
        methods=["GET"],
        response_class=Response,
        responses=CSV_ANSWER,
        dependencies=staff,
        summary=f"{summary}, as CSV",
        operation_id=f"dashboard_{name}_csv",
    )


_mount("members-by-status", None, "Readers by account status at the end of each month")
_mount("new-members", None, "Memberships started each day, with or without a trial")
_mount("trials", None, "Free trials by month started, and how many converted")
_mount("cancellations", None, "Memberships cancelled each month, by reason")
_mount("revenue", "marketing", "Charges kept and refunded per month (marketing)")
_mount("referral-conversions", None, "Referrals made and converted per month")
