/**
 * The chart engine of the console's preview (docs/design.md#d35): ECharts and the same option builders
 * the server draws with, so the preview is the export. Loaded lazily (it is most of the
 * console's weight); maps load their base maps only when a map is drawn.
 */
import type { ColorCheck } from "../../domain/color-checks";
import { colorChecksOf } from "../../domain/color-checks-chart";
import type { Dataset } from "../../domain/dataset";
import type { ChartKind } from "../../domain/kinds";
import type { Meta } from "../../domain/meta";
import type { ThemeDefinition } from "../../domain/themes";
import { drawableInput } from "../../render/drawable-text";
import { DrawingNotes } from "../../render/drawing-notes";
import { echarts } from "../../render/echarts";
import type { Option } from "../../render/frame";
import type { RenderInput } from "../../render/input";
import { optionBuilders } from "../../render/kinds";
import { tableContentHeight } from "../../render/kinds/table";
import { axesOf, part } from "../../render/settings/option-parts";
import type { DrawnTable } from "./drawn-table";
import { drawnTableOf } from "./drawn-table";
import type { AxisShape, AxisValue } from "./snap";
import { snapToAxis } from "./snap";
import { loadThemeFonts } from "./theme-fonts";

/** The column roles' helpers, for the Data step's pickers (they come with zod, so with the engine). */
export * as tableRoles from "./drawn-table";

export interface PreviewSource {
	kind: ChartKind;
	meta: Meta;
	seriesNames: readonly string[];
	/** The table as stored, every column (the Data step's grid shows it). */
	dataset: Dataset;
	/** What the chart draws of `dataset` (its column roles' projection); absent or null: `dataset` itself. */
	drawn?: Dataset | null | undefined;
	fromStatistics: boolean;
	theme: ThemeDefinition;
}

export interface Drawn {
	/** What the drawing left out to stay within its budget, as exports say in X-Render-Warnings. */
	notes: string[];
}

async function optionFor(input: RenderInput, notes: DrawingNotes): Promise<Option> {
	if (input.kind !== "map") return optionBuilders[input.kind](input, notes);
	const { mapOption } = await import("../../render/kinds/map");
	return mapOption(input);
}

/** The last projection of each stored table, so a redraw for a title or a width reads the table once. */
const drawnCache = new WeakMap<Dataset, { key: string; drawn: DrawnTable }>();

/** The table the chart draws with its roles as edited; a library chart's series are drawn as they come. */
function drawnOf(source: PreviewSource): DrawnTable {
	const server = { drawn: source.drawn ?? null, seriesNames: source.seriesNames };
	if (source.fromStatistics) return { dataset: server.drawn ?? source.dataset, seriesNames: server.seriesNames };
	const key = JSON.stringify([source.kind, source.meta.columns ?? null, source.meta.dateOrder ?? null, server.seriesNames]);
	const cached = drawnCache.get(source.dataset);
	if (cached?.key === key) return cached.drawn;
	const drawn = drawnTableOf(source.kind, source.dataset, source.meta, server);
	drawnCache.set(source.dataset, { key, drawn });
	return drawn;
}

export function renderInput(source: PreviewSource, size: { width: number; height: number }, mode: "light" | "dark"): RenderInput {
	const drawn = drawnOf(source);
	return drawableInput({
		kind: source.kind,
		dataset: drawn.dataset,
		seriesNames: drawn.seriesNames,
		meta: source.meta,
		theme: source.theme,
		mode,
		width: size.width,
		height: size.height,
		transparent: false,
		fromStatistics: source.fromStatistics,
	});
}

/**
 * The height the chart's content takes when drawn `size.width` wide, at most `size.height`: a
 * table is as tall as its rows, as its embed is drawn (render/drawing-height.ts); every other
 * kind fills the height it is given.
 */
export function contentHeight(source: PreviewSource, size: { width: number; height: number }): number {
	return source.kind === "table" ? tableContentHeight(renderInput(source, size, "light")) : size.height;
}

/** `meta` without the chart's own grid settings: what the theme alone would draw. */
function withoutGridSettings(meta: Meta): Meta {
	const axes = meta.axes;
	if (!axes) return meta;
	const bare = (axis: NonNullable<typeof axes.x>) => Object.fromEntries(Object.entries(axis).filter(([key]) => key !== "grid"));
	return { ...meta, axes: { ...(axes.x ? { x: bare(axes.x) } : {}), ...(axes.y ? { y: bare(axes.y) } : {}) } };
}

/**
 * What the drawing shows for the settings whose default is the theme's, when the chart does not
 * set them: whether each axis draws grid lines (`meta.axes.x.grid`, `meta.axes.y.grid`), keyed by
 * the API's path. Read from the option the same builders make for the drawing (the theme's
 * `gridLines` is "horizontal", but which axis that is depends on the kind and orientation), so
 * the Refine form's boxes show what is drawn. A path is absent where the kind has no such axis.
 */
export async function themeDefaults(source: PreviewSource): Promise<Record<string, boolean>> {
	await loadThemeFonts(source.theme);
	const input = renderInput({ ...source, meta: withoutGridSettings(source.meta) }, { width: 600, height: 400 }, "light");
	const option = await optionFor(input, new DrawingNotes());
	const defaults: Record<string, boolean> = {};
	for (const which of ["x", "y"] as const) {
		const axis = axesOf(option, which)[0];
		if (axis) defaults[`meta.axes.${which}.grid`] = part(axis, "splitLine").show === true;
	}
	return defaults;
}

/**
 * The chart's colour checks: the API's own (GET /v1/charts/{id}/checks), from the
 * options these same builders make in light and dark, so the editor warns as the API does.
 */
export async function colorChecks(source: PreviewSource): Promise<ColorCheck[]> {
	// As in draw(): ECharts keeps a text width once measured, so options built before the theme's
	// fonts load would leave the fallback face's widths for the drawing's title block.
	await loadThemeFonts(source.theme);
	const size = { width: 800, height: 500 };
	return colorChecksOf(source, (mode) => optionFor(renderInput(source, size, mode), new DrawingNotes()));
}

/** A chart drawn into an element; draw again to update it, dispose when the element goes. */
export class PreviewChart {
	private chart: ReturnType<typeof echarts.init> | null = null;
	private size = { width: 0, height: 0 };

	constructor(private readonly element: HTMLElement) {}

	async draw(source: PreviewSource, size: { width: number; height: number }, mode: "light" | "dark"): Promise<Drawn> {
		const notes = new DrawingNotes();
		// Uploaded fonts before the option: the builders lay out the title block (how its lines wrap,
		// where the subtitle and legend go) from text measured with what the page has loaded, and
		// ECharts keeps a width once measured. Measured before the font is ready, the title's lines
		// are the fallback face's, not the font's the export measures and draws with.
		await loadThemeFonts(source.theme);
		const option = await optionFor(renderInput(source, size, mode), notes);
		if (!this.chart) this.chart = echarts.init(this.element, null, { renderer: "svg", ...size });
		else if (size.width !== this.size.width || size.height !== this.size.height) this.chart.resize(size);
		this.size = size;
		this.chart.setOption({ ...option, animation: false }, { notMerge: true });
		return { notes: [...notes.sentences] };
	}

	/** The axes of the plot (grid) at a pixel of the drawing, or null off every plot. */
	private plotAt(x: number, y: number): { grid: number; x: AxisShape; y: AxisShape } | null {
		const chart = this.chart;
		if (!chart) return null;
		const option = chart.getOption() as { grid?: unknown[]; xAxis?: Record<string, unknown>[]; yAxis?: Record<string, unknown>[] };
		const grids = Array.isArray(option.grid) ? option.grid.length : 0;
		for (let grid = 0; grid < grids; grid++) {
			if (!chart.containPixel({ gridIndex: grid }, [x, y])) continue;
			const shape = (key: "xAxis" | "yAxis"): AxisShape | null => {
				const axes = option[key] ?? [];
				const index = axes.findIndex((axis) => Number(axis.gridIndex ?? 0) === grid);
				const axis = axes[index];
				if (!axis) return null;
				if (axis.type === "category") return { type: "category", names: Array.isArray(axis.data) ? axis.data.map(String) : [] };
				const model = (chart as unknown as { getModel(): { getComponent(type: string, i: number): unknown } }).getModel();
				const component = model.getComponent(key, index) as { axis?: { scale?: { getExtent?(): [number, number] } } } | undefined;
				const [min, max] = component?.axis?.scale?.getExtent?.() ?? [0, 1];
				if (axis.type === "time") return { type: "time", min, max };
				// A line's axis of years ticks whole years only (render/kinds/cartesian.ts).
				return { type: "value", min, max, log: axis.type === "log", period: axis.minInterval === 1 };
			};
			const xShape = shape("xAxis");
			const yShape = shape("yAxis");
			return xShape && yShape ? { grid, x: xShape, y: yShape } : null;
		}
		return null;
	}

	/** The chart's own coordinates under a pixel of the drawing, snapped to a category or a round value; null off the plot. */
	pointAt(x: number, y: number): { x: AxisValue; y: AxisValue } | null {
		const plot = this.plotAt(x, y);
		if (!plot || !this.chart) return null;
		const raw = this.chart.convertFromPixel({ gridIndex: plot.grid }, [x, y]) as number[] | undefined;
		if (!Array.isArray(raw)) return null;
		const sx = snapToAxis(plot.x, Number(raw[0]));
		const sy = snapToAxis(plot.y, Number(raw[1]));
		return sx === null || sy === null ? null : { x: sx, y: sy };
	}

	/** Where a point of the chart's first plot is drawn, in pixels of the drawing; null when it is not on the axes. */
	pixelOf(x: AxisValue, y: AxisValue): { x: number; y: number } | null {
		if (!this.chart) return null;
		try {
			const pixel = this.chart.convertToPixel({ gridIndex: 0 }, [x, y]) as number[] | undefined;
			if (!Array.isArray(pixel) || !pixel.every((n) => Number.isFinite(n))) return null;
			return { x: pixel[0] as number, y: pixel[1] as number };
		} catch {
			// A kind without a grid (pies, maps): nothing to place a note on.
			return null;
		}
	}

	/** Whether the drawing has x and y axes a note can be placed on. */
	hasPlot(): boolean {
		const option = this.chart?.getOption() as { xAxis?: unknown[]; yAxis?: unknown[] } | undefined;
		return Boolean(
			option && Array.isArray(option.xAxis) && option.xAxis.length > 0 && Array.isArray(option.yAxis) && option.yAxis.length > 0,
		);
	}

	dispose(): void {
		this.chart?.dispose();
		this.chart = null;
	}
}
