"""The dashboard's wire shapes: one shape for every chart, so the console draws them all with
the same components and every CSV comes out of the same rows."""

from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import BaseModel, Field

Bucket = Literal["month", "day"]
Unit = Literal["members", "memberships", "trials", "cancellations", "referrals", "cents"]
ChartId = Literal[
    "members-by-status",
    "new-members",
    "trials",
    "cancellations",
    "revenue",
    "referral-conversions",
]


class Series(BaseModel):
    key: str = Field(description="Stable id of the series (a status, a reason code, ...)")
    label: str = Field(description="What the legend and the CSV header call it")
    values: list[int] = Field(description="One number per bucket, in the order of `buckets`")


class Chart(BaseModel):
    chart: ChartId
    title: str
    bucket: Bucket = Field(description="Each value counts one month or one day (UTC)")
    start: date = Field(description="The first day counted")
    end: date = Field(description="The last day counted")
    buckets: list[str] = Field(description="YYYY-MM (month) or YYYY-MM-DD (day), oldest first")
    unit: Unit = Field(description="What the values count; `cents`: minor units of `currency`")
    currency: str | None = Field(default=None, description="ISO 4217, for `cents` only")
    stacked: bool = Field(description="The series add up to a total per bucket")
    series: list[Series]
    note: str = Field(description="How the numbers are counted, in a sentence or two")
