/**
 * Column roles with tables as people bring them: given roles draw what they name, roles chosen
 * from the columns' types draw a wide table's numbers and a long table's series, and every
 * layout example reads exactly as before (the same dataset object, the same series).
 */
import { describe, expect, it } from "vitest";
import type { ColumnRoles } from "../../../src/domain/column-roles";
import { projectDataset } from "../../../src/domain/column-roles";
import { readTable } from "../../../src/domain/column-roles-auto";
import { parseCsv } from "../../../src/domain/csv-parse";
import { InvalidDataError } from "../../../src/domain/dataset";
import { chartKinds } from "../../../src/domain/kinds";
import { layoutExamples } from "../../../src/domain/layout-examples";
import { seriesForLayout } from "../../../src/domain/layouts";
import { countryTable } from "../../fixtures/country-table";

const longLifeExp = [
	"country,year,lifeExp",
	"China,2002,72.028",
	"China,2007,72.961",
	"India,2002,62.879",
	"India,2007,64.698",
	"Japan,1997,80.69",
	"Japan,2002,82",
	"Japan,2007,82.603",
].join("\n");

const election = [
	"Wahlkreis Nr,Wahlkreis,Bundesland,CDU,SPD,Grüne,AfD",
	"1,Flensburg – Schleswig,Schleswig-Holstein,28.1,24.6,21.9,7.1",
	"2,Nordfriesland – Dithmarschen Nord,Schleswig-Holstein,31.2,25.3,14.8,8.4",
	"3,Steinburg – Dithmarschen Süd,Schleswig-Holstein,30.4,27.1,12.2,9.9",
].join("\n");

describe("given roles", () => {
	it("draw a 10-column country table as a bubble scatter", () => {
		const roles = { x: "gdpPercap", y: "lifeExp", size: "pop", label: "country", group: "continent" };
		const read = readTable("scatter", parseCsv(countryTable), { columns: roles });
		expect(read.drawn.columns.map((c) => c.name)).toEqual(["country", "gdpPercap", "lifeExp", "pop", "continent"]);
		expect(read.seriesNames).toEqual(["lifeExp", "pop"]);
		expect(read.roles).toEqual(roles);
	});

	it("pivot a long table into one series per country, periods in order", () => {
		const read = readTable("line", parseCsv(longLifeExp), { columns: { x: "year", y: "lifeExp", series: "country" } });
		expect(read.seriesNames).toEqual(["China", "India", "Japan"]);
		expect(read.drawn.columns[0]?.values).toEqual([1997, 2002, 2007]);
		expect(read.drawn.columns[3]?.values).toEqual([80.69, 82, 82.603]);
		expect(read.drawn.columns[1]?.values).toEqual([null, 72.028, 72.961]); // a missing pair is a gap
	});

	it("refuse a role the kind lacks, a name that is not a column, and a pair given twice", () => {
		const data = parseCsv(longLifeExp);
		const refusal = (kind: "line" | "pie", roles: ColumnRoles, dataset = data) => {
			try {
				readTable(kind, dataset, { columns: roles });
			} catch (error) {
				expect(error).toBeInstanceOf(InvalidDataError);
				return error as InvalidDataError;
			}
			throw new Error("not refused");
		};
		expect(refusal("line", { x: "year", colour: "country" }).message).toMatch(
			/"colour" is not a role of a line chart; its roles are "x", "y", "series"/,
		);
		const missing = refusal("line", { x: "year", y: "lifeExpectancy" });
		expect(missing.message).toMatch(/"lifeExpectancy" is not a column/);
		expect(missing.details?.validColumns).toEqual(["country", "year", "lifeExp"]);
		const twice = parseCsv(`${longLifeExp}\nChina,2007,73`);
		expect(refusal("line", { x: "year", y: "lifeExp", series: "country" }, twice).message).toMatch(/Rows 3 and 9 both give/);
		expect(refusal("line", { x: "year", y: "country" }).message).toMatch(/"country" must hold numbers/);
		expect(refusal("line", { x: "year", y: "year" }).message).toMatch(/column "year" is named as both x and y; each column plays one role/);
		expect(refusal("line", { x: "country", y: ["lifeExp", "lifeExp"] }).message).toMatch(/column "lifeExp" is named twice in y/);
	});
});

describe("roles chosen from the columns", () => {
	it("read a long table in the tidy form, never the year as a series", () => {
		const read = readTable("line", parseCsv(longLifeExp), {});
		expect(read.roles).toEqual({ x: "year", y: "lifeExp", series: "country" });
		expect(read.seriesNames).toEqual(["China", "India", "Japan"]);
	});

	it("draw an election table's vote columns beside its text and id columns", () => {
		const read = readTable("horizontal-bar", parseCsv(election), {});
		expect(read.seriesNames).toEqual(["CDU", "SPD", "Grüne", "AfD"]);
		expect(read.roles).toEqual({ x: "Wahlkreis", y: ["CDU", "SPD", "Grüne", "AfD"] });
	});

	it("propose roles for a table that cannot be read without guessing", () => {
		let refused: InvalidDataError | null = null;
		try {
			readTable("scatter", parseCsv(countryTable), {});
		} catch (error) {
			refused = error as InvalidDataError;
		}
		expect(refused).toBeInstanceOf(InvalidDataError);
		expect(refused?.message).toMatch(/meta\.columns/);
		const proposal = refused?.details?.columns as ColumnRoles;
		expect(proposal).toMatchObject({ label: "country", group: "continent" });
		// What it proposes draws.
		expect(() => projectDataset("scatter", parseCsv(countryTable), proposal)).not.toThrow();
	});

	it("read every layout example exactly as before", () => {
		for (const kind of chartKinds) {
			const dataset = parseCsv(layoutExamples[kind].csv);
			const read = readTable(kind, dataset, {});
			expect(read.drawn, kind).toBe(dataset);
			expect(read.seriesNames, kind).toEqual(seriesForLayout(kind, dataset));
			// And the roles it shows draw the same table.
			expect(projectDataset(kind, dataset, read.roles), kind).toEqual(dataset);
		}
	});
});

describe("dates as people write them", () => {
	it("read a day-first column as dates, and an ambiguous one only as meta.dateOrder says", () => {
		const dayFirst = readTable("line", parseCsv("Datum,Wert\n30/11/2024,1\n31/12/2024,2\n"), {});
		expect(dayFirst.drawn.columns[0]).toMatchObject({ type: "date", values: ["2024-11-30", "2024-12-31"] });
		const either = parseCsv("Datum,Wert\n01/02/2024,1\n02/03/2024,2\n");
		expect(readTable("line", either, {}).drawn.columns[0]).toMatchObject({ type: "text", values: ["01/02/2024", "02/03/2024"] });
		expect(readTable("line", either, { dateOrder: "month-first" }).drawn.columns[0]).toMatchObject({
			type: "date",
			values: ["2024-01-02", "2024-02-03"],
		});
		// A long table keyed by such dates is read in the tidy form.
		const wind = readTable(
			"line",
			parseCsv("date,station,speed\n31/01/2024,Nord,4.5\n31/01/2024,Süd,3.1\n29/02/2024,Nord,5\n29/02/2024,Süd,2.2\n"),
			{},
		);
		expect([wind.roles, wind.seriesNames]).toEqual([{ x: "date", y: "speed", series: "station" }, ["Nord", "Süd"]]);
	});
});

describe("period and id columns", () => {
	it("are left out of a table that is otherwise in its layout", () => {
		const read = readTable("horizontal-bar", parseCsv("party,year,seats\nSPD,2021,206\nCDU,2021,197\n"), {});
		expect([read.roles, read.seriesNames]).toEqual([{ x: "party", y: ["seats"] }, ["seats"]]);
		const pie = readTable("pie", parseCsv("party,id,share\nSPD,1,25.7\nCDU,2,24.1\n"), {});
		expect(pie.seriesNames).toEqual(["share"]);
	});
});

describe("a number column with a typo", () => {
	it("is refused at its cell, not left out of the drawing", () => {
		expect(() => readTable("line", parseCsv("year,North,South\n2020,12,3\n2021,2O,4\n2022,14,5\n"), {})).toThrow(
			/column 2 \("North"\) must hold numbers, but row 3 has "2O"/,
		);
	});
});

describe("a long table with several measures", () => {
	const jobs = [
		"sector,year,jobs,wages",
		"Manufacturing,2022,410,3900",
		"Manufacturing,2023,402,4010",
		"Retail,2022,380,2700",
		"Retail,2023,391,2790",
	].join("\n");

	it("is refused with the tidy form proposed, never drawn along its repeated category", () => {
		for (const kind of ["line", "horizontal-bar"] as const) {
			let refused: InvalidDataError | null = null;
			try {
				readTable(kind, parseCsv(jobs), {});
			} catch (error) {
				refused = error as InvalidDataError;
			}
			expect(refused, kind).toBeInstanceOf(InvalidDataError);
			expect(refused?.details?.columns, kind).toEqual({ x: "year", y: "jobs", series: "sector" });
			expect(refused?.message, kind).toMatch(/meta\.columns, for example \{"x":"year","y":"jobs","series":"sector"\}/);
		}
		// What it proposes draws one series per sector.
		expect(readTable("line", parseCsv(jobs), { columns: { x: "year", y: "wages", series: "sector" } }).seriesNames).toEqual([
			"Manufacturing",
			"Retail",
		]);
	});
});

describe("a typo in a number column beside text columns", () => {
	it("is refused at the number column's cell, not blamed on the text column", () => {
		expect(() => readTable("horizontal-bar", parseCsv("party,note,seats\nGreens,hello,19\nLabour,,x\nSPD,,3\n"), {})).toThrow(
			/^column 3 \("seats"\) must hold numbers, but row 3 has "x": correct the cell/,
		);
	});
});

describe("refusals that say what to do", () => {
	it("name the typo, not a missing-value mark before it, and ask an ambiguous calendar for its date order", () => {
		expect(() => readTable("line", parseCsv("year,Coal\n2020,12\n2021,NA\n2022,2O\n"), {})).toThrow(/row 4 has "2O"/);
		const calendar = parseCsv("Datum;Wert\n01/02/2024;1\n02/03/2024;2\n");
		expect(() => readTable("heatmap", calendar, {})).toThrow(
			/such as "01\/02\/2024" in row 2, read with the day first or the month first\. Say which with meta\.dateOrder/,
		);
		expect(readTable("heatmap", calendar, { dateOrder: "day-first" }).drawn.columns[0]?.values).toEqual(["2024-02-01", "2024-03-02"]);
	});
});

describe("a line's periods out of order", () => {
	const years = "year,rate\n2010,5.1\n2012,5.6\n2011,5.3\n2015,6.0\n";

	it("are drawn in order, with and without given roles, while a bar chart keeps the table's order", () => {
		const drawnYears = (read: { drawn: { columns: { values: unknown[] }[] } }) => read.drawn.columns.map((column) => column.values);
		const inOrder = [
			[2010, 2011, 2012, 2015],
			[5.1, 5.3, 5.6, 6.0],
		];
		expect(drawnYears(readTable("line", parseCsv(years), {}))).toEqual(inOrder);
		expect(drawnYears(readTable("line", parseCsv(years), { columns: { x: "year", y: "rate" } }))).toEqual(inOrder);
		const dates = readTable("themeriver", parseCsv("date,a\n2024-03-01,3\n2024-01-01,1\n,9\n2024-02-01,2\n"), {});
		expect(drawnYears(dates)).toEqual([
			["2024-01-01", "2024-02-01", "2024-03-01", null],
			[1, 2, 3, 9],
		]);
		expect(drawnYears(readTable("horizontal-bar", parseCsv(years), { columns: { x: "year", y: "rate" } }))[0]).toEqual([
			2010, 2012, 2011, 2015,
		]);
		// A refusal names the row as the table has it, not as it is drawn.
		expect(() => readTable("line", parseCsv("year,rate\n2012,5\n2010,x\n2011,4\n"), { columns: { x: "year", y: "rate" } })).toThrow(
			/row 3 has "x"/,
		);
	});
});
