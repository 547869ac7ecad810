/** Day/month dates: which order a column is written in, and one date as ISO in a given order. */
import { describe, expect, it } from "vitest";
import { dayMonthOrderOf, isoFromDayMonth } from "../../../src/domain/csv-cells";
import { parseCsv } from "../../../src/domain/csv-parse";

describe("dayMonthOrderOf", () => {
	it("is day-first when a first part can only be a day", () => {
		expect(dayMonthOrderOf(["01/12/2024", "31/12/2024", null, ""])).toBe("day-first");
		expect(dayMonthOrderOf(["31.12.2024", "1.2.2025"])).toBe("day-first");
		expect(dayMonthOrderOf(["31-12-2024"])).toBe("day-first");
	});

	it("is month-first when a second part can only be a day", () => {
		expect(dayMonthOrderOf(["12/31/2024", "1/2/2025"])).toBe("month-first");
	});

	it("is ambiguous when every date reads either way", () => {
		expect(dayMonthOrderOf(["01/02/2024", "3/4/2024"])).toBe("ambiguous");
	});

	it("is null when the cells disagree, are no real date, are of another shape, or are empty", () => {
		expect(dayMonthOrderOf(["31/12/2024", "12/31/2024"])).toBeNull();
		expect(dayMonthOrderOf(["31/02/2024"])).toBeNull();
		expect(dayMonthOrderOf(["29/02/2023"])).toBeNull();
		expect(dayMonthOrderOf(["01/02/2024", "2024-02-03"])).toBeNull();
		expect(dayMonthOrderOf(["1/2/24"])).toBeNull();
		expect(dayMonthOrderOf(["31/12.2024"])).toBeNull();
		expect(dayMonthOrderOf(["Paris"])).toBeNull();
		expect(dayMonthOrderOf([null, ""])).toBeNull();
	});
});

describe("isoFromDayMonth", () => {
	it("writes the date as ISO in the order given", () => {
		expect(isoFromDayMonth("31/12/2024", "day-first")).toBe("2024-12-31");
		expect(isoFromDayMonth("12/31/2024", "month-first")).toBe("2024-12-31");
		expect(isoFromDayMonth("1.2.2024", "day-first")).toBe("2024-02-01");
		expect(isoFromDayMonth("1.2.2024", "month-first")).toBe("2024-01-02");
		expect(isoFromDayMonth("29-02-2024", "day-first")).toBe("2024-02-29");
	});

	it("is null for no real date in that order, or another shape", () => {
		expect(isoFromDayMonth("31/02/2024", "day-first")).toBeNull();
		expect(isoFromDayMonth("12/31/2024", "day-first")).toBeNull();
		expect(isoFromDayMonth("29/02/2023", "day-first")).toBeNull();
		expect(isoFromDayMonth("2024-12-31", "day-first")).toBeNull();
	});

	it("leaves a day/month column as the text it was when the CSV is read", () => {
		const column = parseCsv("Datum;Wert\n31.12.2024;1\n01.01.2025;2\n").columns[0];
		expect(column).toEqual({ name: "Datum", type: "text", values: ["31.12.2024", "01.01.2025"] });
	});
});
