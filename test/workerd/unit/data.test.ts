import { describe, expect, it } from "vitest";
import { applyOp, applyTransform } from "../../../src/domain/apply-transforms";
import { exportCsv } from "../../../src/domain/csv-export";
import { parseCsv } from "../../../src/domain/csv-parse";
import { InvalidDataError } from "../../../src/domain/dataset";
import { chartKinds } from "../../../src/domain/kinds";
import { layoutExamples } from "../../../src/domain/layout-examples";
import { seriesForLayout } from "../../../src/domain/layouts";
import { uniqueSeriesNames } from "../../../src/library/resolve";

describe("parseCsv", () => {
	it("types columns, reads thousands separators and empty cells", () => {
		const dataset = parseCsv('\uFEFFcountry,"population",since\r\nChile,"19,600,000",2020-01\r\nPeru,,2021-06\r\n\r\n');
		expect(dataset.columns).toEqual([
			{ name: "country", type: "text", values: ["Chile", "Peru"] },
			{ name: "population", type: "number", values: [19_600_000, null] },
			{ name: "since", type: "date", values: ["2020-01", "2021-06"] },
		]);
	});

	it.each([
		["", "empty"],
		["a,b\n", "no data rows"],
		['a,b\n"1,2\n', "never closed"],
		["a,,c\n1,2,3\n", "Column 2 has no name"],
		["a,a\n1,2\n", "both named"],
		["a,b\n1,2,3\n", "Row 2 has 3 cells"],
		["<!DOCTYPE html>\n<html><body><table><tr><td>1</td></tr></table></body></html>\n", "The data is a web page (HTML), not a CSV table"],
		['[{"year":2020,"value":1}]', "The data is JSON, not a CSV table"],
		[`a,s0 L ${"x".repeat(300)}\nc0,1\n`, "Column 2's name is 305 characters long; a column name may have at most 300"],
		[`${Array.from({ length: 501 }, (_, i) => `c${i}`).join(",")}\n${"1,".repeat(500)}1\n`, "limit is 500"],
	])("refuses %j (%s)", (csv, says) => {
		expect(() => parseCsv(csv)).toThrow(InvalidDataError);
		expect(() => parseCsv(csv)).toThrow(says);
	});

	it("leaves out the empty columns Excel writes at a sheet's right, in the header, the rows or both", () => {
		const expected = [
			{ name: "Partei", type: "text", values: ["SPD", "CDU"] },
			{ name: "Stimmen", type: "number", values: [25.7, 24.1] },
		];
		for (const csv of [
			"Partei;Stimmen;;\nSPD;25,7;;\nCDU;24,1;;\n",
			"Partei;Stimmen;;\nSPD;25,7\nCDU;24,1\n",
			"Partei;Stimmen\nSPD;25,7;\nCDU;24,1;\n",
		])
			expect(parseCsv(csv).columns, csv).toEqual(expected);
		// A filled cell keeps its column: its missing name is what to fix.
		expect(() => parseCsv("Partei;Stimmen;;\nSPD;25,7;;x\n")).toThrow("Column 3 has no name");
	});

	it("refuses more than 200,000 rows", () => {
		expect(() => parseCsv(`a\n${"1\n".repeat(200_001)}`)).toThrow("limit is 200000");
	});
});

describe("layouts", () => {
	it.each(chartKinds)("%s accepts its documented example and refuses its bad one", (kind) => {
		const example = layoutExamples[kind];
		expect(seriesForLayout(kind, parseCsv(example.csv))).toEqual(example.series);
		let message = "";
		try {
			seriesForLayout(kind, parseCsv(example.bad.csv));
		} catch (error) {
			expect(error).toBeInstanceOf(InvalidDataError);
			message = (error as Error).message;
		}
		expect(message).toContain(example.bad.says);
	});

	it("names the first cell that is not a number", () => {
		expect(() => seriesForLayout("line", parseCsv("x,y\n1,2\n2,3\n3,abc\n"))).toThrow('row 4 has "abc"');
	});
});

describe("transforms", () => {
	const values = [10, 20, null, 40, 50];
	it("divide and multiply keep nulls", () => {
		expect(applyOp(values, { fn: "divide", args: [10] })).toEqual([1, 2, null, 4, 5]);
		expect(applyOp(values, { fn: "multiply", args: [2] })).toEqual([20, 40, null, 80, 100]);
	});

	it("rolling windows are null until n periods exist and whenever they hold a null", () => {
		expect(applyOp([1, 2, 3, 4], { fn: "rollsum", args: [2] })).toEqual([null, 3, 5, 7]);
		expect(applyOp([1, 2, 3, 4], { fn: "rollmean", args: [3] })).toEqual([null, null, 2, 3]);
		expect(applyOp(values, { fn: "rollsum", args: [2] })).toEqual([null, 30, null, null, 90]);
		expect(applyOp([1, 2], { fn: "rollmean", args: [5] })).toEqual([null, null]);
		expect(applyOp([5, 6], { fn: "rollsum", args: [1] })).toEqual([5, 6]);
	});

	it("index100 rebases on the first non-null value", () => {
		expect(applyOp([null, 50, 75, null, 100], { fn: "index100" })).toEqual([null, 100, 150, null, 200]);
		expect(applyOp([0, 5], { fn: "index100" })).toEqual([null, null]);
		expect(applyOp([null, null], { fn: "index100" })).toEqual([null, null]);
	});

	it("cumulative skips nulls", () => {
		expect(applyOp([1, null, 2, 3], { fn: "cumulative" })).toEqual([1, null, 3, 6]);
		expect(applyOp([0, 0], { fn: "cumulative" })).toEqual([0, 0]);
	});

	it("a pipeline runs ops in order", () => {
		expect(applyTransform([100, 200, 300], { ops: [{ fn: "divide", args: [100] }, { fn: "cumulative" }] })).toEqual([1, 3, 6]);
		expect(applyTransform([1, 2], undefined)).toEqual([1, 2]);
	});
});

describe("exportCsv", () => {
	it("puts each transformed series right after its raw column and keeps hidden series", () => {
		const dataset = parseCsv("year,A,B,C\n2020,1,10,5\n2021,2,20,6\n");
		const csv = exportCsv(dataset, ["A", "B", "C"], {
			A: { ops: [{ fn: "multiply", args: [100] }] },
			B: { hidden: true },
			C: { ops: [{ fn: "cumulative" }] },
		});
		expect(csv).toBe("year,A,A (transformed),B,C,C (transformed)\n2020,1,100,10,5,5\n2021,2,200,20,6,11\n");
	});

	it("defuses text that a spreadsheet would run as a formula, but not negative numbers", () => {
		const dataset = parseCsv('label,value\n"=HYPERLINK(""x"")",-5\n@cmd,3\n');
		expect(exportCsv(dataset, ["value"])).toBe(`label,value\n"'=HYPERLINK(""x"")",-5\n"'@cmd",3\n`);
	});
});

describe("series names", () => {
	it("numbers repeated names", () => {
		expect(uniqueSeriesNames(["China", "AAPL", "China", "China"])).toEqual(["China", "AAPL", "China (2)", "China (3)"]);
	});
});

describe("stored datasets", () => {
	it("read back what was stored, and refuse cells of another type", async () => {
		const { parseStoredDataset } = await import("../../../src/domain/dataset");
		const dataset = parseCsv("a,b\nx,1\n,2\n");
		expect(parseStoredDataset(JSON.parse(JSON.stringify(dataset)))).toEqual(dataset);
		expect(() => parseStoredDataset({ columns: [{ name: "a", type: "number", values: [true] }] })).toThrow("holds a boolean");
		expect(() => parseStoredDataset({ columns: [{ name: "a", type: "bogus", values: [] }] })).toThrow();
	});
});
