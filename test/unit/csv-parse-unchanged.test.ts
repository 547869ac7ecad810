/**
 * Every CSV that parsed before the parser learned decimal commas and the header's separator
 * parses to exactly the same dataset (or the same refusal) now: the layout examples, docs/data.md
 * and the shapes in test/helpers/csv-corpus.ts, against the parse recorded before the change.
 */
import { describe, expect, it } from "vitest";
import dataDoc from "../../docs/data.md?raw";
import { parseCsv } from "../../src/domain/csv-parse";
import before from "../fixtures/csv-parse-before.json";
import { csvCorpus } from "../helpers/csv-corpus";

function parseOutcome(csv: string): unknown {
	try {
		return { dataset: parseCsv(csv) };
	} catch (error) {
		return { refused: (error as Error).message };
	}
}

describe("CSVs that parsed before parse the same", () => {
	const recorded = before as Record<string, unknown>;
	it.each(csvCorpus(dataDoc))("%s", (name, csv) => {
		expect(recorded[name], `${name} is not in the recorded parse`).toBeDefined();
		expect(parseOutcome(csv)).toEqual(recorded[name]);
	});
});
