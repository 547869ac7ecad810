"""The notebook in examples/ runs as written against a real service, and shows what it says."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from charts_service import Chart, Embed

from .conftest import Service

NOTEBOOK = Path(__file__).resolve().parents[2] / "examples" / "quickstart.ipynb"


def test_the_quickstart_notebook_runs_and_shows_the_responsive_embed(
    service: Service, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CHARTS_URL", service.url)
    monkeypatch.setenv("CHARTS_KEY", service.keys["editor"])
    monkeypatch.chdir(tmp_path)  # the notebook writes seats.png where it runs
    cells = [cell for cell in json.loads(NOTEBOOK.read_text())["cells"] if cell["cell_type"] == "code"]
    namespace: dict[str, object] = {}
    for number, cell in enumerate(cells, start=1):
        exec(compile("".join(cell["source"]), f"{NOTEBOOK.name} cell {number}", "exec"), namespace)

    chart, embed = namespace["chart"], namespace["embed"]
    assert isinstance(chart, Chart) and isinstance(embed, Embed)
    assert chart.meta == {"orientation": "vertical", "title": "Who won the seats", "sourceText": "House of Commons Library"}
    assert embed._repr_html_() == embed.responsive_iframe and "<script async src=" in embed.responsive_iframe
    assert (tmp_path / "seats.png").read_bytes()[:4] == b"\x89PNG"
    printed = capsys.readouterr().out
    assert "404 not_found" in printed
    assert printed.startswith('3 seats column 2 ("seats") must hold numbers')  # the service named the row and column
    assert "/embed/" in printed
