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
