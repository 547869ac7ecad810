/**
 * Choropleth maps: the world or US states (`meta.basemap`, chosen from the regions when
 * absent), shaded by the first visible series with a colour scale legend. Library-backed maps
 * place each series (named by its country) at the latest period, or `meta.period`, like pies. Regions no base map knows are named in the export warnings.
 */
import * as echarts from "echarts/core";
import { regionKey } from "../../domain/region-key";
import type { Basemap } from "../basemaps";
import { chooseBasemap } from "../basemaps";
import { colorScale } from "../color-scale";
import { extent, extentWithin } from "../extent";
import type { Option } from "../frame";
import { fontStack, frame } from "../frame";
import type { RenderInput } from "../input";
import { colors, visibleSeries } from "../input";
import { valueWriter } from "../settings/numbers";
import { textWidth } from "../text-width";
import { slices } from "./part-to-whole";

const registered = new Set<string>();

function register(map: Basemap): void {
	if (registered.has(map.name)) return;
	echarts.registerMap(map.name, map.geoJson as unknown as Parameters<typeof echarts.registerMap>[1]);
	registered.add(map.name);
}

interface RegionValue {
	region: string;
	value: number;
}

/** Own data: region column × first visible series. Library data: each series (a country) at its latest value. */
function regionValues(input: RenderInput): RegionValue[] {
	return slices(input)
		.map((slice) => ({ region: slice.name, value: slice.value }))
		.filter((r) => r.region !== "");
}

/** The distinct regions of the data that no base map knows, in data order. */
export function unmatchedRegions(input: RenderInput): string[] {
	const rows = regionValues(input);
	const map = chooseBasemap(
		rows.map((r) => r.region),
		input.meta.basemap,
	);
	return [...new Set(rows.map((r) => r.region).filter((region) => !map.lookup.has(regionKey(region))))];
}

/** ECharts' gap between a continuous scale's bar and the text at each end. */
const scaleTextGap = 10;

/**
 * The continuous scale's bar length and end texts, kept inside the plot's width with a margin
 * (a phone's width class included): the bar shortens first (to 40 px), then the value name,
 * which follows the high end, is left off.
 */
function scaleEnds(
	input: RenderInput,
	high: string,
	low: string,
	valueName: string,
	plot: { left: number; right: number },
): { length: number; text: [string, string] } {
	const size = input.theme.fonts.bodySize;
	const measure = (text: string) => textWidth(text, size, fontStack(input));
	const room = scaleRoom(input, plot);
	const named = valueName ? `${high}  ${valueName}` : high;
	const barRoom = (highText: string) => room - measure(low) - measure(highText) - scaleTextGap * 2;
	const wanted = Math.min(220, input.width / 3);
	if (barRoom(named) >= 40) return { length: Math.min(wanted, barRoom(named)), text: [named, low] };
	return { length: Math.max(20, Math.min(wanted, barRoom(high))), text: [high, low] };
}

/** The stepped scale's swatch and gaps when each class is labelled ("0 – 20"), as drawn before it had to fit. */
const labelledSwatch = { itemGap: 6, itemWidth: 18, itemHeight: 12 };
/** The gap ECharts leaves between a piece's swatch and its label (`textGap`). */
const pieceTextGap = 10;
/** Unlabelled classes sit nearly edge to edge, a stepped bar between the two end values. */
const stepGap = 2;

/**
 * The stepped scale, kept inside the plot's width as the continuous one is: each class labelled
 * ("0 – 20") in one row when the labels fit; else a row of swatches between the lowest and highest
 * value (and the value name, while it fits), the swatches narrowing (from 40 px down to 6 px) to
 * the room there is.
 */
function steppedLegend(
	input: RenderInput,
	pieces: readonly { label?: unknown }[],
	ends: { high: string; low: string; valueName: string },
	plot: { left: number; right: number },
): Option {
	const size = input.theme.fonts.bodySize;
	const measure = (text: string) => textWidth(text, size, fontStack(input));
	const room = scaleRoom(input, plot);
	const labelled =
		pieces.reduce((width, piece) => width + labelledSwatch.itemWidth + pieceTextGap + measure(String(piece.label ?? "")), 0) +
		labelledSwatch.itemGap * (pieces.length - 1);
	if (labelled <= room) return labelledSwatch;
	const count = Math.max(pieces.length, 1);
	const swatchRoom = (high: string) => room - measure(high) - measure(ends.low) - stepGap * (count + 1);
	const named = ends.valueName ? `${ends.high}  ${ends.valueName}` : ends.high;
	const high = swatchRoom(named) / count >= 12 ? named : ends.high;
	const itemWidth = Math.max(6, Math.min(40, Math.floor(swatchRoom(high) / count)));
	return { showLabel: false, text: [high, ends.low], itemGap: stepGap, itemWidth, itemHeight: labelledSwatch.itemHeight };
}

/** The width a scale may take: the plot's, less ECharts' own padding around it (5 px a side) and a margin from the edge. */
function scaleRoom(input: RenderInput, plot: { left: number; right: number }): number {
	return input.width - plot.left - plot.right - 2 * 5 - 8;
}

export function mapOption(input: RenderInput): Option {
	const rows = regionValues(input);
	const map = chooseBasemap(
		rows.map((r) => r.region),
		input.meta.basemap,
	);
	register(map);
	// One value per region (the last row naming it wins), so the marks are bounded by the map.
	const byRegion = new Map<string, number>();
	for (const r of rows) {
		const name = map.lookup.get(regionKey(r.region));
		if (name) byRegion.set(name, r.value);
	}
	const data = [...byRegion].map(([name, value]) => ({ name, value }));
	const { option, plot } = frame(input, { legend: false });
	const c = colors(input);
	const found = extent(data.map((d) => d.value));
	// Without a scale of its own a map spans at least 0–1, so one region or equal values still shade.
	const range = input.meta.colorScale
		? (found ?? { min: 0, max: 1 })
		: extentWithin(
				data.map((d) => d.value),
				0,
				1,
			);
	const write = valueWriter(input);
	const scale = colorScale(input, range, write);
	// Own data names its value column; library series are places, so their name says nothing here.
	const valueName = input.fromStatistics ? "" : String(visibleSeries(input)[0]?.name ?? "");
	const identity = (point: number[]) => point;
	const high = write(Number(scale.max));
	const low = write(Number(scale.min));
	const fitted =
		scale.type === "piecewise"
			? steppedLegend(input, scale.pieces as { label?: unknown }[], { high, low, valueName }, plot)
			: (({ length, text }) => ({ itemHeight: length, text }))(scaleEnds(input, high, low, valueName, plot));
	return {
		...option,
		tooltip: { trigger: "item" },
		visualMap: {
			...scale,
			orient: "horizontal",
			left: plot.left,
			bottom: plot.bottom - 4,
			calculable: false,
			// The scale's ends in numbers (high on the right), then what the values are.
			...fitted,
			textStyle: { color: c.mutedText },
		},
		series: [
			{
				type: "map",
				map: map.name,
				projection: { project: identity, unproject: identity },
				roam: false,
				showLegendSymbol: false,
				top: plot.top,
				left: plot.left,
				right: plot.right,
				bottom: plot.bottom + 36,
				data,
				label: { show: false },
				emphasis: { label: { show: false } },
				itemStyle: { areaColor: c.grid, borderColor: input.transparent ? c.surface : c.background, borderWidth: 0.5 },
			},
		],
	};
}
