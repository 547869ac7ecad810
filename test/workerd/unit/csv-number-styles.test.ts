/**
 * Numbers as people write them: the separator read from the header row, a decimal point or a
 * decimal comma decided per column, and a column mixing the two refused naming both rows.
 */
import { describe, expect, it } from "vitest";
import { isNumberText, parseNumberWith, readNumberColumn } from "../../../src/domain/csv-cells";
import { datasetFromTable, parseCsv } from "../../../src/domain/csv-parse";
import { headerSeparator } from "../../../src/domain/csv-separator";
import { InvalidDataError } from "../../../src/domain/dataset";
import { readJsonRows } from "../../../src/domain/json-rows";

function columnsOf(csv: string) {
	return parseCsv(csv).columns.map(({ name, type, values }) => ({ name, type, values }));
}

describe("the separator", () => {
	it("is the one candidate the header holds outside quotes", () => {
		expect(headerSeparator("Partei;Anteil\nSPD;25,7\n")).toBe(";");
		expect(headerSeparator("a\tb\nx\t1,5\n")).toBe("\t");
		expect(headerSeparator("year,China,India\n")).toBe(",");
		expect(headerSeparator('"Name, full";Wert\n"Müller, A.";1,5\n')).toBe(";");
		expect(headerSeparator("a|b\n")).toBe("|");
	});

	it("is left to PapaParse when the header holds none or several", () => {
		expect(headerSeparator("value\n1,5\n")).toBeUndefined();
		expect(headerSeparator("Name;Wert, in €\nA;1\n")).toBeUndefined();
	});

	it("reads a two-column `;` file of decimal commas that PapaParse alone reads as three comma cells", () => {
		expect(columnsOf("a;b\n1,5;2,5\n3,5;4,5\n")).toEqual([
			{ name: "a", type: "number", values: [1.5, 3.5] },
			{ name: "b", type: "number", values: [2.5, 4.5] },
		]);
	});

	it("reads tab-separated text, decimal commas included", () => {
		expect(columnsOf("Land\tWert\nA\t1,5\nB\t2\n")).toEqual([
			{ name: "Land", type: "text", values: ["A", "B"] },
			{ name: "Wert", type: "number", values: [1.5, 2] },
		]);
	});
});

describe("decimal commas", () => {
	it("reads a German election CSV as Excel writes it", () => {
		const csv = "Partei;Anteil;Sitze\nSPD;25,7;206\nCDU/CSU;24,1;197\nGrüne;14,8;118\nFDP;11,5;92\nAfD;10,3;83\nDie Linke;4,9;39\n";
		expect(columnsOf(csv)).toEqual([
			{ name: "Partei", type: "text", values: ["SPD", "CDU/CSU", "Grüne", "FDP", "AfD", "Die Linke"] },
			{ name: "Anteil", type: "number", values: [25.7, 24.1, 14.8, 11.5, 10.3, 4.9] },
			{ name: "Sitze", type: "number", values: [206, 197, 118, 92, 83, 39] },
		]);
	});

	it("reads percentages and the typographic minus as Excel and Word write them", () => {
		expect(columnsOf("Partei;Anteil;Änderung\nSPD;25,7 %;\u22125,2\nCDU;24,1\u00a0%;+1,2\nFDP;11,5%;\u22120,4\n")).toEqual([
			{ name: "Partei", type: "text", values: ["SPD", "CDU", "FDP"] },
			{ name: "Anteil", type: "number", values: [25.7, 24.1, 11.5] },
			{ name: "Änderung", type: "number", values: [-5.2, 1.2, -0.4] },
		]);
		expect(columnsOf('party,share\nGreens,12.5%\nLabour,"\u22121,234.5"\n')[1]?.values).toEqual([12.5, -1234.5]);
		expect([isNumberText("\u22123"), isNumberText("12 %"), isNumberText("%"), isNumberText("12 %%"), isNumberText("\u2212")]).toEqual([
			true,
			true,
			false,
			false,
			false,
		]);
	});

	it("reads `.` thousands beside a decimal comma", () => {
		expect(columnsOf("Kreis;Stimmen\nA;1.234.567,89\nB;12.345,6\nC;-7,25\n")[1]?.values).toEqual([1_234_567.89, 12_345.6, -7.25]);
	});

	it("reads space thousands (space, no-break and narrow no-break) with either mark", () => {
		expect(columnsOf("Kreis;Stimmen\nA;1 234,5\nB;2\u00a0345,25\nC;1\u202f000\n")[1]?.values).toEqual([1234.5, 2345.25, 1000]);
		expect(columnsOf('city,people\nOslo,"1 234.5"\nRome,2\u00a0761\n')[1]?.values).toEqual([1234.5, 2761]);
	});

	it("reads a US CSV with quoted thousands and a decimal point as before", () => {
		expect(columnsOf('state,income\nOhio,"1,234.5"\nUtah,"12,000"\nIowa,987.25\n')[1]?.values).toEqual([1234.5, 12_000, 987.25]);
	});

	it("reads cells that could be either (`1.234`) as the column's other cells do", () => {
		expect(columnsOf("Kreis;Stimmen\nA;1.234\nB;2,5\n")[1]?.values).toEqual([1234, 2.5]);
		expect(columnsOf("Kreis;Stimmen\nA;1.234\nB;2.5\n")[1]?.values).toEqual([1.234, 2.5]);
		expect(columnsOf('city,people\nOslo,"1,234"\nRome,"2,5"\n')[1]?.values).toEqual([1.234, 2.5]);
	});

	it("reads a column of only such cells by the file's separator: `;` a decimal comma, `,` thousands", () => {
		expect(columnsOf("Kreis;Stimmen\nA;1.234\nB;2.500\n")[1]?.values).toEqual([1234, 2500]);
		expect(columnsOf("Kreis;Anteil\nA;1,234\nB;2,500\n")[1]?.values).toEqual([1.234, 2.5]);
		expect(columnsOf('city,people\nOslo,"1,234"\nRome,"2,761"\n')[1]?.values).toEqual([1234, 2761]);
		expect(columnsOf("city,ratio\nOslo,1.234\nRome,2.761\n")[1]?.values).toEqual([1.234, 2.761]);
	});

	it("keeps plain integers and `1.5` as before, and text that is no number text", () => {
		expect(columnsOf("a;b\nx;1\ny;1.5\n")[1]?.values).toEqual([1, 1.5]);
		expect(columnsOf("a;b\nx;25,7\ny;k.o.\n")[1]).toEqual({ name: "b", type: "text", values: ["25,7", "k.o."] });
		expect(columnsOf("a;b\nx;1,2,3\ny;4\n")[1]?.type).toBe("text");
	});

	it("refuses a column that writes decimals both ways, naming it and one row of each", () => {
		const csv = 'Kreis,Stimmen\nA,"1,234.5"\nB,7\nC,"1.234,5"\n';
		expect(() => parseCsv(csv)).toThrow(InvalidDataError);
		try {
			parseCsv(csv);
		} catch (error) {
			expect((error as InvalidDataError).message).toBe(
				'Column "Stimmen" writes numbers two ways: row 2 has "1,234.5" (a decimal point) and row 4 has "1.234,5" (a decimal comma). Write every number in the column one way.',
			);
			expect((error as InvalidDataError).details).toEqual({ row: 4, column: "Stimmen" });
		}
	});

	it("reads JSON rows by the same rules, their number tokens with a point", () => {
		const { header, rows } = readJsonRows('[{"Partei":"SPD","Anteil":"25,7","Sitze":206},{"Partei":"CDU","Anteil":"28,6","Sitze":1.5}]');
		expect(datasetFromTable(header, rows).columns.map((column) => column.values)).toEqual([
			["SPD", "CDU"],
			[25.7, 28.6],
			[206, 1.5],
		]);
	});
});

describe("the cell and column readers", () => {
	it("read one cell with a given mark", () => {
		expect(parseNumberWith("1.234,5", "comma")).toBe(1234.5);
		expect(parseNumberWith("1.234,5", "point")).toBeUndefined();
		expect(parseNumberWith("0.123", "comma")).toBeUndefined();
		expect(parseNumberWith("1,5e3", "comma")).toBe(1500);
		expect(parseNumberWith("1.234 567,5", "comma")).toBeUndefined();
		expect(isNumberText("25,7")).toBe(true);
		expect(isNumberText("n/a")).toBe(false);
	});

	it("decide a column's mark from its cells", () => {
		expect(readNumberColumn(["25,7", "", "206"], "point")).toEqual({ mark: "comma", values: [25.7, null, 206] });
		expect(readNumberColumn(["1.234", "2"], "comma")).toEqual({ mark: "comma", values: [1234, 2] });
		expect(readNumberColumn(["1.234", "2"], "point")).toEqual({ mark: "point", values: [1.234, 2] });
		expect(readNumberColumn(["", ""], "point")).toEqual({ mark: "point", values: [null, null] });
		expect(readNumberColumn(["1.5", "1,5"], "point")).toEqual({ mixed: { pointIndex: 0, commaIndex: 1 } });
		expect(readNumberColumn(["1.5", "x"], "point")).toBeNull();
		expect(readNumberColumn(["1.5", "1e999"], "point")).toBeNull();
		expect(readNumberColumn(["+"], "point")).toBeNull();
	});
});
