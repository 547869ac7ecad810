/**
 * Bounded work for legal input (`npm run bench -- bounded`): what a request does with the
 * largest input it accepts, each case in a fresh Node process (bounded-work-child.ts) so its CPU
 * time is a cold isolate's and its peak memory its own, medians of 3. Beside each figure its
 * reference from the same run: a 10 MiB JSON linked source beside the same data as CSV, and the
 * colour check of a 499-series chart beside that of a 5-series chart.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { markdownTable, ms, summarize } from "./lib/stats.ts";

const run = promisify(execFile);

interface Sample {
	cpuMs: number;
	wallMs: number;
	maxRssMiB: number;
	result: string;
}

async function measure(name: string, runs = 3): Promise<Sample> {
	const samples: Sample[] = [];
	for (let i = 0; i < runs; i++) {
		const { stdout } = await run(process.execPath, ["--import", "tsx", "bench/bounded-work-child.ts", name], { maxBuffer: 1 << 20 });
		samples.push(JSON.parse(stdout) as Sample);
	}
	const median = (pick: (s: Sample) => number) => summarize(samples.map(pick)).p50;
	return {
		cpuMs: median((s) => s.cpuMs),
		wallMs: median((s) => s.wallMs),
		maxRssMiB: median((s) => s.maxRssMiB),
		result: samples[0]?.result ?? "",
	};
}

function row(label: string, sample: Sample): (string | number)[] {
	return [label, ms(sample.cpuMs), ms(sample.wallMs), `${sample.maxRssMiB.toFixed(0)} MiB`, sample.result.slice(0, 70)];
}

export async function runBoundedWorkBench() {
	const cases = {
		jsonWide: await measure("json-wide"),
		csvWide: await measure("csv-wide"),
		jsonRows: await measure("json-rows"),
		csvRows: await measure("csv-rows"),
		checks499: await measure("checks-499"),
		checks499Palette: await measure("checks-499-palette"),
		checks5: await measure("checks-5"),
	};
	const header = ["what one request does (fresh process, median of 3)", "CPU", "wall", "peak memory added", "answer"];
	const table = [
		markdownTable(header, [
			row("10 MiB JSON source, one row of ~510,000 keys", cases.jsonWide),
			row("the same as CSV (reference)", cases.csvWide),
			row("JSON source, 130,000 rows × 6 columns (9.5 MiB)", cases.jsonRows),
			row("the same as CSV (reference)", cases.csvRows),
		]),
		markdownTable(header, [
			row("colour check, 499 series in their own colours (50 drawn)", cases.checks499),
			row("colour check, 499 series in the palette's 6 colours (50 drawn)", cases.checks499Palette),
			row("colour check, 5 series in their own colours (reference)", cases.checks5),
		]),
	].join("\n\n");
	return { name: "bounded", table, data: cases };
}
