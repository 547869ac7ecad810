"""The meta generator: TypedDicts from a JSON Schema, and the committed module matches the schema it came from."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "generate_meta.py"


def generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("generate_meta", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["generate_meta"] = module
    spec.loader.exec_module(module)
    return module


def test_objects_enums_and_keyword_keys() -> None:
    schema = {
        "type": "object",
        "properties": {
            "mode": {"type": "string", "enum": ["light", "dark"], "description": "Colours"},
            "w": {"type": "number"},
            "legend": {"type": "object", "properties": {"position": {"const": "top"}}, "required": ["position"]},
            "range": {"type": "object", "properties": {"from": {"type": ["string", "null"]}}},
            "tags": {"type": "array", "items": {"type": "string"}},
            "styles": {"type": "object", "additionalProperties": {"type": "integer"}},
        },
    }
    text = generator().render(schema)
    assert '    mode: Literal["light", "dark"]\n    """Colours"""' in text
    assert "    w: float\n" in text
    assert 'class MetaLegend(TypedDict, total=False):\n    position: Required[Literal["top"]]' in text
    assert 'MetaRange = TypedDict(\n    "MetaRange",\n    {\n        "from": Union[str, None],' in text
    assert "    tags: list[str]\n" in text
    assert "    styles: dict[str, int]\n" in text
    namespace: dict[str, object] = {}
    exec(compile(text, "meta.py", "exec"), namespace)
    assert "Meta" in namespace


def test_meta_patch_takes_each_setting_or_none() -> None:
    schema = {
        "type": "object",
        "properties": {
            "mode": {"type": "string", "enum": ["light", "dark"]},
            "legend": {"type": "object", "properties": {"x": {"type": "number"}}},
        },
    }
    text = generator().render(schema)
    assert "class MetaPatch(TypedDict, total=False):" in text
    assert '    mode: Union[Literal["light", "dark"], None]\n' in text
    assert "    legend: Union[MetaLegend, None]\n" in text
