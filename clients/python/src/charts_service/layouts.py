"""Own data for a chart: a pandas DataFrame, rows, or CSV text, written as the CSV the API takes.

A DataFrame or rows are checked against the kind's column layout before anything is sent (the
server's rules, src/domain/layouts.ts), so a misfit fails at once with ``InvalidData`` naming the
row and column, as the server's 422 would. CSV text is sent as it is; the server checks it.

Layouts: most kinds take a category or period column, then one number column per series; a
DataFrame's named or non-default index becomes that first column.
"""

from __future__ import annotations

import csv
import io
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from .errors import InvalidData

LAYOUTS: dict[str, str] = {
    "line": "a category or period column, then one number column per series",
    "horizontal-bar": "a category column, then one number column per series",
    "themeriver": "a period column, then one number column per series",
    "multiples": "a category or period column, then one number column per series",
    "radar": "an axis (category) column, then one number column per series",
    "pie": "a label column, then one or more number columns (the first visible one is drawn)",
    "map": "a region column (ISO code or name), then one or more number columns",
    "treemap": "one label column (or several, forming the path), then number column(s); nested paths take exactly one",
    "scatter": "an optional label column, then x, y and an optional size number column; an optional second text column groups points",
    "dot": "a category column, then two or more number columns",
    "range": "a category column, then a start and an end number column",
    "arrow": "a category column, then a start and an end number column",
    "candlestick": "date, open, high, low, close and an optional volume column",
    "heatmap": "x, y and a number value column; or a date column and one number column for a calendar",
    "sankey": "source, target and a non-negative number value column",
    "boxplot": "group and value (raw samples), or group, min, q1, median, q3, max",
    "table": "any columns",
}

_number_text = re.compile(r"^[+-]?(?:\d+|\d{1,3}(?:,\d{3})+)?(?:\.\d+)?(?:[eE][+-]?\d+)?$")


@dataclass(frozen=True)
class Column:
    name: str
    values: list[Any]


def _missing(value: Any) -> bool:
    if value is None:
        return True
    if isinstance(value, float) and math.isnan(value):
        return True
    # pandas' NA and NaT, without importing pandas.
    return type(value).__name__ in ("NAType", "NaTType")


def _number(value: Any) -> float | None:
    """The value as the server would read its CSV cell: a number, or None if it is not one."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str) and re.search(r"\d", value) and _number_text.match(value):
        return float(value.replace(",", ""))
    return None


def _cell(value: Any) -> str:
    if _missing(value):
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, datetime):
        if (value.hour, value.minute, value.second, value.microsecond) == (0, 0, 0, 0) and value.tzinfo is None:
            return value.date().isoformat()
        return value.isoformat()
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, float):
        if math.isinf(value):
            raise ValueError("A cell holds infinity, which a chart cannot show; use None for a missing value.")
        return str(int(value)) if value.is_integer() and abs(value) < 1e15 else repr(value)
    return str(value)


def _is_dataframe(data: Any) -> bool:
    return hasattr(data, "columns") and hasattr(data, "reset_index") and hasattr(data, "dtypes")


def _dataframe_columns(frame: Any) -> list[Column]:
    index = frame.index
    default_index = type(index).__name__ == "RangeIndex" and index.name is None and getattr(index, "start", 0) == 0
    if not default_index:
        frame = frame.reset_index()
    return [Column(str(name), frame[name].tolist()) for name in frame.columns]


def _row_columns(rows: Sequence[Any]) -> list[Column]:
    if not rows:
        return []
    if isinstance(rows[0], Mapping):
        names: list[str] = []
        for row in rows:
            for key in row:
                if str(key) not in names:
                    names.append(str(key))
        return [Column(name, [row.get(name) for row in rows]) for name in names]
    header, *body = [list(row) for row in rows]
    for number, row in enumerate(body, start=2):
        if len(row) != len(header):
            raise InvalidData(
                422,
                "invalid_data",
                f"Row {number} has {len(row)} cells but the header has {len(header)}.",
                {"row": number},
                checked_locally=True,
            )
    return [Column(str(name), [row[i] for row in body]) for i, name in enumerate(header)]


def columns_of(data: Any) -> list[Column]:
    """The columns of a DataFrame, a list of dicts, or a list of rows whose first row is the header."""
    if _is_dataframe(data):
        return _dataframe_columns(data)
    if isinstance(data, Sequence) and not isinstance(data, (str, bytes)):
        return _row_columns(data)
    if isinstance(data, Iterable) and not isinstance(data, (str, bytes, Mapping)):
        return _row_columns(list(data))
    raise TypeError(f"data must be a pandas DataFrame, CSV text, or a list of rows, not {type(data).__name__}.")


def to_csv(columns: Sequence[Column]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([column.name for column in columns])
    for row in range(len(columns[0].values) if columns else 0):
        writer.writerow([_cell(column.values[row]) for column in columns])
    return out.getvalue()


class _Check:
    def __init__(self, kind: str, columns: Sequence[Column]) -> None:
        self.kind, self.columns = kind, columns

    def fail(self, problem: str, row: int | None = None, column: str | None = None) -> None:
        details = {key: value for key, value in (("row", row), ("column", column)) if value is not None}
        raise InvalidData(422, "invalid_data", f"{problem} A {self.kind} chart needs {LAYOUTS[self.kind]}.", details, checked_locally=True)

    def numeric(self, index: int) -> bool:
        return all(_missing(v) or _number(v) is not None for v in self.columns[index].values)

    def require_numeric(self, index: int) -> None:
        column = self.columns[index]
        for row, value in enumerate(column.values):
            if not _missing(value) and _number(value) is None:
                self.fail(
                    f'Column {index + 1} ("{column.name}") must hold numbers, but row {row + 2} has "{_cell(value)}".',
                    row=row + 2,
                    column=column.name,
                )

    def require_count(self, low: int, high: float = math.inf) -> None:
        count = len(self.columns)
        if low <= count <= high:
            return
        expected = f"{low}" if low == high else f"at least {low}" if high == math.inf else f"{low} to {int(high)}"
        self.fail(f"The data has {count} column{'' if count == 1 else 's'}; {expected} expected.")

    def wide(self, min_series: int) -> None:
        self.require_count(1 + min_series)
        for index in range(1, len(self.columns)):
            self.require_numeric(index)

    def run(self) -> None:
        kind = self.kind
        if kind in ("line", "horizontal-bar", "themeriver", "multiples", "radar", "pie", "map"):
            self.wide(1)
        elif kind in ("dot", "range", "arrow"):
            self.wide(2)
        elif kind == "treemap":
            self.require_count(2)
            first = next((i for i in range(len(self.columns)) if self.numeric(i)), -1)
            if first < 1:
                self.fail("The first column must be a label, not numbers." if first == 0 else "No column holds numbers.")
            if first > 1 and len(self.columns) - first != 1:
                self.fail(f"A nested treemap ({first} path columns) takes exactly one value column, not {len(self.columns) - first}.")
        elif kind == "scatter":
            self.require_count(2, 5)
            numbers = sum(1 for i in range(len(self.columns)) if self.numeric(i))
            if not 2 <= numbers <= 3:
                self.fail(f"The data has {numbers} number columns; 2 (x, y) or 3 (x, y, size) expected.")
        elif kind == "candlestick":
            self.require_count(5, 6)
            for index in range(1, len(self.columns)):
                self.require_numeric(index)
        elif kind == "heatmap":
            self.require_count(2, 3)
            self.require_numeric(len(self.columns) - 1)
        elif kind == "sankey":
            self.require_count(3, 3)
            self.require_numeric(2)
            source, target, value = self.columns
            for row, (a, b, amount) in enumerate(zip(source.values, target.values, value.values, strict=True), start=2):
                if _missing(a) or _missing(b):
                    self.fail(f"Row {row} has an empty source or target.", row=row)
                if str(a) == str(b):
                    self.fail(f'Row {row} links "{a}" to itself; a flow must go from one node to another.', row=row)
                number = _number(amount)
                if number is not None and number < 0:
                    self.fail(f"Row {row} has a negative value {_cell(amount)}.", row=row)
        elif kind == "boxplot":
            if len(self.columns) not in (2, 6):
                self.fail(f"The data has {len(self.columns)} columns; 2 (group, value) or 6 (group, min, q1, median, q3, max) expected.")
            for index in range(1, len(self.columns)):
                self.require_numeric(index)
        elif kind == "table":
            self.require_count(1)


def check_layout(kind: str, columns: Sequence[Column]) -> None:
    """Raises ``InvalidData`` (``checked_locally``) when the columns do not fit ``kind``'s layout."""
    if kind in LAYOUTS:
        _Check(kind, columns).run()


def csv_for(kind: str, data: Any) -> str:
    """CSV text for ``data`` (DataFrame, rows or CSV text), checked against ``kind``'s layout."""
    if isinstance(data, str):
        return data
    if isinstance(data, bytes):
        return data.decode("utf-8")
    columns = columns_of(data)
    check_layout(kind, columns)
    return to_csv(columns)
