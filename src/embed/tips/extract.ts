/**
 * Reads a laid-out chart (the server's drawing of one width class) for the light client's
 * `tips.json` (`model.ts`): where every mark was drawn, and each tooltip's text written in the
 * chart's locale and number format. Anything it does not recognise (a series of another shape,
 * series of unequal length) answers null, and the page keeps the kind's ECharts client.
 */
import type { ChartKind } from "../../domain/kinds";
import type { RenderInput } from "../../render/input";
import { lineXText } from "../../render/kinds/along-axis";
import { isRace } from "../../render/kinds/race";
import { annotationSeriesPrefix } from "../../render/settings/annotations";
import { dateWriter } from "../../render/settings/dates";
import { valueWriter } from "../../render/settings/numbers";
import type { LaidOutChart } from "../../render/svg";
import type { CategoryTip, ItemTip, ReaderTips, TipLayout } from "./model";

/** The kinds whose pages the light client makes interactive (the others keep ECharts). */
const tipKinds: ReadonlySet<ChartKind> = new Set(["line", "horizontal-bar", "pie", "scatter"]);

/** Whether a chart's page gets the light client: its kind, and no bar race (which plays in ECharts). */
export function takesLightClient(input: RenderInput): boolean {
	return tipKinds.has(input.kind) && !isRace(input);
}

// The few parts of ECharts' model this reads; `getModel` is public in ECharts' build, not its types.
interface SeriesData {
	count(): number;
	getName(index: number): string;
	getItemLayout(index: number): unknown;
	getLayout(key: string): unknown;
	getItemVisual(index: number, key: "symbolSize"): unknown;
}
interface SeriesModel {
	id: string;
	subType: string;
	name: string;
	getData(): SeriesData;
	getRawValue(index: number): unknown;
	getDataParams(index: number): { percent?: number };
}
interface ChartModel {
	getSeries(): SeriesModel[];
	getComponent(type: string, index?: number): { coordinateSystem?: { getRect(): Rect } } | undefined;
}
interface Rect {
	x: number;
	y: number;
	width: number;
	height: number;
}

const round = (value: number) => Math.round(value * 10) / 10;
const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

function modelOf(chart: LaidOutChart): ChartModel {
	return (chart as unknown as { getModel(): ChartModel }).getModel();
}

const seriesType: Partial<Record<ChartKind, string[]>> = {
	line: ["line"],
	"horizontal-bar": ["bar"],
	pie: ["pie"],
	scatter: ["scatter", "line"],
};

/** The chart's series if every one is of the kind's shape, else null; a series carrying only annotations is no data. */
function seriesOf(chart: LaidOutChart, input: RenderInput): SeriesModel[] | null {
	const series = modelOf(chart)
		.getSeries()
		.filter((s) => !String(s.id).startsWith(annotationSeriesPrefix));
	const types = seriesType[input.kind] ?? [];
	return series.every((s) => types.includes(s.subType)) ? series : null;
}

/** A line's points, from the polyline ECharts laid out (NaN where a value is missing). */
function linePoints(data: SeriesData): (number[] | null)[] {
	const points = data.getLayout("points");
	const count = data.count();
	const marks: (number[] | null)[] = [];
	for (let i = 0; i < count; i++) {
		const layout = data.getItemLayout(i);
		const x = Array.isArray(layout) ? layout[0] : (points as ArrayLike<number> | undefined)?.[2 * i];
		const y = Array.isArray(layout) ? layout[1] : (points as ArrayLike<number> | undefined)?.[2 * i + 1];
		marks.push(isNumber(x) && isNumber(y) ? [round(x), round(y)] : null);
	}
	return marks;
}

/** Each bar as `[x, y, width, height]` with a positive width and height (ECharts lays a negative value's bar out backwards). */
function barRects(data: SeriesData): (number[] | null)[] {
	const marks: (number[] | null)[] = [];
	for (let i = 0; i < data.count(); i++) {
		const rect = data.getItemLayout(i) as Partial<Rect> | undefined;
		if (!rect || !isNumber(rect.x) || !isNumber(rect.y) || !isNumber(rect.width) || !isNumber(rect.height)) {
			marks.push(null);
			continue;
		}
		const x = Math.min(rect.x, rect.x + rect.width);
		const y = Math.min(rect.y, rect.y + rect.height);
		marks.push([x, y, Math.abs(rect.width), Math.abs(rect.height)].map(round));
	}
	return marks;
}

/** Which way an axis chart's categories run: along x for lines and columns, along y for horizontal bars. */
function categoryAxis(input: RenderInput): "x" | "y" {
	return input.kind === "horizontal-bar" && input.meta.orientation !== "vertical" ? "y" : "x";
}

function symbolRadius(data: SeriesData, index: number): number {
	const size = data.getItemVisual(index, "symbolSize");
	const width = Array.isArray(size) ? size[0] : size;
	return isNumber(width) ? round(width / 2) : 4;
}

interface PieLayout {
	cx: number;
	cy: number;
	r0: number;
	r: number;
	startAngle: number;
	endAngle: number;
	clockwise?: boolean;
}

/** A slice as `[cx, cy, r0, r, from, to]` with `from < to`, angles in radians as drawn (y down). */
function slice(layout: PieLayout): number[] {
	const [from, to] = layout.clockwise === false ? [layout.endAngle, layout.startAngle] : [layout.startAngle, layout.endAngle];
	return [round(layout.cx), round(layout.cy), round(layout.r0), round(layout.r), from, to].map((v, i) =>
		i < 4 ? v : Math.round(v * 1e4) / 1e4,
	);
}

/** Where each mark of this width class's drawing sits. */
export function tipLayout(chart: LaidOutChart, input: RenderInput): TipLayout | null {
	const series = seriesOf(chart, input);
	if (!series) return null;
	if (input.kind === "pie") {
		const marks = series.flatMap((s) => {
			const data = s.getData();
			return Array.from({ length: data.count() }, (_, i) => {
				const layout = data.getItemLayout(i) as PieLayout | undefined;
				return layout && isNumber(layout.cx) ? slice(layout) : null;
			});
		});
		return { marks };
	}
	if (input.kind === "scatter") {
		const marks = series.flatMap((s) => {
			const data = s.getData();
			return linePoints(data).map((point, i) => (point ? [...point, symbolRadius(data, i)] : null));
		});
		return { marks };
	}
	const counts = new Set(series.map((s) => s.getData().count()));
	if (counts.size > 1) return null;
	const plot = modelOf(chart).getComponent("grid")?.coordinateSystem?.getRect();
	const marks = series.map((s) => (input.kind === "line" ? linePoints(s.getData()) : barRects(s.getData())));
	const count = [...counts][0] ?? 0;
	// A category's place along its axis: the mean of its marks' centres (bars of a group share a band).
	const along = categoryAxis(input);
	const centre = (mark: number[]) =>
		input.kind === "line"
			? (mark[0] as number)
			: along === "x"
				? (mark[0] as number) + (mark[2] as number) / 2
				: (mark[1] as number) + (mark[3] as number) / 2;
	const positions = Array.from({ length: count }, (_, c) => {
		const centres = marks.flatMap((m) => {
			const mark = m[c];
			return mark ? [centre(mark)] : [];
		});
		return centres.length > 0 ? round(centres.reduce((a, b) => a + b, 0) / centres.length) : null;
	});
	return {
		...(plot ? { plot: [plot.x, plot.y, plot.width, plot.height].map(round) as [number, number, number, number] } : {}),
		positions,
		marks,
	};
}

/** Each tooltip's text, written as the exports write values and dates. */
export function tipTexts(chart: LaidOutChart, input: RenderInput): Omit<ReaderTips, "layouts"> | null {
	const series = seriesOf(chart, input);
	if (!series) return null;
	const writeValue = valueWriter(input);
	const writeDate = dateWriter(input) ?? ((text: string) => text);
	const value = (raw: unknown) => (isNumber(raw) ? writeValue(raw) : raw === null || raw === undefined || raw === "" ? null : String(raw));
	const names = series.map((s) => ({ name: s.name }));
	const { light, dark } = input.theme.colors;
	const colors = {
		light: { surface: light.surface, text: light.text, grid: light.grid },
		dark: { surface: dark.surface, text: dark.text, grid: dark.grid },
	};
	if (input.kind === "line" || input.kind === "horizontal-bar") {
		const count = series[0]?.getData().count() ?? 0;
		// A line on a time or value axis holds `[x, y]` pairs: the header is its x as the data writes it (the
		// axis's tooltip header), the value its y. On a category axis, the category's name and a plain value.
		const xText = lineXText(input);
		const header = (c: number) => {
			const raw = series[0]?.getRawValue(c);
			return writeDate(Array.isArray(raw) ? xText(raw[0]) : (series[0]?.getData().getName(c) ?? ""));
		};
		const y = (raw: unknown) => (Array.isArray(raw) ? raw[1] : raw);
		const categories: CategoryTip[] = Array.from({ length: count }, (_, c) => ({
			header: header(c),
			values: series.map((s) => value(y(s.getRawValue(c)))),
		}));
		return {
			trigger: "axis",
			colors,
			along: categoryAxis(input),
			series: names,
			legend: series.map((_, i) => i),
			categories,
		};
	}
	if (input.kind === "pie") {
		const items: ItemTip[] = series.flatMap((s, si) => {
			const data = s.getData();
			return Array.from({ length: data.count() }, (_, i) => {
				const percent = s.getDataParams(i).percent;
				const written = value(s.getRawValue(i)) ?? "";
				return { series: si, header: "", rows: [[writeDate(data.getName(i)), isNumber(percent) ? `${written} (${percent}%)` : written]] };
			});
		});
		// A pie's legend names its slices, which a drawing cannot re-lay out: they do not toggle.
		return { trigger: "item", colors, series: names, legend: [], items };
	}
	// A scatter's x, y and size columns, and the column that groups its points (as scatterOption reads them).
	const numeric = input.dataset.columns.filter((column) => column.type === "number").slice(0, 3);
	const groupColumn = input.dataset.columns.filter((column) => column.type !== "number")[1]?.name ?? "Group";
	const items: ItemTip[] = series.flatMap((s, si) => {
		const data = s.getData();
		return Array.from({ length: data.count() }, (_, i) => {
			const raw = s.getRawValue(i);
			const cells = Array.isArray(raw) ? raw : [];
			const rows = numeric.flatMap((column, k): [string, string][] => {
				const written = value(cells[k]);
				return written === null ? [] : [[column.name, written]];
			});
			const name = data.getName(i);
			return { series: si, header: name || s.name, rows: name && series.length > 1 ? [[groupColumn, s.name], ...rows] : rows };
		});
	});
	return { trigger: "item", colors, series: names, legend: series.map((_, i) => i), items };
}
