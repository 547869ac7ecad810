/**
 * `npm run library:import`: loads the statistics library into D1. Without --file it loads the
 * demo library built from the vega-datasets package. Local by default.
 *
 *   npm run library:import [-- --file my-library.json] [--persist-to DIR | --remote] [--force] [--json]
 */
import { parseArgs } from "node:util";
import type { Target } from "../test/harness/local/d1.ts";
import { applyMigrations } from "../test/harness/local/d1.ts";
import { importLibrary, readLibraryFile, readVegaLibrary } from "../test/harness/local/import-library.ts";

const { values } = parseArgs({
	args: process.argv.slice(2),
	options: {
		file: { type: "string" },
		"persist-to": { type: "string" },
		remote: { type: "boolean", default: false },
		force: { type: "boolean", default: false },
		json: { type: "boolean", default: false },
	},
});
const target: Target = { remote: values.remote ?? false, persistTo: values["persist-to"] };

try {
	// Locally the schema is brought up to date first; remotely `npm run deploy` does that.
	if (!target.remote) await applyMigrations(target);
	const library = values.file ? await readLibraryFile(values.file) : await readVegaLibrary();
	const summaries = await importLibrary(target, library, values.force ?? false);
	if (values.json) console.log(JSON.stringify(summaries));
	else {
		for (const s of summaries) {
			console.log(
				`${s.skipped ? "unchanged" : "imported "} ${s.source.padEnd(18)} ${String(s.statistics).padStart(4)} statistics ${String(s.observations).padStart(6)} observations`,
			);
		}
	}
} catch (error) {
	console.error(`library:import: ${error instanceof Error ? error.message : String(error)}`);
	process.exit(1);
}
