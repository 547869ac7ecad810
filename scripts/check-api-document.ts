/**
 * The OpenAPI documents checked with outside tools against a running `wrangler dev`, so the
 * document keeps saying what the server does (docs/testing.md):
 *
 * - Redocly (`redocly.yaml`) and Spectral (`.spectral.yaml`) lint `GET /v1/openapi.json` and
 *   `GET /console/api/openapi.json`: any warning fails;
 * - Schemathesis (from PyPI, in the clients' venv) sends a few hundred requests generated from
 *   the public document, with a key, on a fixed seed: any 5xx, or any answer whose status,
 *   content type, headers or body the document does not declare, fails.
 *
 * scripts/test-clients.ts runs it against the clients' server; alone:
 *
 *   tsx scripts/check-api-document.ts --url http://127.0.0.1:8803 --key cs_… [--schemathesis path/to/schemathesis]
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type Finished, outcome, runCommand } from "./lib/run-script.ts";

/** The version `scripts/test-clients.ts` installs into the clients' venv beside the client. */
export const schemathesisRequirement = "schemathesis==4.32.5";

/**
 * The checks that make a regression of the document fail: a 5xx, and an answer off the
 * document. The others Schemathesis has (`--checks all`) also flag answers that depend on state
 * a generated request cannot know (an id that exists, a chart that has data), so they are run
 * by hand (docs/testing.md), not on every `npm test`.
 */
const fuzzChecks = [
	"not_a_server_error",
	"status_code_conformance",
	"content_type_conformance",
	"response_headers_conformance",
	"response_schema_conformance",
];

/** About 8 requests per operation: a few hundred over the public API, well under a minute. */
const examplesPerOperation = 8;
const seed = 20261128;

export interface ApiDocumentCheck {
	/** The server, e.g. http://127.0.0.1:8803 */
	url: string;
	/** A key with every scope, for Schemathesis's requests. */
	key: string;
	/** The schemathesis executable. */
	schemathesis: string;
}

function report(step: Finished): boolean {
	process.stdout.write(`── ${step.script}: ${outcome(step)} in ${step.seconds.toFixed(0)} s\n${step.output ? `${step.output}\n` : ""}`);
	return step.code === 0;
}

/** Redocly exits 0 on warnings: its JSON totals say whether there were any. */
async function redocly(files: string[]): Promise<boolean> {
	const run = await runCommand("redocly lint", join("node_modules", ".bin", "redocly"), ["lint", "--format=json", ...files], {
		env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
	});
	// One JSON report per file, each with its totals.
	const totals = [...run.output.matchAll(/"totals":\s*\{\s*"errors":\s*(\d+),\s*"warnings":\s*(\d+)/g)];
	const clean =
		run.code === 0 && totals.length === files.length && totals.every(([, errors, warnings]) => errors === "0" && warnings === "0");
	return report({ ...run, code: clean ? 0 : 1, output: clean ? "0 errors, 0 warnings" : run.output });
}

async function spectral(files: string[]): Promise<boolean> {
	return report(
		await runCommand("spectral lint", join("node_modules", ".bin", "spectral"), [
			"lint",
			"--ruleset",
			".spectral.yaml",
			"--fail-severity",
			"warn",
			...files,
		]),
	);
}

async function schemathesis(check: ApiDocumentCheck, document: string): Promise<boolean> {
	return report(
		await runCommand(
			"schemathesis run",
			check.schemathesis,
			[
				"run",
				document,
				"--url",
				check.url,
				"--header",
				`Authorization: Bearer ${check.key}`,
				"--checks",
				fuzzChecks.join(","),
				"--phases",
				"examples,fuzzing",
				"--max-examples",
				String(examplesPerOperation),
				"--seed",
				String(seed),
				"--generation-deterministic",
				"--no-shrink",
				"--workers",
				"2",
				"--request-timeout",
				"60",
				"--no-color",
			],
			{ env: { ...process.env, SCHEMATHESIS_TELEMETRY: "false" } },
		),
	);
}

/** Reads both documents, lints them and fuzzes the API's; resolves false when any step failed (each reports its output). */
export async function checkApiDocument(check: ApiDocumentCheck): Promise<boolean> {
	const dir = await mkdtemp(join(tmpdir(), "charts-openapi-"));
	try {
		const files: string[] = [];
		for (const [name, path] of [
			["api.json", "/v1/openapi.json"],
			["console.json", "/console/api/openapi.json"],
		] as const) {
			const res = await fetch(`${check.url}${path}`);
			if (!res.ok) {
				console.error(`GET ${path} answered ${res.status}`);
				return false;
			}
			const file = join(dir, name);
			await writeFile(file, await res.text());
			files.push(file);
		}
		// Side by side: the linters read files, Schemathesis mostly waits on the server.
		const outcomes = await Promise.all([redocly(files), spectral(files), schemathesis(check, files[0] as string)]);
		return outcomes.every(Boolean);
	} finally {
		await rm(dir, { recursive: true, force: true });
	}
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const { values } = parseArgs({
		args: process.argv.slice(2),
		options: { url: { type: "string" }, key: { type: "string" }, schemathesis: { type: "string", default: "schemathesis" } },
	});
	if (!values.url || !values.key) {
		console.error("Usage: tsx scripts/check-api-document.ts --url http://127.0.0.1:8803 --key cs_… [--schemathesis PATH]");
		process.exit(2);
	}
	const passed = await checkApiDocument({ url: values.url, key: values.key, schemathesis: values.schemathesis });
	process.exit(passed ? 0 : 1);
}
