/**
 * The hand-written surface over the generated types: `client.charts.create(…)`, exports as
 * `Uint8Array` or `Blob`, typed path parameters (a version is a number, a format one of four), ids
 * checked before sending, `If-Match` on every write the service makes conditional.
 */
import { type Rows, toCsv } from "./csv.js";
import { InvalidId } from "./errors.js";
import type * as Api from "./generated/openapi.js";
import { type Call, type ClientOptions, Http, newIdempotencyKey } from "./http.js";
import { type ColumnRoles, checkedRoles, wholeRolesPatch } from "./roles.js";

export type Chart = Api.Chart;
export type ChartCreated = Api.ChartCreated;
export type ChartListItem = Api.ChartListAnswer["charts"][number];
export type ChartWriteReceipt = Api.ChartWriteReceipt;
export type ChartKind = Api.Chart["kind"];
export type Meta = NonNullable<Api.CreateChart["meta"]>;
/**
 * A JSON merge patch of `T` (RFC 7386, as `PATCH` applies `meta`): every key optional, objects
 * merged key by key, `null` removes a key, a list replaced whole.
 */
export type MergePatch<T> = T extends readonly unknown[] ? T : T extends object ? { [K in keyof T]?: MergePatch<T[K]> | null } : T;
/** `meta` of an update: typed like `create`'s, as a merge patch. */
export type MetaPatch = MergePatch<Meta>;
export type SeriesReference = NonNullable<Api.CreateChart["series"]>[number];
export type Published = Api.Published;
export type ChartVersionItem = Api.ChartVersionList["versions"][number];
export type ChartVersion = Api.ChartVersion;
export type ColorCheck = Api.ColorCheck;
export type DataSource = Api.DataSource;
/**
 * What a chart write may add to its answer: `warnings` names each unknown `meta` setting the write
 * stored (kept as sent, since a client may keep its own settings), with the closest known one,
 * e.g. `unknown setting "titel" — did you mean "title"?`. Absent when there is nothing to say.
 */
export interface WriteWarnings {
	warnings?: string[];
}
/** A chart write's answer: the chart, or `{ id, version, updatedAt }` for a key without `chart:read`. */
export type ChartWritten = (Chart | ChartWriteReceipt) & WriteWarnings;
export type Folder = Api.Folder;
export type Theme = Api.ThemeList["themes"][number];
export type Statistic = Api.StatisticList["statistics"][number];
export type Source = Api.SourceList["sources"][number];
export type DimensionValue = Api.DimensionValueList["values"][number];
export type ExportFormat = Api.PathParameters["getV1ChartsIdExportFormat"]["format"];
/** A PNG's pixel density: 1 to 4 (the service's default is 2). */
export type ExportScale = 1 | 2 | 3 | 4;
/** `scale` (PNG, 1–4; w·h·scale² at most 16 megapixels), `w`/`h` (100–4000 px), `mode`, `transparent`. */
export type ExportOptions = Omit<NonNullable<Api.QueryParameters["getV1ChartsIdExportFormat"]>, "transparent" | "scale"> & {
	scale?: ExportScale;
	transparent?: boolean | "true" | "false";
};
/** `search`, `folderId`, `sort`: `list` answers every chart that matches, in one array. */
export type ChartListQuery = Omit<Api.QueryParameters["getV1Charts"], "limit" | "cursor">;
/** A version number, from 1. */
export type VersionNumber = Api.PathParameters["getV1ChartsIdVersionsN"]["n"];

export const exportFormats: readonly ExportFormat[] = ["png", "svg", "pdf", "csv"];

export interface WriteOptions {
	/**
	 * Only write if the chart is still at this version: its `version` (a number), or its `ETag` as
	 * the service sent it (`"7"`, `W/"7"`, or `*` for any); else 412 `PreconditionFailed`.
	 */
	ifMatch?: string | number;
}

export interface LinkOptions extends WriteOptions {
	/** Minutes between reads, 1–1440 (the service's default is 5). */
	refreshMinutes?: number;
}

export interface IdempotentOptions {
	/** Replays the first answer for a repeat within 24 hours; one is made when none is given. */
	idempotencyKey?: string;
}

/** The data of a create or update, and which column plays which role in it. */
export interface TableInput<K extends ChartKind> {
	kind?: K;
	/** CSV text, or rows (objects, or arrays with a header row first). */
	data?: string | Rows;
	/** Rows as objects (or arrays with a header row first), written as CSV: the same as rows in `data`. */
	rows?: Rows;
	/**
	 * Which column plays which role (`meta.columns`), e.g. `{ x: "year", y: "lifeExp", series:
	 * "country" }`; typed by `kind`. Absent: the service chooses the roles from the columns' types.
	 */
	columns?: ColumnRoles<K>;
}

export type CreateChartInput<K extends ChartKind = ChartKind> = Omit<Api.CreateChart, "data" | "kind"> & TableInput<K>;

/**
 * A chart's changes, in one version: `meta` is a JSON merge patch; `data` or `rows` replace its
 * data; `columns` replace its roles whole (`{}` removes them), and new data is read with them.
 */
export type UpdateChartInput<K extends ChartKind = ChartKind> = Omit<Api.PatchChart, "data" | "kind" | "meta"> &
	Omit<TableInput<K>, "data"> & {
		/** CSV text or rows that replace the chart's data (and end a link); `null` removes its data (own, linked or statistics). */
		data?: string | Rows | null;
		/** A merge patch of the chart's settings: keys given change, `null` removes one. */
		meta?: MetaPatch;
	};

export interface CopyChartInput extends Omit<Api.CopyChart, "data"> {
	data?: string | Rows;
}

const idTail = "[A-Za-z0-9_-]{1,64}";
const chartId = new RegExp(`^ch_${idTail}$`);
const folderId = new RegExp(`^fd_${idTail}$`);

/**
 * An id as a path segment: refused (`InvalidId`) unless it is of its kind's shape, so `.`, `..`
 * or a folder id can never reach another route; escaped all the same.
 */
function idSegment(id: string, pattern: RegExp, expected: string): string {
	if (typeof id !== "string" || !pattern.test(id)) throw new InvalidId("id", id, expected);
	return encodeURIComponent(id);
}

const chartSeg = (id: string) => idSegment(id, chartId, "a chart id (ch_ followed by 1 to 64 letters, digits, _ or -)");
const folderSeg = (id: string) => idSegment(id, folderId, "a folder id (fd_ followed by 1 to 64 letters, digits, _ or -)");

/** A library id (a source, a dimension) as a path segment: any text but one a URL would fold away. */
function librarySegment(argument: string, value: string): string {
	if (typeof value !== "string" || value === "" || value === "." || value === "..") {
		throw new InvalidId(argument, value, `a ${argument} id (from sources.list())`);
	}
	return encodeURIComponent(value);
}

function csvOf(data: string | Rows | undefined): string | undefined {
	return data === undefined || typeof data === "string" ? data : toCsv(data);
}

/** The CSV of `data` or `rows` (refused when both are given); `null` (an update's "remove the data") as it is. */
function tableCsv(input: { data?: string | Rows | null; rows?: Rows }): string | null | undefined {
	if (input.data !== undefined && input.rows !== undefined) throw new TypeError("Give the data once: data or rows, not both.");
	return input.data === null ? null : csvOf(input.rows ?? input.data);
}

/** `meta` with the roles as `meta.columns`; refused when `meta.columns` says them too. */
function metaWithRoles<M extends object>(meta: M | undefined, roles: object | undefined): M | undefined {
	if (roles === undefined) return meta;
	if (meta !== undefined && "columns" in meta) throw new TypeError("The roles are given twice: in meta.columns and in columns.");
	return { ...meta, columns: roles } as M;
}

/** A create's or update's body: its table as CSV in `data`, its roles in `meta.columns`. */
function chartBody<K extends ChartKind, M extends object>(
	input: Omit<TableInput<K>, "data"> & { data?: string | Rows | null; meta?: M },
	roles: (checked: Record<string, string | string[]>) => object | undefined,
	defaultKind?: ChartKind,
): Record<string, unknown> {
	const { data, rows, columns, meta, ...rest } = input;
	const csv = tableCsv({ data, rows });
	const checked = columns === undefined ? undefined : checkedRoles(input.kind ?? defaultKind, columns);
	const merged = metaWithRoles(meta, checked && roles(checked));
	return { ...rest, ...(csv === undefined ? {} : { data: csv }), ...(merged === undefined ? {} : { meta: merged }) };
}

function versionSegment(n: VersionNumber): string {
	if (!Number.isInteger(n) || n < 1) throw new RangeError(`A version is a whole number from 1, not ${n}.`);
	return String(n);
}

/** `If-Match` for a write: a version number quoted as the service's ETags are, an ETag as it is. */
function ifMatch(options: WriteOptions | undefined): Record<string, string> {
	const tag = options?.ifMatch;
	if (tag === undefined) return {};
	if (typeof tag === "number" || /^\d+$/.test(tag)) {
		if (!Number.isSafeInteger(Number(tag)) || Number(tag) < 1) throw new RangeError(`ifMatch is a version from 1, not ${tag}.`);
		return { "If-Match": `"${Number(tag)}"` };
	}
	if (tag === "*" || /^(W\/)?"[^"]*"$/.test(tag)) return { "If-Match": tag };
	throw new TypeError(`ifMatch is a chart's version (7) or its ETag ("7"), not ${JSON.stringify(tag)}.`);
}

class Resource {
	constructor(protected readonly http: Http) {}
}

export class Charts extends Resource {
	/**
	 * Makes a chart from `data` or `rows` (any table: name its columns' roles in `columns`, or let
	 * the service choose them) or from library `series`; sends an Idempotency-Key. A role the kind
	 * does not have throws `UnknownRole` before sending.
	 */
	async create<K extends ChartKind = "line">(
		input: CreateChartInput<K> = {},
		options: IdempotentOptions = {},
	): Promise<ChartCreated & WriteWarnings> {
		// No roles at all ({}) is the same as none given: the service chooses them.
		const json = chartBody(input, (roles) => (Object.keys(roles).length > 0 ? roles : undefined), "line");
		return this.http.json({
			method: "POST",
			path: "/v1/charts",
			json,
			idempotencyKey: options.idempotencyKey ?? newIdempotencyKey(),
		});
	}

	async get(id: string): Promise<Chart> {
		return this.http.json({ method: "GET", path: `/v1/charts/${chartSeg(id)}` });
	}

	async list(query: ChartListQuery = {}): Promise<ChartListItem[]> {
		return (await this.http.json<Api.ChartListAnswer>({ method: "GET", path: "/v1/charts", query: { ...query } })).charts;
	}

	/**
	 * `meta` is a JSON merge patch, typed like `create`'s: keys given change, `null` removes one.
	 * `data` or `rows` replace the data (`data: null` removes it) and `columns` the roles, whole
	 * (`{}` hands the choice back to the service), all in one version.
	 */
	async update<K extends ChartKind = ChartKind>(id: string, patch: UpdateChartInput<K>, options?: WriteOptions): Promise<ChartWritten> {
		const json = chartBody(patch, wholeRolesPatch);
		return this.http.json({ method: "PATCH", path: `/v1/charts/${chartSeg(id)}`, json, headers: ifMatch(options) });
	}

	/** Deletes the chart and its versions. */
	async delete(id: string, options?: WriteOptions): Promise<void> {
		await this.http.send({ method: "DELETE", path: `/v1/charts/${chartSeg(id)}`, headers: ifMatch(options) });
	}

	async copy(
		id: string,
		input: CopyChartInput = {},
		options: IdempotentOptions = {},
	): Promise<(ChartCreated | ChartWriteReceipt) & WriteWarnings> {
		const { data, ...rest } = input;
		const csv = csvOf(data);
		return this.http.json({
			method: "POST",
			path: `/v1/charts/${chartSeg(id)}/copy`,
			json: csv === undefined ? rest : { ...rest, data: csv },
			idempotencyKey: options.idempotencyKey ?? newIdempotencyKey(),
		});
	}

	/** Replaces the chart's data with CSV text or rows, as own data: a chart linked to a URL stops following it. */
	async setData(id: string, data: string | Rows, options?: WriteOptions): Promise<ChartWritten> {
		return this.http.json({ method: "PUT", path: `/v1/charts/${chartSeg(id)}/data`, csv: csvOf(data) ?? "", headers: ifMatch(options) });
	}

	/**
	 * Links the chart to a CSV, JSON rows or a published Google Sheet at `url`: read once now (a
	 * file that cannot be read or does not fit the kind is `InvalidData`, and nothing is stored),
	 * then every `refreshMinutes`; a published embed follows it. The answer's `dataSource` shows
	 * the reads. `setData` (own data), `update` with `data: null` or with `series`, or restoring a
	 * version on statistics ends the link.
	 */
	async linkData(id: string, url: string, options: LinkOptions = {}): Promise<ChartWritten> {
		const { refreshMinutes } = options;
		return this.http.json({
			method: "PUT",
			path: `/v1/charts/${chartSeg(id)}/data`,
			json: refreshMinutes === undefined ? { url } : { url, refreshMinutes },
			headers: ifMatch(options),
		});
	}

	/**
	 * Reads a linked chart's URL now, without waiting for the schedule: `dataSource.lastStatus` is
	 * `ok` (new data, a published embed redrawn), `unchanged` or `failed` (with `lastError`; the
	 * last good data kept). A published chart on library statistics is redrawn from the library.
	 * `InvalidData` for a chart with own data, which nothing can refresh.
	 */
	async refresh(id: string): Promise<Chart | ChartWriteReceipt> {
		return this.http.json({ method: "POST", path: `/v1/charts/${chartSeg(id)}/data/refresh` });
	}

	/**
	 * The accessibility warnings of the chart's colours in light and dark (contrast, colour-blind
	 * confusion, two series in one colour), as the editor shows them; a series' warning carries a
	 * `suggestion` to set as `meta.seriesStyle[series].color`. Empty when there is nothing to say;
	 * `InvalidData` for a chart without data.
	 */
	async checks(id: string): Promise<ColorCheck[]> {
		return (await this.http.json<Api.ChartChecks>({ method: "GET", path: `/v1/charts/${chartSeg(id)}/checks` })).checks;
	}

	/** Publishes (or republishes: the URL stays) the live embed. */
	async publish(id: string, options: IdempotentOptions & WriteOptions = {}): Promise<Published> {
		return this.http.json({
			method: "POST",
			path: `/v1/charts/${chartSeg(id)}/publish`,
			idempotencyKey: options.idempotencyKey ?? newIdempotencyKey(),
			headers: ifMatch(options),
		});
	}

	async unpublish(id: string, options?: WriteOptions): Promise<Chart | ChartWriteReceipt> {
		return this.http.json({ method: "DELETE", path: `/v1/charts/${chartSeg(id)}/publish`, headers: ifMatch(options) });
	}

	private exportCall(id: string, format: ExportFormat, options: ExportOptions): Call {
		if (!exportFormats.includes(format)) throw new TypeError(`format must be one of ${exportFormats.join(", ")}, not ${String(format)}.`);
		return { method: "GET", path: `/v1/charts/${chartSeg(id)}/export/${format}`, query: { ...options }, accept: "*/*" };
	}

	/** The file's bytes. A busy renderer (503 export_busy) is retried within the budget. */
	async export(id: string, format: ExportFormat, options: ExportOptions = {}): Promise<Uint8Array> {
		const response = await this.http.send(this.exportCall(id, format, options));
		return new Uint8Array(await response.arrayBuffer());
	}

	/** The file as a `Blob` with its media type (for a download link or an `<img>`). */
	async exportBlob(id: string, format: ExportFormat, options: ExportOptions = {}): Promise<Blob> {
		return (await this.http.send(this.exportCall(id, format, options))).blob();
	}

	async versions(id: string): Promise<ChartVersionItem[]> {
		return (await this.http.json<Api.ChartVersionList>({ method: "GET", path: `/v1/charts/${chartSeg(id)}/versions` })).versions;
	}

	async version(id: string, n: VersionNumber): Promise<ChartVersion> {
		return this.http.json({ method: "GET", path: `/v1/charts/${chartSeg(id)}/versions/${versionSegment(n)}` });
	}

	/** Brings back version `n`'s content as a new version; the folder and the publish state stay. */
	async restore(id: string, n: VersionNumber, options: IdempotentOptions & WriteOptions = {}): Promise<ChartWritten> {
		return this.http.json({
			method: "POST",
			path: `/v1/charts/${chartSeg(id)}/versions/${versionSegment(n)}/restore`,
			idempotencyKey: options.idempotencyKey ?? newIdempotencyKey(),
			headers: ifMatch(options),
		});
	}
}

export class Folders extends Resource {
	async list(): Promise<Folder[]> {
		return (await this.http.json<Api.FolderList>({ method: "GET", path: "/v1/folders" })).folders;
	}

	async get(id: string): Promise<Folder> {
		return this.http.json({ method: "GET", path: `/v1/folders/${folderSeg(id)}` });
	}

	async create(input: Api.CreateFolder, options: IdempotentOptions = {}): Promise<Folder> {
		return this.http.json({
			method: "POST",
			path: "/v1/folders",
			json: input,
			idempotencyKey: options.idempotencyKey ?? newIdempotencyKey(),
		});
	}

	async update(id: string, patch: Api.PatchFolder): Promise<Folder> {
		return this.http.json({ method: "PATCH", path: `/v1/folders/${folderSeg(id)}`, json: patch });
	}

	/** Deletes the folder; its charts move up one level. */
	async delete(id: string): Promise<void> {
		await this.http.send({ method: "DELETE", path: `/v1/folders/${folderSeg(id)}` });
	}
}

export class Themes extends Resource {
	async list(): Promise<Theme[]> {
		return (await this.http.json<Api.ThemeList>({ method: "GET", path: "/v1/themes" })).themes;
	}
}

export class Statistics extends Resource {
	/** Up to 25 library statistics matching `search`. */
	async search(search?: string): Promise<Statistic[]> {
		return (await this.http.json<Api.StatisticList>({ method: "GET", path: "/v1/statistics", query: { search } })).statistics;
	}
}

export class Sources extends Resource {
	async list(): Promise<Source[]> {
		return (await this.http.json<Api.SourceList>({ method: "GET", path: "/v1/sources" })).sources;
	}

	/** Up to 30 values of one dimension of a source (for `{ source, select }` series). */
	async dimensionValues(source: string, dimension: string, query: { search?: string } = {}): Promise<DimensionValue[]> {
		const path = `/v1/sources/${librarySegment("source", source)}/dimensions/${librarySegment("dimension", dimension)}`;
		return (await this.http.json<Api.DimensionValueList>({ method: "GET", path, query: { ...query } })).values;
	}
}

export class ChartsClient {
	readonly charts: Charts;
	readonly folders: Folders;
	readonly themes: Themes;
	readonly statistics: Statistics;
	readonly sources: Sources;
	private readonly http: Http;

	constructor(options: ClientOptions) {
		const http = new Http(options);
		this.http = http;
		this.charts = new Charts(http);
		this.folders = new Folders(http);
		this.themes = new Themes(http);
		this.statistics = new Statistics(http);
		this.sources = new Sources(http);
	}

	/**
	 * The latest `X-D1-Bookmark` the service answered this client (or the one it was given), null
	 * before any. Pass it as `bookmark` to another client to read what this one wrote.
	 */
	get bookmark(): string | null {
		return this.http.bookmark;
	}
}
