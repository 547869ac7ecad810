/**
 * `npm pack` of the client installs into an empty project, where the five-step example runs
 * against the service and a TypeScript consumer typechecks against the packed declarations.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { copyFile, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { useService } from "./service.js";

const run = promisify(execFile);
const service = useService();
const packageDir = join(fileURLToPath(import.meta.url), "..", "..");
const repo = join(packageDir, "..", "..");
const tsc = join(repo, "node_modules", ".bin", "tsc");

describe("the packed client", () => {
	const dirs: string[] = [];
	after(async () => {
		for (const dir of dirs) await rm(dir, { recursive: true, force: true });
	});

	it("installs from its tarball into an empty project and does the five steps", async () => {
		const project = await mkdtemp(join(tmpdir(), "charts-client-project-"));
		dirs.push(project);
		await run(tsc, ["-p", join(packageDir, "tsconfig.json")]);
		await run("npm", ["pack", "--ignore-scripts", "--pack-destination", project], { cwd: packageDir });
		const [tarball] = (await readdir(project)).filter((name) => name.endsWith(".tgz"));
		assert.equal(tarball, "charts-service-client-0.1.0.tgz");
		await writeFile(join(project, "package.json"), JSON.stringify({ name: "empty-project", private: true, type: "module" }));
		await run("npm", ["install", "--offline", "--no-audit", "--no-fund", `./${tarball}`], { cwd: project });
		const { stdout: listing } = await run("tar", ["-tzf", join(project, tarball ?? "")]);
		assert.ok(listing.includes("package/dist/index.d.ts"));
		assert.ok(!listing.includes("package/src/"), "the tarball carries the build, not the sources");

		await copyFile(join(packageDir, "examples", "five-steps.mjs"), join(project, "five-steps.mjs"));
		const { stdout } = await run(process.execPath, ["five-steps.mjs"], {
			cwd: project,
			env: { ...process.env, CHARTS_URL: service().url, CHARTS_KEY: service().keys.editor },
		});
		const result = JSON.parse(stdout) as { id: string; embedUrl: string; pngBytes: number; listed: boolean; notFound: boolean };
		assert.match(result.id, /^ch_/);
		assert.match(result.embedUrl, /^http/);
		assert.ok(result.pngBytes > 1000);
		assert.equal(result.listed, true);
		assert.equal(result.notFound, true);

		// A TypeScript consumer: the packed declarations type formats, versions and errors.
		await writeFile(
			join(project, "consumer.ts"),
			`import { ChartsClient, NotFound, type ColorCheck, type ExportFormat } from "@charts-service/client";
const client = new ChartsClient({ baseUrl: "http://x", apiKey: "cs_x" });
const format: ExportFormat = "pdf";
export const bytes: Promise<Uint8Array> = client.charts.export("ch_1", format);
export const version = client.charts.version("ch_1", 2);
// @ts-expect-error: a format outside the enum
client.charts.export("ch_1", "gif");
// @ts-expect-error: a version is a number
client.charts.version("ch_1", "2");
export const isNotFound = (error: unknown) => error instanceof NotFound && error.status === 404;
export const linked = client.charts.linkData("ch_1", "https://example.org/data.csv", { refreshMinutes: 15, ifMatch: 3 });
export const checks: Promise<ColorCheck[]> = client.charts.checks("ch_1");
export const warnings = client.charts.update("ch_1", { meta: { subtitle: null } }).then((written) => written.warnings);
// @ts-expect-error: a PNG's scale is 1 to 4
client.charts.export("ch_1", "png", { scale: 5 });
// @ts-expect-error: "sepia" is not a mode, in an update as in a create
client.charts.update("ch_1", { meta: { mode: "sepia" } });
`,
		);
		await run(
			tsc,
			["--noEmit", "--strict", "--module", "nodenext", "--moduleResolution", "nodenext", "--lib", "es2022,dom", "consumer.ts"],
			{
				cwd: project,
			},
		);
	});
});
