/**
 * A theme river spaces its periods as a line does: dates by time (UTC), years and other numbers
 * by value, text one even step per row, so a census every ten years and then every year does not
 * draw the decades as narrow as the years.
 */
import { describe, expect, it } from "vitest";
import type { Meta } from "../../../src/domain/meta";
import { chartOption } from "../../../src/render/option";
import { renderInputFor } from "../../harness/workerd/render-input";

type SingleAxis = {
	type?: string;
	min?: number;
	max?: number;
	axisLabel?: { formatter?: (value: number) => string; customValues?: number[] };
};

function built(csv: string, meta: Meta = {}) {
	const option = chartOption(renderInputFor({ kind: "themeriver", csv, meta }));
	const data = ((option.series as { data: unknown[][] }[])[0]?.data ?? []).filter((point) => point[2] === "A");
	return { option, axis: option.singleAxis as SingleAxis, xs: data.map((point) => point[0]) };
}

describe("a theme river's periods", () => {
	it("are placed by their years, written as years on whole-year ticks", () => {
		const { axis, xs } = built("year,A,B\n1950,1,2\n1990,2,3\n2020,3,1\n2021,4,2\n");
		expect(xs).toEqual([1950, 1990, 2020, 2021]);
		expect(axis).toMatchObject({ type: "value", min: 1950, max: 2021 });
		expect(axis.axisLabel?.formatter?.(2000)).toBe("2000");
		expect(axis.axisLabel?.customValues?.every((tick) => Number.isInteger(tick))).toBe(true);
	});

	it("are placed by their dates in UTC, and text stays one step per row", () => {
		const { option, axis, xs } = built("day,A,B\n2024-01-01,1,2\n2024-02-01,2,3\n2024-06-01,3,1\n");
		expect(xs).toEqual([Date.UTC(2024, 0, 1), Date.UTC(2024, 1, 1), Date.UTC(2024, 5, 1)]);
		expect([axis.type, option.useUTC]).toEqual(["time", true]);
		expect(axis.axisLabel?.formatter?.(Date.UTC(2024, 2, 1))).toBe("2024-03");
		const quarters = built("quarter,A,B\n2024 Q1,1,2\n2024 Q2,2,3\n2024 Q3,3,1\n");
		expect(quarters.xs).toEqual([0, 1, 2]);
		expect(quarters.axis.axisLabel?.formatter?.(1)).toBe("2024 Q2");
	});
});
