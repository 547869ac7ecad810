"""Column roles (``meta.columns``): which column of the data plays which role in a chart.

``KIND_ROLES`` is the one list of each kind's roles (the service's table, docs/data.md "Any table:
column roles"); the role keyword arguments of ``charts.create`` and ``charts.update`` and the
check of their names are read from it, so a typo is refused before anything is sent.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from typing_extensions import TypedDict

from .errors import InvalidData, UnknownRole
from .models import ChartKind

_WIDE = ("x", "y", "series")

KIND_ROLES: dict[ChartKind, tuple[str, ...]] = {
    "line": _WIDE,
    "themeriver": _WIDE,
    "multiples": _WIDE,
    "horizontal-bar": _WIDE,
    "dot": _WIDE,
    "radar": _WIDE,
    "range": _WIDE,
    "arrow": _WIDE,
    "pie": ("label", "value"),
    "map": ("region", "value"),
    "treemap": ("path", "value"),
    "scatter": ("x", "y", "size", "label", "group"),
    "heatmap": ("x", "y", "value", "date"),
    "sankey": ("source", "target", "value"),
    "boxplot": ("group", "value", "min", "q1", "median", "q3", "max"),
    "candlestick": ("date", "open", "high", "low", "close", "volume"),
    "table": ("show",),
}
"""Each kind's roles, in the order the service lists them."""

EVERY_ROLE: tuple[str, ...] = tuple(dict.fromkeys(role for roles in KIND_ROLES.values() for role in roles))

ColumnNames = str | Sequence[str]
"""One column's name, or a list of names for the roles that take several (``y``, ``path``, ``show``…)."""

ColumnRoles = Mapping[str, ColumnNames]
"""``meta.columns``: role to column name(s), e.g. ``{"x": "year", "y": "lifeExp", "series": "country"}``."""


class RoleArguments(TypedDict, total=False):
    """The roles as keyword arguments (``x="year", y=["a", "b"]``), for type checkers and editors.
    ``series`` is a parameter of its own (it also takes library series); a test keeps these keys
    equal to ``EVERY_ROLE``."""

    x: ColumnNames
    y: ColumnNames
    size: ColumnNames
    label: ColumnNames
    group: ColumnNames
    value: ColumnNames
    region: ColumnNames
    path: ColumnNames
    date: ColumnNames
    source: ColumnNames
    target: ColumnNames
    min: ColumnNames
    q1: ColumnNames
    median: ColumnNames
    q3: ColumnNames
    max: ColumnNames
    open: ColumnNames
    high: ColumnNames
    low: ColumnNames
    close: ColumnNames
    volume: ColumnNames
    show: ColumnNames


def _names(role: str, named: Any) -> str | list[str]:
    if isinstance(named, str):
        return named
    # Any iterable of names: a list, a tuple, or a slice of a DataFrame's columns (df.columns[1:]).
    names = list(named) if isinstance(named, Iterable) and not isinstance(named, (bytes, Mapping)) else []
    if names and all(isinstance(name, str) for name in names):
        return names
    raise TypeError(f"The {role} role takes a column name or a non-empty list of names, not {named!r}.")


def check_roles(kind: str | None, roles: Mapping[str, Any]) -> dict[str, str | list[str]]:
    """``roles`` as ``meta.columns``, after checking each is a role of ``kind`` (of any kind when
    the kind is not known here): ``UnknownRole``, listing the roles, when one is not."""
    known_kind = kind if kind in KIND_ROLES else None
    valid = KIND_ROLES[known_kind] if known_kind is not None else EVERY_ROLE
    for role in roles:
        if role not in valid:
            raise UnknownRole(role, known_kind, valid)
    return {role: _names(role, named) for role, named in roles.items()}


def check_column_names(roles: Mapping[str, str | list[str]], column_names: Sequence[str]) -> None:
    """Raises ``InvalidData`` (checked locally) for a role naming a column the data does not have,
    as the service's 422 would, with the columns it has."""
    for role, named in roles.items():
        for name in [named] if isinstance(named, str) else named:
            if name not in column_names:
                listed = ", ".join(f'"{column}"' for column in column_names)
                raise InvalidData(
                    422,
                    "invalid_data",
                    f'meta.columns.{role}: "{name}" is not a column of the data; its columns are {listed}.',
                    {"path": f"meta.columns.{role}", "validColumns": list(column_names)},
                    checked_locally=True,
                )


def whole_roles_patch(roles: Mapping[str, str | list[str]]) -> dict[str, str | list[str] | None]:
    """The roles for a merge patch, whole: every role not given is removed (``None``), so roles
    given before do not stay beside the new ones."""
    return {**dict.fromkeys(EVERY_ROLE), **roles}
