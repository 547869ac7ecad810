/**
 * Every CSV that parsed before the parser learned decimal commas and the header's separator
 * parses to exactly the same dataset (or the same refusal) now. test/fixtures/csv-parse-before.json
 * holds each CSV with the outcome the parser gave before that change: every layout example (good
 * and bad), every CSV block of docs/data.md, and shapes a new rule could touch (quoted thousands,
 * `;`, tab and `|` separators, decimal points, exponents, ISO dates). A CSV is kept with its
 * outcome, so the record does not move when the docs or the examples do.
 */
import { describe, expect, it } from "vitest";
import { parseCsv } from "../../../src/domain/csv-parse";
import before from "../../fixtures/csv-parse-before.json";

interface Recorded {
	name: string;
	csv: string;
	outcome: unknown;
}

function parseOutcome(csv: string): unknown {
	try {
		return { dataset: parseCsv(csv) };
	} catch (error) {
		return { refused: (error as Error).message };
	}
}

describe("CSVs that parsed before parse the same", () => {
	it.each((before as Recorded[]).map((entry) => [entry.name, entry] as const))("%s", (_, { csv, outcome }) => {
		expect(parseOutcome(csv)).toEqual(outcome);
	});
});
