import { describe, expect, it } from "vitest";
import type { ChartRecord } from "../../../src/domain/chart";
import { sha256Hex } from "../../../src/domain/ids";
import { findBuiltInTheme, type ThemeDefinition } from "../../../src/domain/themes";
import { rendererBuild } from "../../../src/render/renderer-build";
import type { ExportMaterials } from "../../../src/services/export-key";
import { canonicalJson, exportKey } from "../../../src/services/export-key";
import type { DrawingOptions } from "../../../src/services/export-options";
import { resolveDrawingOptions } from "../../../src/services/export-options";

const theme = findBuiltInTheme("classic")?.definition as ThemeDefinition;

const chart = {
	id: "ch_seats",
	workspaceId: "ws_1",
	name: "Seats",
	version: 3,
	publishedVersion: null,
	createdAt: 0,
	updatedAt: 0,
	kind: "bar",
	seriesRefs: [],
	seriesNames: ["Seats"],
	columnRoles: null,
	meta: { title: "Seats", w: 640, mode: "auto" },
	hasData: true,
	dataBlobKey: `data/${"a".repeat(64)}.json`,
	folderId: null,
} as unknown as ChartRecord;

const materials: ExportMaterials = { datasetHash: "a".repeat(64), dataset: null, theme, fonts: [] };

describe("resolveDrawingOptions", () => {
	it("applies the query, then the chart's settings, then the defaults", () => {
		expect(resolveDrawingOptions(chart, "png")).toEqual({
			format: "png",
			width: 640,
			height: 500,
			scale: 2,
			mode: "light",
			transparent: false,
		});
		expect(resolveDrawingOptions(chart, "png", { scale: 3, w: 1000.4, h: 300, mode: "dark", transparent: "true" })).toEqual({
			format: "png",
			width: 1000,
			height: 300,
			scale: 3,
			mode: "dark",
			transparent: true,
		});
		expect(resolveDrawingOptions({ meta: { mode: "dark" } } as ChartRecord, "pdf", { transparent: "false" })).toEqual({
			format: "pdf",
			width: 800,
			height: 500,
			scale: null,
			mode: "dark",
			transparent: false,
		});
	});

	it("gives SVG and PDF no scale, so ?scale= does not split their files", () => {
		expect(resolveDrawingOptions(chart, "svg", { scale: 4 }).scale).toBeNull();
		expect(resolveDrawingOptions(chart, "pdf", { scale: 4 }).scale).toBeNull();
	});
});

describe("exportKey", () => {
	it("is the key files were cached under before the options were resolved in one place", async () => {
		const options = resolveDrawingOptions(chart, "png", { mode: "dark" });
		const before = await sha256Hex(
			canonicalJson({
				renderer: rendererBuild,
				format: "png",
				scale: 2,
				width: 640,
				height: 500,
				mode: "dark",
				transparent: false,
				kind: chart.kind,
				dataset: materials.datasetHash,
				seriesNames: chart.seriesNames,
				columnRoles: null,
				fromStatistics: false,
				meta: chart.meta,
				theme,
				fonts: [],
			}),
		);
		expect(await exportKey(chart, options, materials)).toBe(before);
	});

	it("keys every option, one added later included", async () => {
		const options = resolveDrawingOptions(chart, "png");
		const key = await exportKey(chart, options, materials);
		expect(await exportKey(chart, { ...options }, materials)).toBe(key);
		expect(await exportKey(chart, resolveDrawingOptions(chart, "png", { scale: 2 }), materials)).toBe(key);
		for (const changed of [
			{ scale: 3 },
			{ width: 641 },
			{ height: 501 },
			{ mode: "dark" },
			{ transparent: true },
			{ format: "svg" },
		] as const) {
			expect(await exportKey(chart, { ...options, ...changed } as DrawingOptions, materials), JSON.stringify(changed)).not.toBe(key);
		}
		const withNewOption = { ...options, background: "#fff" } as DrawingOptions;
		expect(await exportKey(chart, withNewOption, materials)).not.toBe(key);
	});
});
