/**
 * One ingest measurement in a fresh process, so its peak memory (max RSS) is its own.
 * Usage: ingest-child.ts <rows> <papaparse|ingest|generate-only|parse-point|parse-comma>. Prints
 * JSON. parse-point and parse-comma parse makeNumbersCsv's text in that number style.
 */
import Papa from "papaparse";
import { parseCsv } from "../src/domain/csv-parse.ts";
import { seriesForLayout } from "../src/domain/layouts.ts";
import { makeCsv, makeNumbersCsv } from "./lib/csv.ts";

const rows = Number(process.argv[2]);
const mode = process.argv[3];
const numberStyle = mode === "parse-point" ? "point" : mode === "parse-comma" ? "comma" : null;
const csv = numberStyle ? makeNumbersCsv(rows, numberStyle) : makeCsv(rows);
const started = performance.now();
if (mode === "papaparse") Papa.parse(csv, { header: false, skipEmptyLines: "greedy" });
if (mode === "ingest") {
	const dataset = parseCsv(csv);
	seriesForLayout("line", dataset);
	JSON.stringify(dataset);
}
if (numberStyle) parseCsv(csv);
const ms = performance.now() - started;
console.log(JSON.stringify({ ms, maxRssMiB: process.resourceUsage().maxRSS / 1024, csvMiB: csv.length / 2 ** 20 }));
