/**
 * The chart engine of the console's preview (DESIGN D35): ECharts and the same option builders
 * the server draws with, so the preview is the export. Loaded lazily (it is most of the
 * console's weight); maps load their base maps only when a map is drawn.
 */
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
import { axesOf, part } from "../../render/settings/option-parts";
import { loadThemeFonts } from "./theme-fonts";

export interface PreviewSource {
	kind: ChartKind;
	meta: Meta;
	seriesNames: readonly string[];
	dataset: Dataset;
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

export function renderInput(source: PreviewSource, size: { width: number; height: number }, mode: "light" | "dark"): RenderInput {
	return drawableInput({
		kind: source.kind,
		dataset: source.dataset,
		seriesNames: source.seriesNames,
		meta: source.meta,
		theme: source.theme,
		mode,
		width: size.width,
		height: size.height,
		transparent: false,
		fromStatistics: source.fromStatistics,
	});
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
	const input = renderInput({ ...source, meta: withoutGridSettings(source.meta) }, { width: 600, height: 400 }, "light");
	const option = await optionFor(input, new DrawingNotes());
	const defaults: Record<string, boolean> = {};
	for (const which of ["x", "y"] as const) {
		const axis = axesOf(option, which)[0];
		if (axis) defaults[`meta.axes.${which}.grid`] = part(axis, "splitLine").show === true;
	}
	return defaults;
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

	dispose(): void {
		this.chart?.dispose();
		this.chart = null;
	}
}
