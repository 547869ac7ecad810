"""Own data for a chart: a pandas DataFrame, rows, or CSV text, written as the CSV the API takes.

A DataFrame's named or non-default index becomes its first column. The table is sent in whatever
shape it has: the service reads it with the chart's column roles (``meta.columns``) or chooses
them from the columns' types, and its 422 says what does not fit (and proposes roles), so the
client does not judge the layout itself. CSV text is sent as it is.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from .errors import InvalidData
from .roles import check_column_names


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


def csv_for(data: Any, roles: Mapping[str, str | list[str]] | None = None) -> str:
    """CSV text for ``data``: a DataFrame or rows written as CSV (after checking that the columns
    ``roles`` name are theirs), CSV text as it is (the service checks it)."""
    if isinstance(data, str):
        return data
    if isinstance(data, bytes):
        return data.decode("utf-8")
    columns = columns_of(data)
    if roles:
        check_column_names(roles, [column.name for column in columns])
    return to_csv(columns)
