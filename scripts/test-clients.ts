/**
 * `npm run test:clients`: both official clients' checks and tests, against one `wrangler dev`.
 *
 * Python (clients/python): makes `.venv` with `python3 -m venv` when missing and installs the
 * package with its pandas and dev extras through uv, or pip (again whenever pyproject.toml
 * changes), then ruff, mypy --strict and pytest. TypeScript (clients/typescript): typechecks it
 * with its tests and runs them (the client against the server; its build packed and installed in
 * an empty project).
 *
 * The server (test/harness/local/clients-dev-server.ts, port 8803) starts while the venv is set up and the
 * static checks run, and both suites share it (CHARTS_TEST_URL, CHARTS_TEST_KEYS), side by side.
 * Each step's output is held and printed whole when it ends, so the logs do not interleave.
 *
 * When both suites pass, the OpenAPI documents are checked against the same server with Redocly,
 * Spectral and Schemathesis (scripts/check-api-document.ts; Schemathesis is installed into the
 * same venv), after the suites so its generated charts never meet theirs.
 *
 * `--prepare` only makes and fills the venv: `npm test` runs it at the start, beside the build,
 * since it mostly waits on PyPI.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { startClientsServer } from "../test/harness/local/clients-dev-server.ts";
import { checkApiDocument, schemathesisRequirement } from "./check-api-document.ts";
import { outcome, runCommand } from "./lib/run-script.ts";

const python = join("clients", "python");
const typescript = join("clients", "typescript");
const venv = join(python, ".venv");
// Absolute: the Python steps run with clients/python as their working directory.
const venvBin = (tool: string) => resolve(venv, "bin", tool);
const bin = (tool: string) => join("node_modules", ".bin", tool);

interface Step {
	name: string;
	command: string;
	args: string[];
	cwd?: string;
	env?: Record<string, string>;
}

/** Runs a step; its output is printed when it ends. Resolves false when it failed. */
async function run(step: Step): Promise<boolean> {
	const finished = await runCommand(step.name, step.command, step.args, { cwd: step.cwd, env: { ...process.env, ...step.env } });
	process.stdout.write(
		`── ${step.name}: ${outcome(finished)} in ${finished.seconds.toFixed(0)} s\n${finished.output ? `${finished.output}\n` : ""}`,
	);
	return finished.code === 0;
}

async function runAll(steps: Step[]): Promise<boolean> {
	for (const step of steps) if (!(await run(step))) return false;
	return true;
}

/** The venv, made and filled when missing or when pyproject.toml (or the Schemathesis pin) changed since it was filled. */
async function ensureVenv(): Promise<boolean> {
	const pyproject = await readFile(join(python, "pyproject.toml"));
	const stamp = createHash("sha256").update(pyproject).update(schemathesisRequirement).digest("hex");
	const stampFile = join(venv, ".charts-installed");
	if (existsSync(stampFile) && (await readFile(stampFile, "utf8")) === stamp) return true;
	// A venv left half-made (no pip) by an interrupted run is made again from scratch.
	if (!existsSync(venvBin("pip"))) {
		const made = await run({ name: "python3 -m venv clients/python/.venv", command: "python3", args: ["-m", "venv", "--clear", venv] });
		if (!made) return false;
	}
	// --require-virtualenv: never into the machine's own Python, whatever state the venv is in.
	const pip = (...packages: string[]): Step => ({
		name: `pip install ${packages.join(" ")}`,
		command: venvBin("python"),
		args: ["-m", "pip", "install", "--require-virtualenv", "--quiet", "--disable-pip-version-check", ...packages],
	});
	// uv installs the client's dependencies (pandas and numpy among them) in about 7 CPU-seconds,
	// installing uv included, where pip takes 36: npm test's early stages, bound by CPU, feel the
	// difference. pip does it when uv cannot be installed or fails.
	const withUv: Step = {
		name: `uv pip install -e clients/python[pandas,dev] ${schemathesisRequirement}`,
		command: venvBin("uv"),
		args: ["pip", "install", "--quiet", "--python", venvBin("python"), "-e", `${python}[pandas,dev]`, schemathesisRequirement],
	};
	const installed =
		((await run(pip("uv"))) && (await run(withUv))) || (await run(pip("-e", `${python}[pandas,dev]`, schemathesisRequirement)));
	if (!installed) return false;
	await writeFile(stampFile, stamp);
	return true;
}

const pythonChecks: Step[] = [
	{ name: "ruff check (python)", command: venvBin("ruff"), args: ["check", "."], cwd: python },
	{ name: "ruff format --check (python)", command: venvBin("ruff"), args: ["format", "--check", "."], cwd: python },
	{ name: "mypy --strict (python)", command: venvBin("mypy"), args: ["--strict"], cwd: python },
];

// The sources and tests in one typecheck; the build itself is pack.test.ts's first step.
const typescriptChecks: Step[] = [
	{ name: "tsc (typescript client and its tests)", command: bin("tsc"), args: ["-p", join(typescript, "tsconfig.test.json")] },
];

if (process.argv.includes("--prepare")) process.exit((await ensureVenv()) ? 0 : 1);

const serverStarting = startClientsServer(Number(process.env.CHARTS_TEST_PORT ?? 8803));
// Keep an early failure from going unhandled while the checks run; it is reported below.
serverStarting.catch(() => undefined);
// The server runs detached (its own process group): an interrupted run still stops it.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
	process.once(signal, () => {
		void serverStarting
			.then((started) => started.stop())
			.catch(() => undefined)
			.finally(() => process.exit(1));
	});
}
const [pythonReady, typescriptReady] = await Promise.all([ensureVenv().then((ok) => ok && runAll(pythonChecks)), runAll(typescriptChecks)]);

let server: Awaited<typeof serverStarting> | undefined;
let passed = false;
try {
	server = await serverStarting;
	const env = { CHARTS_TEST_URL: server.url, CHARTS_TEST_KEYS: JSON.stringify(server.keys) };
	const [pythonTests, typescriptTests] = await Promise.all([
		pythonReady &&
			run({ name: "pytest (python client)", command: venvBin("pytest"), args: ["-q", "-p", "no:cacheprovider"], cwd: python, env }),
		typescriptReady &&
			run({
				name: "node --test (typescript client)",
				command: process.execPath,
				args: [
					"--import",
					"tsx",
					"--test",
					"--test-concurrency=2",
					join(typescript, "test", "client.test.ts"),
					join(typescript, "test", "service.test.ts"),
					join(typescript, "test", "pack.test.ts"),
				],
				env,
			}),
	]);
	const editorKey = server.keys.editor;
	passed =
		pythonTests &&
		typescriptTests &&
		editorKey !== undefined &&
		(await checkApiDocument({ url: server.url, key: editorKey, schemathesis: venvBin("schemathesis") }));
} catch (error) {
	console.error(`The clients' server did not start: ${error instanceof Error ? error.message : String(error)}`);
} finally {
	await server?.stop();
}
if (!passed) {
	console.error("test:clients failed");
	process.exit(1);
}
console.log("test:clients passed");
