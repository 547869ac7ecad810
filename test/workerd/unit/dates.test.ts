import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isIsoDate, parseCsv } from "../../../src/domain/csv-parse";
import { InvalidDataError } from "../../../src/domain/dataset";
import { seriesForLayout } from "../../../src/domain/layouts";
import { LibraryStatistic } from "../../harness/library/format";
import { propertyRuns } from "../../harness/workerd/tier";

function pad(value: number, width = 2): string {
	return String(value).padStart(width, "0");
}

describe("isIsoDate: real calendar dates only", () => {
	it.each([
		"2026-02-28",
		"2024-02-29",
		"2000-02-29",
		"2026-04-30",
		"2026-12-31",
		"2026-01",
		"2026-12",
		"2026-03-01T00:00",
		"2026-03-01 23:59:59.5",
		"2026-03-01T10:00:00Z",
		"2026-03-01T10:00:00+05:30",
	])("%s is a date", (text) => {
		expect(isIsoDate(text)).toBe(true);
	});

	it.each([
		"2026-02-30",
		"2026-02-29",
		"1900-02-29",
		"2026-04-31",
		"2026-06-31",
		"2026-01-32",
		"2026-01-00",
		"2026-13",
		"2026-00",
		"2026-13-01",
		"2026-03-01T24:00",
		"2026-03-01T10:60",
		"2026-03-01T10:00:60",
		"2026-03-01T10:00:00+24:00",
		"2026-3-1",
		"March 2026",
	])("%s is not", (text) => {
		expect(isIsoDate(text)).toBe(false);
	});

	it("agrees with the calendar for every year, month and day", () => {
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), (y, m, d) => {
				const date = new Date(0);
				date.setUTCFullYear(y, m - 1, d);
				const real = m >= 1 && m <= 12 && d >= 1 && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
				expect(isIsoDate(`${pad(y, 4)}-${pad(m)}-${pad(d)}`)).toBe(real);
			}),
			propertyRuns(2000, 300),
		);
	});
});

describe("CSV column typing with impossible dates", () => {
	it("types a column holding 2026-02-30 as text, so a line chart draws it as categories", () => {
		const dataset = parseCsv("period,sales\n2026-02-28,1\n2026-02-30,2\n2026-03-01,3\n");
		expect(dataset.columns[0]?.type).toBe("text");
		expect(seriesForLayout("line", dataset)).toEqual(["sales"]);
	});

	it("types a column of real dates and months as dates", () => {
		expect(parseCsv("period,sales\n2024-02-29,1\n2024-03-01,2\n").columns[0]?.type).toBe("date");
		expect(parseCsv("month,sales\n2026-01,1\n2026-12,2\n").columns[0]?.type).toBe("date");
		expect(parseCsv("month,sales\n2026-01,1\n2026-13,2\n").columns[0]?.type).toBe("text");
	});

	it("refuses a candlestick whose date column holds an impossible date, naming the row", () => {
		const csv = "date,open,high,low,close\n2026-02-27,1,2,0,1\n2026-02-30,1,2,0,1\n";
		let error: unknown;
		try {
			seriesForLayout("candlestick", parseCsv(csv));
		} catch (thrown) {
			error = thrown;
		}
		expect(error).toBeInstanceOf(InvalidDataError);
		expect((error as InvalidDataError).message).toContain('row 3 has "2026-02-30", which is not a calendar date');
		expect((error as InvalidDataError).details).toEqual({ row: 3, column: "date" });
	});

	it("refuses a calendar heatmap with an impossible date, naming the row", () => {
		expect(() => seriesForLayout("heatmap", parseCsv("day,visits\n2026-04-31,3\n"))).toThrow('row 2 has "2026-04-31"');
	});
});

describe("library periods share the strict check", () => {
	const statistic = (period: string) => ({
		id: "s",
		title: "S",
		seriesName: "S",
		unit: "",
		frequency: "daily",
		dimensions: {},
		observations: [[period, 1]],
	});

	it("accepts 2024-02-29 and refuses 2026-02-30", () => {
		expect(LibraryStatistic.safeParse(statistic("2024-02-29")).success).toBe(true);
		expect(LibraryStatistic.safeParse(statistic("2026")).success).toBe(true);
		expect(LibraryStatistic.safeParse(statistic("2026-02-30")).success).toBe(false);
	});
});
