/**
 * How a table writes its cells: quantities in the chart's number format, and the numbers that are
 * no quantity (a year, a constituency number, a code) as they are written.
 */
import { describe, expect, it } from "vitest";
import { builtInThemes } from "../../../src/domain/themes";
import { cellWriter } from "../../../src/render/kinds/table-cells";
import { renderInputFor } from "../../harness/workerd/render-input";

const theme = (builtInThemes[0] as (typeof builtInThemes)[number]).definition;

describe("table cells", () => {
	it("write years and ids as they are, and quantities grouped in the number format", () => {
		const table = renderInputFor({ kind: "table", csv: "Nr,country,year,gdp\n1001,Germany,2020,48000\n", meta: {}, theme });
		const write = cellWriter(table);
		const cells = table.dataset.columns.map((column) => write(column, column.values[0] ?? null));
		expect(cells).toEqual(["1001", "Germany", "2020", "48,000"]);
		const german = renderInputFor({ kind: "table", csv: "Jahr,BIP\n2020,48000\n", meta: { locale: "de-DE" }, theme });
		expect(german.dataset.columns.map((column) => cellWriter(german)(column, column.values[0] ?? null))).toEqual(["2020", "48.000"]);
	});
});
