/**
 * `npm run bench`: runs every benchmark suite, prints its table, and writes the results as
 * JSON to `bench/results/<suite>.json` (and all of them to `bench/results/latest.json`).
 * Timings belong here, never in tests.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { cpus, totalmem } from "node:os";
import { runArchiveBench } from "./archive.ts";
import { runBoundedWorkBench } from "./bounded-work.ts";
import { runColdstartBench } from "./coldstart.ts";
import { runDataBench } from "./data.ts";
import { runElectionBench } from "./election.ts";
import { runEmbedsBench } from "./embeds.ts";
import { runLimitsBench } from "./limits.ts";
import { runLoadBench } from "./load.ts";
import { runProfileBench } from "./profile.ts";
import { runQueriesBench } from "./queries.ts";
import { runRenderBench } from "./render.ts";
import { runRenderLimitsBench } from "./render-limits.ts";

const suites = {
	limits: runLimitsBench,
	data: runDataBench,
	render: runRenderBench,
	"render-limits": runRenderLimitsBench,
	load: runLoadBench,
	profile: runProfileBench,
	embeds: runEmbedsBench,
	coldstart: runColdstartBench,
	queries: runQueriesBench,
	bounded: runBoundedWorkBench,
	archive: runArchiveBench,
	election: runElectionBench,
};

const only = process.argv.slice(2);
const machine = {
	cpus: cpus().length,
	cpuModel: cpus()[0]?.model ?? "unknown",
	memoryGiB: Math.round(totalmem() / 2 ** 30),
	node: process.version,
};
const results: Record<string, unknown> = {};
await mkdir("bench/results", { recursive: true });
for (const [name, run] of Object.entries(suites)) {
	if (only.length > 0 && !only.includes(name)) continue;
	console.log(`\n## ${name}\n`);
	const result = await run();
	console.log(result.table);
	const record = { suite: name, ranAt: new Date().toISOString(), machine, ...result.data, table: result.table };
	results[name] = record;
	await writeFile(`bench/results/${name}.json`, `${JSON.stringify(record, null, 2)}\n`);
}
// A run of some suites updates theirs and keeps the others' latest results.
const previous = await readFile("bench/results/latest.json", "utf8").then(
	(text) => JSON.parse(text) as Record<string, unknown>,
	() => ({}),
);
await writeFile("bench/results/latest.json", `${JSON.stringify({ ...previous, ...results }, null, 2)}\n`);
