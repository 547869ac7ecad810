"""The wheel as a package index shows it: a licence file, project URLs, and a README that reads
on its own (no links or paths into the repository it was built from)."""

from __future__ import annotations

import re
import zipfile
from email.message import Message
from email.parser import Parser
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    from hatchling.builders.wheel import WheelBuilder  # the build backend pyproject.toml names

    built = list(WheelBuilder(str(PROJECT)).build(directory=str(tmp_path_factory.mktemp("wheel")), versions=["standard"]))
    assert len(built) == 1
    return zipfile.ZipFile(built[0])


def _metadata(wheel: zipfile.ZipFile) -> Message:
    name = next(n for n in wheel.namelist() if n.endswith(".dist-info/METADATA"))
    return Parser().parsestr(wheel.read(name).decode())


def test_the_wheel_carries_the_licence_file_and_names_it(wheel: zipfile.ZipFile) -> None:
    licence = next(n for n in wheel.namelist() if n.endswith(".dist-info/licenses/LICENSE"))
    assert wheel.read(licence).decode() == (PROJECT / "LICENSE").read_text()
    metadata = _metadata(wheel)
    assert metadata["License-Expression"] == "LicenseRef-Proprietary"
    assert metadata.get_all("License-File") == ["LICENSE"]


def test_the_wheel_names_its_project_urls(wheel: zipfile.ZipFile) -> None:
    urls = dict(url.split(", ", 1) for url in _metadata(wheel).get_all("Project-URL") or [])
    assert set(urls) >= {"Homepage", "Documentation"}
    assert all(url.startswith("https://") for url in urls.values())


def test_the_readme_reads_on_a_package_index(wheel: zipfile.ZipFile) -> None:
    metadata = _metadata(wheel)
    assert metadata["Description-Content-Type"] == "text/markdown"
    readme = metadata.get_payload()
    assert isinstance(readme, str) and readme.startswith("# charts-service")
    # A package index shows the README alone: no relative links, no paths into this repository.
    links = re.findall(r"\]\(([^)]+)\)", readme)
    assert [link for link in links if not link.startswith("https://")] == []
    for path in ("docs/", "clients/", "scripts/", "src/", "tests/", ".venv"):
        assert path not in readme, path


def test_the_wheel_holds_the_package_and_its_typing_marker(wheel: zipfile.ZipFile) -> None:
    names = wheel.namelist()
    assert "charts_service/py.typed" in names
    assert "charts_service/kinds.py" in names
    assert not [n for n in names if n.startswith("tests/")]
