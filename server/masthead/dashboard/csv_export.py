"""A chart's numbers as CSV: a header row (the bucket, then each series' label), one row per
bucket. Pure.

Cells a spreadsheet would read as a formula (starting with = + - @, a tab or a carriage
return) get a leading apostrophe: a cancel reason is free text a reader typed, and a CSV
opened in a spreadsheet must not run it (OWASP's CSV injection advice).
"""

from __future__ import annotations

import csv
import io
from decimal import Decimal

from masthead.dashboard.schemas import Chart

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def escape_cell(value: str) -> str:
    return "'" + value if value.startswith(FORMULA_STARTS) else value


def _amount(cents: int) -> str:
    return str((Decimal(cents) / 100).quantize(Decimal("0.01")))


def header(chart: Chart) -> list[str]:
    unit = f" ({chart.currency})" if chart.unit == "cents" and chart.currency else ""
    first = "Month" if chart.bucket == "month" else "Day"
    return [first, *(series.label + unit for series in chart.series)]


def to_csv(chart: Chart) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([escape_cell(cell) for cell in header(chart)])
    for index, bucket in enumerate(chart.buckets):
        values = [series.values[index] for series in chart.series]
        cells = [_amount(v) if chart.unit == "cents" else str(v) for v in values]
        writer.writerow([escape_cell(bucket), *cells])
    return out.getvalue()


def filename(chart: Chart) -> str:
    return f"masthead-{chart.chart}-{chart.start.isoformat()}-to-{chart.end.isoformat()}.csv"
