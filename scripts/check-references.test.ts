/**
 * `npm run check:references`: a comment, test name or doc that cites an issue number or a document
 * outside the repository is found (a clone cannot follow it), code and data strings are not read,
 * and the repository has none.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, it } from "node:test";
import { findReferences, referenceFiles } from "./check-references.ts";

const root = resolve(import.meta.dirname, "..");

describe("check:references", () => {
	it("finds issue numbers and outside documents in comments and docs, not in code", () => {
		const source = [
			"// Loaded lazily (issue 26), as DESIGN D33 says.",
			'const label = "issue 26"; // a string the code uses is not a citation',
			"/** See spec §4.2 and CONSOLE.md. */",
			"// Cites docs/design.md#d33 and docs/contract.md#section-4-2: both in the repository.",
		].join("\n");
		assert.deepEqual(
			findReferences("src/x.ts", source).map(({ line, found }) => `${line}: ${found}`),
			["1: issue 26", "1: DESIGN", "3: spec §4.2", "3: CONSOLE.md"],
		);
		assert.deepEqual(
			findReferences("docs/x.md", "Fixed in issue 12; see ../shared/DESIGN.md.\n").map(({ found }) => found),
			["issue 12", "shared/", "DESIGN"],
		);
	});

	it("the repository cites only itself", () => {
		const findings = referenceFiles().flatMap((file) => findReferences(file, readFileSync(join(root, file), "utf8")));
		assert.deepEqual(findings, []);
	});
});
