/**
 * Data benchmark: CSV ingest (10k and 100k rows × 6 columns) in-process with peak memory,
 * beside a bare papaparse parse of the same text; a 10 MiB CSV of numbers with a decimal comma
 * (`;`-separated) beside the same numbers with a decimal point; the same uploads end to end through
 * `wrangler dev`, beside a one-row upload; and statistics search latency, beside a trivial
 * keyed request, all in the same run.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { createAccount, createKey } from "../test/harness/local/admin-ops.ts";
import { startDevServer } from "../test/harness/local/dev-server.ts";
import { importLibrary, readVegaLibrary } from "../test/harness/local/import-library.ts";
import { makeCsv } from "./lib/csv.ts";
import { markdownTable, ms, summarize } from "./lib/stats.ts";

const run = promisify(execFile);

interface ChildResult {
	ms: number;
	maxRssMiB: number;
	csvMiB: number;
}

async function child(rows: number, mode: string): Promise<ChildResult> {
	const { stdout } = await run(process.execPath, ["--import", "tsx", "bench/ingest-child.ts", String(rows), mode]);
	return JSON.parse(stdout) as ChildResult;
}

async function medianChild(rows: number, mode: string, runs: number): Promise<ChildResult> {
	const results: ChildResult[] = [];
	for (let i = 0; i < runs; i++) results.push(await child(rows, mode));
	const pick = (f: (r: ChildResult) => number) => summarize(results.map(f)).p50;
	return { ms: pick((r) => r.ms), maxRssMiB: pick((r) => r.maxRssMiB), csvMiB: results[0]?.csvMiB ?? 0 };
}

async function timed(url: string, init: RequestInit): Promise<{ ms: number; status: number }> {
	const started = performance.now();
	const res = await fetch(url, init);
	await res.arrayBuffer();
	return { ms: performance.now() - started, status: res.status };
}

export async function runDataBench() {
	const sizes = [10_000, 100_000];
	const ingest = [];
	for (const rows of sizes) {
		const baseline = await medianChild(rows, "generate-only", 3);
		const papa = await medianChild(rows, "papaparse", 3);
		const ours = await medianChild(rows, "ingest", 3);
		ingest.push({
			rows,
			csvMiB: ours.csvMiB,
			papaparseMs: papa.ms,
			ingestMs: ours.ms,
			papaparsePeakMiB: papa.maxRssMiB - baseline.maxRssMiB,
			ingestPeakMiB: ours.maxRssMiB - baseline.maxRssMiB,
		});
	}

	// About 10 MiB, the upload limit: the same values in both number styles.
	const styleRows = 160_000;
	const numberStyles = [];
	for (const [style, label] of [
		["parse-point", "decimal point, `,`-separated (reference)"],
		["parse-comma", "decimal comma, `;`-separated"],
	] as const) {
		const result = await medianChild(styleRows, style, 3);
		numberStyles.push({ style: label, csvMiB: result.csvMiB, parseMs: result.ms });
	}

	const server = await startDevServer(8793);
	try {
		await importLibrary(server.target, await readVegaLibrary());
		const { accountId } = await createAccount(server.target, { plan: "business" });
		const { key } = await createKey(server.target, { accountId, scopes: ["chart:write", "chart:read", "theme:read"], name: "bench" });
		const auth = { Authorization: `Bearer ${key}` };
		const created = await fetch(`${server.url}/v1/charts`, {
			method: "POST",
			headers: { ...auth, "Content-Type": "application/json" },
			body: "{}",
		});
		const { id } = (await created.json()) as { id: string };
		const upload = (csv: string) =>
			timed(`${server.url}/v1/charts/${id}/data`, { method: "PUT", headers: { ...auth, "Content-Type": "text/csv" }, body: csv });

		const endToEnd = [];
		const tiny = makeCsv(1);
		for (const rows of sizes) {
			const csv = makeCsv(rows);
			const samples: number[] = [];
			const reference: number[] = [];
			for (let i = 0; i < 3; i++) {
				const big = await upload(csv);
				if (big.status !== 200) throw new Error(`upload of ${rows} rows answered ${big.status}`);
				samples.push(big.ms);
				reference.push((await upload(tiny)).ms);
			}
			endToEnd.push({ rows, putMs: summarize(samples).p50, oneRowPutMs: summarize(reference).p50 });
		}

		const queries = [
			"life expectancy china",
			"aapl",
			"employment construction",
			"co2",
			"population india",
			"temperature",
			"fertility",
			"vix close",
		];
		const search: number[] = [];
		const baseline: number[] = [];
		for (let i = 0; i < 25; i++) {
			await timed(`${server.url}/v1/themes`, { headers: auth });
			await timed(`${server.url}/v1/statistics?search=x`, { headers: auth });
		}
		for (let i = 0; i < 200; i++) {
			const query = queries[i % queries.length] as string;
			search.push((await timed(`${server.url}/v1/statistics?search=${encodeURIComponent(query)}`, { headers: auth })).ms);
			baseline.push((await timed(`${server.url}/v1/themes`, { headers: auth })).ms);
		}
		const searchStats = { search: summarize(search), themes: summarize(baseline) };

		const table = [
			markdownTable(
				[
					"CSV ingest, 6 columns (in-process)",
					"CSV size",
					"papaparse only (reference)",
					"parse + layout + serialize",
					"peak memory, papaparse",
					"peak memory, ingest",
				],
				ingest.map((r) => [
					`${r.rows.toLocaleString("en")} rows`,
					`${r.csvMiB.toFixed(1)} MiB`,
					ms(r.papaparseMs),
					ms(r.ingestMs),
					`${r.papaparsePeakMiB.toFixed(0)} MiB`,
					`${r.ingestPeakMiB.toFixed(0)} MiB`,
				]),
			),
			markdownTable(
				[`CSV parse, ${styleRows.toLocaleString("en")} rows × 8 columns of grouped decimals (in-process)`, "CSV size", "parseCsv"],
				numberStyles.map((r) => [r.style, `${r.csvMiB.toFixed(1)} MiB`, ms(r.parseMs)]),
			),
			markdownTable(
				["PUT /v1/charts/{id}/data through wrangler dev", "median", "one-row upload (reference)"],
				endToEnd.map((r) => [`${r.rows.toLocaleString("en")} rows`, ms(r.putMs), ms(r.oneRowPutMs)]),
			),
			markdownTable(
				["search latency (200 requests, 8 queries)", "p50", "p99", "mean"],
				[
					["GET /v1/statistics?search=…", ms(searchStats.search.p50), ms(searchStats.search.p99), ms(searchStats.search.mean)],
					["GET /v1/themes (reference)", ms(searchStats.themes.p50), ms(searchStats.themes.p99), ms(searchStats.themes.mean)],
				],
			),
		].join("\n\n");
		return { name: "data", table, data: { ingest, numberStyles, endToEnd, search: searchStats } };
	} finally {
		await server.stop();
	}
}
