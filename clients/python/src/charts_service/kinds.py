"""Everyday names for chart kinds. The API has one bar kind, ``horizontal-bar``, drawn as vertical
columns with ``meta.orientation = "vertical"`` (docs/rendering.md); ``kind="column"`` says that in
one word, and the client sends the kind and the setting it stands for.

    client.charts.create(df, kind="column", title="Seats")
    # POST /v1/charts {"kind": "horizontal-bar", "meta": {"orientation": "vertical", "title": "Seats"}, …}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, get_args

from .models import ChartKind

KindAlias = Literal["column", "bar", "area", "donut", "stream"]

KindName = ChartKind | KindAlias
"""A kind as ``create`` and ``update`` take it: one of the API's kinds, or an alias."""

KIND_ALIASES: dict[KindAlias, tuple[ChartKind, dict[str, Any]]] = {
    "column": ("horizontal-bar", {"orientation": "vertical"}),
    "bar": ("horizontal-bar", {"orientation": "horizontal"}),
    "area": ("line", {"area": True}),
    "donut": ("pie", {"donut": True}),
    "stream": ("themeriver", {}),
}
"""Each alias: the API's kind, and the settings it implies."""

KINDS: tuple[str, ...] = get_args(ChartKind)

_ALIASES_BY_NAME: dict[str, tuple[ChartKind, dict[str, Any]]] = {str(name): alias for name, alias in KIND_ALIASES.items()}


def resolve_kind(name: str | None) -> tuple[str | None, dict[str, Any]]:
    """The API's kind for ``name`` and the settings an alias implies; any other name is sent as
    it is (the service names the kinds when it does not know one)."""
    alias = _ALIASES_BY_NAME.get(name) if name is not None else None
    if alias is None:
        return name, {}
    kind, settings = alias
    return kind, dict(settings)


def with_implied_settings(meta: Mapping[str, Any] | None, implied: Mapping[str, Any], kind_name: str | None) -> dict[str, Any] | None:
    """``meta`` with the settings an alias implies; a setting given otherwise is refused, since
    ``kind="column"`` with ``orientation="horizontal"`` cannot be both."""
    if not implied:
        return None if meta is None else dict(meta)
    given = dict(meta or {})
    for key, value in implied.items():
        if key in given and given[key] != value:
            raise TypeError(f"kind={kind_name!r} means meta[{key!r}] = {value!r}, but meta gives {given[key]!r}.")
    return {**implied, **given}
