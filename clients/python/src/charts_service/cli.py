"""``charts``: the client from a shell script. Reads CHARTS_URL and CHARTS_KEY.

    charts create data.csv --kind column --title "Seats" --publish
    charts create gapminder.csv --kind scatter --columns x=gdpPercap y=lifeExp size=pop group=continent
    charts list [--search TEXT]
    charts export ch_… png [-o chart.png]
    charts publish ch_… | charts unpublish ch_… | charts get ch_… | charts delete ch_…
    charts link ch_… https://example.org/results.csv [--every 5] | charts refresh ch_…
    charts checks ch_… | charts versions ch_… | charts restore ch_… 3

Prints what a script needs (an id, an embed URL, a path) on stdout, or JSON with ``--json``;
``--json``, ``--url`` and ``--key`` go before or after the command. An error goes to stderr as
the API said it, with exit status 1.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any, cast, get_args

from . import __version__
from .client import Client
from .errors import ChartsServiceError
from .kinds import KIND_ALIASES, KINDS
from .meta import Meta
from .models import Chart, ExportFormat


def _plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value) if not f.name.startswith("_")}
    if isinstance(value, list):
        return [_plain(item) for item in value]
    if isinstance(value, datetime):
        return value.isoformat()
    return value


def _kind(text: str) -> str:
    if text in KIND_ALIASES or text in KINDS:
        return text
    raise argparse.ArgumentTypeError(f"unknown kind {text!r}: one of {', '.join(KINDS)} (or {', '.join(KIND_ALIASES)})")


def _shared_options(*, after_command: bool) -> argparse.ArgumentParser:
    """The options every command takes, before it (``charts --json list``) or after it
    (``charts list --json``). After the command they default to nothing at all, so a value given
    before it is not overwritten by the command's parser."""
    shared = argparse.ArgumentParser(add_help=False)
    unset: dict[str, Any] = {"default": argparse.SUPPRESS} if after_command else {}
    shared.add_argument("--url", help="service address (default: $CHARTS_URL)", **unset)
    shared.add_argument("--key", help="API key (default: $CHARTS_KEY)", **unset)
    shared.add_argument("--json", action="store_true", help="print JSON instead of plain lines", **unset)
    return shared


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="charts", description="Charts service from the shell (CHARTS_URL, CHARTS_KEY).", parents=[_shared_options(after_command=False)]
    )
    parser.add_argument("--version", action="version", version=f"charts-service {__version__}")
    subparsers = parser.add_subparsers(dest="command", required=True)
    shared = _shared_options(after_command=True)

    def command(name: str, help_text: str) -> argparse.ArgumentParser:
        return subparsers.add_parser(name, help=help_text, parents=[shared])

    create = command("create", "make a chart from a CSV file ('-' reads stdin)")
    create.add_argument("csv", help="CSV file: a header row, then data rows")
    create.add_argument("--kind", type=_kind, default="line", help=f"chart kind: {', '.join(KINDS)}; or {', '.join(KIND_ALIASES)}")
    create.add_argument("--title")
    create.add_argument("--subtitle")
    create.add_argument("--source", dest="source_text", help="source line in the footer")
    create.add_argument("--theme")
    create.add_argument("--meta", help='more settings as a JSON object, e.g. \'{"mode": "dark"}\'')
    create.add_argument(
        "--columns",
        nargs="+",
        metavar="ROLE=COLUMN",
        help="which column plays which role, e.g. x=year y=lifeExp series=country (y=a,b for several); chosen from the columns when absent",
    )
    create.add_argument("--folder", dest="folder_id")
    create.add_argument("--publish", action="store_true", help="publish it too, and print the embed URL")

    listing = command("list", "list the workspace's charts")
    listing.add_argument("--search")
    listing.add_argument("--folder", dest="folder_id")
    listing.add_argument("--sort", choices=["updated", "name"])

    for name, help_text in (
        ("get", "show one chart"),
        ("publish", "publish, print the embed URL"),
        ("unpublish", "take the embed down"),
        ("delete", "delete a chart"),
        ("refresh", "read a linked chart's URL now"),
        ("checks", "check a chart's colours for contrast and colour-blind readers"),
        ("versions", "list a chart's versions, newest first"),
    ):
        command(name, help_text).add_argument("id")

    link = command("link", "link a chart to a CSV or JSON file on the web, read now and on a schedule")
    link.add_argument("id")
    link.add_argument("url")
    link.add_argument(
        "--every", type=int, dest="refresh_minutes", metavar="MINUTES", help="read it again every MINUTES (1-1440; default 5)"
    )

    restore = command("restore", "bring a version back as a new version")
    restore.add_argument("id")
    restore.add_argument("version", type=int)

    export = command("export", "export a chart to a file")
    export.add_argument("id")
    export.add_argument("format", choices=get_args(ExportFormat))
    export.add_argument("-o", "--output", help="file to write (default: <id>.<format>; '-' writes stdout)")
    export.add_argument("--scale", type=int)
    export.add_argument("--mode", choices=["light", "dark"])
    return parser


def _meta(args: argparse.Namespace) -> Meta:
    meta: dict[str, Any] = {}
    if args.meta:
        extra = json.loads(args.meta)
        if not isinstance(extra, dict):
            raise SystemExit("charts: --meta must be a JSON object")
        meta.update(extra)
    for field in ("title", "subtitle", "source_text", "theme"):
        value = getattr(args, field)
        if value is not None:
            meta["sourceText" if field == "source_text" else field] = value
    return cast(Meta, meta)


def _columns(pairs: Sequence[str] | None) -> dict[str, str | list[str]] | None:
    """``--columns x=year y=a,b``: a role to one column, or to several separated by commas."""
    if pairs is None:
        return None
    roles: dict[str, str | list[str]] = {}
    for pair in pairs:
        role, equals, names = pair.partition("=")
        if not equals or not role or not names:
            raise SystemExit(f"charts: --columns takes ROLE=COLUMN pairs, not {pair!r}")
        roles[role] = names.split(",") if "," in names else names
    return roles


def run(argv: Sequence[str], client: Client | None = None) -> int:
    args = _parser().parse_args(argv)
    out = sys.stdout

    def emit(plain: str, value: Any) -> None:
        out.write((json.dumps(_plain(value), indent=2) if args.json else plain) + "\n")

    try:
        client = client or Client(args.url, args.key)
        if args.command == "create":
            text = sys.stdin.read() if args.csv == "-" else Path(args.csv).read_text(encoding="utf-8-sig")
            columns = _columns(args.columns)
            chart = client.charts.create(args.kind, data=text, columns=columns, meta=_meta(args), folder_id=args.folder_id)
            if args.publish:
                embed = client.charts.publish(chart.id)
                emit(f"{chart.id}\t{embed.embed_url}", {"chart": chart, "embed": embed})
            else:
                emit(chart.id, chart)
        elif args.command == "list":
            charts = client.charts.list(search=args.search, folder_id=args.folder_id, sort=args.sort)
            emit("\n".join(f"{c.id}\t{c.kind}\t{c.name}\t{c.published.embed_url if c.published else '-'}" for c in charts), charts)
        elif args.command == "get":
            chart = client.charts.get(args.id)
            emit(f"{chart.id}\t{chart.kind}\t{chart.name}\t{chart.embed_url or '-'}", chart)
        elif args.command == "publish":
            embed = client.charts.publish(args.id)
            emit(embed.embed_url, embed)
        elif args.command == "unpublish":
            emit(args.id, client.charts.unpublish(args.id))
        elif args.command == "delete":
            client.charts.delete(args.id)
            emit(args.id, {"deleted": True})
        elif args.command in ("link", "refresh"):
            written = (
                client.charts.link_data(args.id, args.url, refresh_minutes=args.refresh_minutes)
                if args.command == "link"
                else client.charts.refresh(args.id)
            )
            source = written.data_source if isinstance(written, Chart) else None
            emit(f"{args.id}\t{source.last_status if source else '-'}", written)
        elif args.command == "checks":
            checks = client.charts.checks(args.id)
            emit("\n".join(f"{c.id}\t{c.message}" for c in checks), checks)
        elif args.command == "versions":
            versions = client.charts.versions(args.id)
            emit("\n".join(f"{v.version}\t{v.created_at.isoformat()}\t{v.summary}" for v in versions), versions)
        elif args.command == "restore":
            restored = client.charts.restore(args.id, args.version)
            emit(args.id, restored)
        elif args.command == "export":
            content = client.charts.export(args.id, args.format, scale=args.scale, mode=args.mode)
            if args.output == "-":
                sys.stdout.buffer.write(content)
            else:
                target = args.output or f"{args.id}.{args.format}"
                Path(target).write_bytes(content)
                emit(target, {"path": target, "bytes": len(content)})
    except (ChartsServiceError, ValueError, OSError) as error:
        print(f"charts: {error}", file=sys.stderr)
        return 1
    return 0


def main() -> None:
    sys.exit(run(sys.argv[1:]))


if __name__ == "__main__":
    main()
