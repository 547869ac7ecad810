import { describe, expect, it } from "vitest";
import { parseCsv } from "../../../src/domain/csv-parse";
import { InvalidDataError } from "../../../src/domain/dataset";
import { describeCycle, seriesForLayout } from "../../../src/domain/layouts";

/** `n0,n1,1` / `n1,n2,1` / …: a chain of `links` links, closed into a cycle when asked. */
function chainCsv(links: number, closed = false): string {
	const rows = Array.from({ length: links }, (_, i) => `n${i},n${closed && i === links - 1 ? 0 : i + 1},1`);
	return `source,target,value\n${rows.join("\n")}\n`;
}

function layoutError(csv: string): InvalidDataError {
	try {
		seriesForLayout("sankey", parseCsv(csv));
	} catch (error) {
		if (error instanceof InvalidDataError) return error;
		throw error;
	}
	throw new Error("the layout was accepted");
}

describe("sankey cycle check", () => {
	it("accepts a chain of 10,000 links without running out of stack", () => {
		expect(seriesForLayout("sankey", parseCsv(chainCsv(10_000)))).toEqual(["value"]);
	});

	it("accepts a DAG where many paths share nodes", () => {
		const rows = ["source,target,value"];
		for (let i = 0; i < 2000; i++) rows.push(`a${i},a${i + 1},1`, `a${i},b${i},1`, `b${i},a${i + 1},1`);
		expect(seriesForLayout("sankey", parseCsv(`${rows.join("\n")}\n`))).toEqual(["value"]);
	});

	it("names a cycle of 10,000 links by its start and end", () => {
		const error = layoutError(chainCsv(10_000, true));
		expect(error.message).toContain("cycle (n0 → n1 → n2 → n3 → n4 → … 9991 more … → n9996 → n9997 → n9998 → n9999 → n0)");
		expect(error.message).toContain("10000 links long");
	});

	it("names the nodes of a cycle reached through a long chain, and only those", () => {
		const rows = Array.from({ length: 5000 }, (_, i) => `n${i},n${i + 1},1`);
		rows.push("n5000,x,1", "x,y,1", "y,n5000,1");
		const error = layoutError(`source,target,value\n${rows.join("\n")}\n`);
		expect(error.message).toContain("cycle (n5000 → x → y → n5000)");
	});

	it("writes short cycles out in full", () => {
		expect(describeCycle(["A", "B", "A"])).toBe("A → B → A");
	});
});
