"""DataFrames and rows become the kind's CSV, and a misfit fails before sending with its row and column."""

from __future__ import annotations

import re
from datetime import date, datetime

import httpx
import pandas as pd
import pytest

from charts_service import InvalidData
from charts_service.layouts import csv_for

from .fake_api import CREATED, FakeApi


def test_a_dataframe_becomes_csv_with_its_named_index_first() -> None:
    frame = pd.DataFrame({"Labour": [412.0, 202.5], "Greens": [1, None]}, index=pd.Index([2024, 2019], name="year"))
    assert csv_for("line", frame) == "year,Labour,Greens\n2024,412,1\n2019,202.5,\n"


def test_a_default_index_is_left_out_and_dates_are_iso() -> None:
    frame = pd.DataFrame({"day": pd.to_datetime(["2026-01-01", "2026-01-02"]), "value": [1, 2]})
    assert csv_for("line", frame) == "day,value\n2026-01-01,1\n2026-01-02,2\n"


def test_rows_as_dicts_or_lists() -> None:
    assert csv_for("pie", [{"party": "A", "seats": 1}, {"party": "B, the other", "seats": 2}]) == 'party,seats\nA,1\n"B, the other",2\n'
    assert (
        csv_for("line", [["month", "value"], [date(2026, 1, 1), 3], [datetime(2026, 2, 1), 4]])
        == "month,value\n2026-01-01,3\n2026-02-01,4\n"
    )


def test_csv_text_is_sent_as_it_is() -> None:
    assert csv_for("sankey", "anything,at,all\n") == "anything,at,all\n"


def test_a_text_cell_in_a_number_column_fails_at_its_row_and_column() -> None:
    frame = pd.DataFrame({"party": ["A", "B", "C"], "seats": [1, "n/a", 3]})
    with pytest.raises(InvalidData) as caught:
        csv_for("horizontal-bar", frame)
    assert (caught.value.row, caught.value.column, caught.value.checked_locally) == (3, "seats", True)
    assert "horizontal-bar chart needs a category column" in caught.value.message
    assert 'row 3, column "seats"; checked before sending' in str(caught.value)


@pytest.mark.parametrize(
    ("kind", "rows", "problem"),
    [
        ("line", [["only"], [1]], "1 column; at least 2 expected"),
        ("range", [["c", "start"], ["a", 1]], "2 columns; at least 3 expected"),
        ("scatter", [["x", "y", "z", "w"], [1, 2, 3, 4]], "4 number columns"),
        ("sankey", [["from", "to", "v"], ["a", "a", 1]], 'links "a" to itself'),
        ("sankey", [["from", "to", "v"], ["a", "b", -1]], "negative value -1"),
        ("boxplot", [["g", "a", "b"], ["x", 1, 2]], "3 columns; 2 (group, value) or 6"),
        ("treemap", [["v", "label"], [1, "a"]], "first column must be a label"),
        ("candlestick", [["d", "o", "h", "l"], ["2026-01-01", 1, 2, 0]], "4 columns; 5 to 6 expected"),
    ],
)
def test_each_kind_checks_its_layout(kind: str, rows: list[list[object]], problem: str) -> None:
    with pytest.raises(InvalidData, match=re.escape(problem)):
        csv_for(kind, rows)


def test_numeric_text_counts_as_numbers_as_on_the_server() -> None:
    assert csv_for("pie", [["label", "value"], ["a", "1,234.5"]]) == 'label,value\na,"1,234.5"\n'


def test_create_with_a_misfit_sends_nothing() -> None:
    api = FakeApi().queue(httpx.Response(201, json=CREATED))
    with pytest.raises(InvalidData):
        api.client().charts.create("pie", data=pd.DataFrame({"label": ["a"], "value": ["x"]}))
    assert api.requests == []


def test_set_data_reads_the_kind_when_not_given() -> None:
    chart = {**CREATED, "kind": "pie", "series": [], "meta": {}}
    api = FakeApi().queue(httpx.Response(200, json=chart), httpx.Response(200, json=chart))
    api.client().charts.set_data("ch_1", pd.DataFrame({"label": ["a"], "value": [1]}))
    assert [r.method for r in api.requests] == ["GET", "PUT"]
    assert api.requests[1].headers["Content-Type"] == "text/csv; charset=utf-8"
    assert api.requests[1].content == b"label,value\na,1\n"
