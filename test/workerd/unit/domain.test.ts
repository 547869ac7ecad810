import { describe, expect, it } from "vitest";
import { z } from "zod";
import { validationError } from "../../../src/api-error";
import type { ChartSnapshot } from "../../../src/domain/chart";
import { applyChartPatch, sameSnapshot } from "../../../src/domain/chart";
import { applyMergePatch } from "../../../src/domain/merge-patch";
import { chartName, Meta } from "../../../src/domain/meta";
import { builtInThemes, ThemeDefinition } from "../../../src/domain/themes";
import { SeriesTransform, unknownTransformKeys } from "../../../src/domain/transforms";
import { ifMatchAllows } from "../../../src/services/chart-writes";

describe("applyMergePatch (RFC 7386)", () => {
	// The examples of RFC 7386 appendix A.
	it.each([
		[{ a: "b" }, { a: "c" }, { a: "c" }],
		[{ a: "b" }, { b: "c" }, { a: "b", b: "c" }],
		[{ a: "b" }, { a: null }, {}],
		[{ a: "b", b: "c" }, { a: null }, { b: "c" }],
		[{ a: ["b"] }, { a: "c" }, { a: "c" }],
		[{ a: "c" }, { a: ["b"] }, { a: ["b"] }],
		[{ a: { b: "c" } }, { a: { b: "d", c: null } }, { a: { b: "d" } }],
		[{ a: [{ b: "c" }] }, { a: [1] }, { a: [1] }],
		[
			["a", "b"],
			["c", "d"],
			["c", "d"],
		],
		[{ a: "b" }, ["c"], ["c"]],
		[{ a: "foo" }, null, null],
		[{ a: "foo" }, "bar", "bar"],
		[{ e: null }, { a: 1 }, { e: null, a: 1 }],
		[[1, 2], { a: "b", c: null }, { a: "b" }],
		[{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
	])("%j + %j = %j", (target, patch, expected) => {
		expect(applyMergePatch(target, patch)).toEqual(expected);
	});

	it("does not modify its inputs", () => {
		const target = { a: { b: 1 } };
		applyMergePatch(target, { a: { b: 2 } });
		expect(target).toEqual({ a: { b: 1 } });
	});
});

describe("transform validation", () => {
	const valid = [
		{ ops: [{ fn: "divide", args: [1000] }] },
		{ ops: [{ fn: "multiply", args: [-2.5] }] },
		{ ops: [{ fn: "rollsum", args: [12] }, { fn: "index100" }] },
		{
			ops: [
				{ fn: "rollmean", args: [1] },
				{ fn: "cumulative", args: [] },
			],
		},
		{ hidden: true },
		{},
	];
	it.each(valid)("accepts %j", (transform) => {
		expect(SeriesTransform.safeParse(transform).success).toBe(true);
	});

	const invalid = [
		{ ops: [{ fn: "divide", args: [0] }] },
		{ ops: [{ fn: "divide" }] },
		{ ops: [{ fn: "divide", args: ["2"] }] },
		{ ops: [{ fn: "rollsum", args: [0] }] },
		{ ops: [{ fn: "rollmean", args: [2.5] }] },
		{ ops: [{ fn: "cumulative", args: [1] }] },
		{ ops: [{ fn: "log" }] },
		{ ops: [{ fn: "divide", args: [2], extra: 1 }] },
		{ ops: "divide" },
		{ hidden: 1 },
		{ unknownField: true },
	];
	it.each(invalid)("refuses %j", (transform) => {
		expect(SeriesTransform.safeParse(transform).success).toBe(false);
	});

	it("lists transform keys that are not series names", () => {
		expect(unknownTransformKeys({ China: {}, CHN: {}, AAPL: {} }, ["China", "AAPL"])).toEqual(["CHN"]);
	});
});

describe("meta", () => {
	it("keeps unknown settings and names the chart by its title", () => {
		const meta = Meta.parse({ title: "  Hello  ", legend: { position: "top" } });
		expect(meta).toEqual({ title: "  Hello  ", legend: { position: "top" } });
		expect(chartName(meta)).toBe("Hello");
		expect(chartName(Meta.parse({ title: "   " }))).toBe("Untitled chart");
	});
});

describe("validationError", () => {
	const Body = z.object({ kind: z.enum(["a"]).optional(), meta: z.object({ theme: z.string(), w: z.number() }).partial().optional() });
	it.each([
		[{ kind: "b" }, "invalid_kind", "kind"],
		[{ meta: { theme: 1 } }, "invalid_theme", "meta.theme"],
		[{ meta: { w: "x" } }, "invalid_body", "meta.w"],
	])("maps %j to %s at %s", (input, code, path) => {
		const result = Body.safeParse(input);
		expect(result.success).toBe(false);
		if (result.success) return;
		const error = validationError(result.error);
		expect(error.status).toBe(422);
		expect(error.code).toBe(code);
		expect(error.details).toMatchObject({ path });
	});
});

describe("If-Match", () => {
	it.each([
		[null, 3, null],
		['"3"', 3, true],
		['W/"3"', 3, true],
		['"2", "3"', 3, true],
		["*", 3, true],
		['"2"', 3, false],
		["3", 3, false],
	])("%s against version %i is %s", (header, version, expected) => {
		expect(ifMatchAllows(header, version)).toBe(expected);
	});
});

describe("applyChartPatch", () => {
	const base: ChartSnapshot = {
		kind: "line",
		meta: { title: "T", w: 600 },
		seriesRefs: [{ statistic: "s1" }],
		seriesNames: ["China"],
		dataBlobKey: "data/x.csv",
		hasData: true,
		folderId: "fd_1",
	};

	it("keeps what the patch does not mention", () => {
		const { next, meta } = applyChartPatch(base, {});
		expect({ ...next, meta }).toEqual(base);
		expect(sameSnapshot({ ...next, meta: meta as ChartSnapshot["meta"] }, base)).toBe(true);
	});

	it("new series references reset the resolved data", () => {
		const { next } = applyChartPatch(base, { seriesRefs: [{ statistic: "s2" }] });
		expect(next).toMatchObject({ seriesRefs: [{ statistic: "s2" }], seriesNames: [], dataBlobKey: null, hasData: false });
	});

	it("merges meta and moves folders", () => {
		const { next, meta } = applyChartPatch(base, { metaPatch: { w: null, mode: "dark" }, folderId: null });
		expect(meta).toEqual({ title: "T", mode: "dark" });
		expect(next.folderId).toBeNull();
	});
});

describe("built-in themes", () => {
	it("are at least four valid definitions with distinct ids", () => {
		expect(builtInThemes.length).toBeGreaterThanOrEqual(4);
		expect(new Set(builtInThemes.map((t) => t.id)).size).toBe(builtInThemes.length);
		for (const theme of builtInThemes) expect(ThemeDefinition.safeParse(theme.definition).success, theme.id).toBe(true);
	});

	it("refuses a logo that is a URL rather than a data URI", () => {
		const definition = {
			...builtInThemes[0]?.definition,
			logo: { dataUri: "https://example.com/logo.png", width: 40, position: "top-right" },
		};
		expect(ThemeDefinition.safeParse(definition).success).toBe(false);
	});
});
