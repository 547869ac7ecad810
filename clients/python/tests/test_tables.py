"""DataFrames and rows become CSV in whatever shape they have; the service reads them with their roles."""

from __future__ import annotations

from datetime import date, datetime

import httpx
import pandas as pd
import pytest

from charts_service import InvalidData
from charts_service.tables import csv_for

from .fake_api import CREATED, FakeApi


def test_a_dataframe_becomes_csv_with_its_named_index_first() -> None:
    frame = pd.DataFrame({"Labour": [412.0, 202.5], "Greens": [1, None]}, index=pd.Index([2024, 2019], name="year"))
    assert csv_for(frame) == "year,Labour,Greens\n2024,412,1\n2019,202.5,\n"


def test_a_default_index_is_left_out_and_dates_are_iso() -> None:
    frame = pd.DataFrame({"day": pd.to_datetime(["2026-01-01", "2026-01-02"]), "value": [1, 2]})
    assert csv_for(frame) == "day,value\n2026-01-01,1\n2026-01-02,2\n"


def test_rows_as_dicts_or_lists() -> None:
    assert csv_for([{"party": "A", "seats": 1}, {"party": "B, the other", "seats": 2}]) == 'party,seats\nA,1\n"B, the other",2\n'
    assert csv_for([["month", "value"], [date(2026, 1, 1), 3], [datetime(2026, 2, 1), 4]]) == "month,value\n2026-01-01,3\n2026-02-01,4\n"


def test_csv_text_is_sent_as_it_is() -> None:
    assert csv_for("anything,at,all\n") == "anything,at,all\n"


def test_numeric_text_is_written_as_it_is() -> None:
    assert csv_for([["label", "value"], ["a", "1,234.5"]]) == 'label,value\na,"1,234.5"\n'


def test_ragged_rows_fail_before_sending_at_their_row() -> None:
    with pytest.raises(InvalidData) as caught:
        csv_for([["a", "b"], [1, 2], [3]])
    assert (caught.value.row, caught.value.checked_locally) == (3, True)


def test_a_frame_off_the_kinds_layout_is_sent_for_the_service_to_read() -> None:
    # Ten columns with text among the numbers: the service chooses roles (or proposes them), not the client.
    frame = pd.DataFrame({"Nr": [1, 2], "Wahlkreis": ["Nord", "Süd"], "Land": ["SH", "BY"], "CDU": [30.5, 41.0], "SPD": [25.7, 20.1]})
    api = FakeApi().queue(httpx.Response(201, json=CREATED))
    api.client().charts.create("horizontal-bar", data=frame)
    assert api.body()["data"] == "Nr,Wahlkreis,Land,CDU,SPD\n1,Nord,SH,30.5,25.7\n2,Süd,BY,41,20.1\n"


def test_set_data_sends_the_csv_alone() -> None:
    chart = {**CREATED, "kind": "pie", "series": [], "meta": {}}
    api = FakeApi().queue(httpx.Response(200, json=chart))
    api.client().charts.set_data("ch_1", pd.DataFrame({"label": ["a"], "value": [1]}))
    assert [r.method for r in api.requests] == ["PUT"]
    assert api.requests[0].headers["Content-Type"] == "text/csv; charset=utf-8"
    assert api.requests[0].content == b"label,value\na,1\n"
