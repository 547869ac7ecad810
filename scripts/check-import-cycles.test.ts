/**
 * `npm run check:cycles`: the checker finds a circle of any length, type-only imports included, a
 * layer reaching up, a folder with no rule, and an import across the test harness rule; and the
 * repository has none of them.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { ImportGraph } from "./check-import-cycles.ts";
import { circles, forbiddenEdges, harnessEdges, importGraph, toolingGraph } from "./check-import-cycles.ts";

const graph = (edges: Record<string, string[]>): ImportGraph =>
	new Map(Object.entries(edges).map(([file, targets]) => [file, new Set(targets)]));

describe("check:cycles", () => {
	it("finds every circle, short or long, and a file importing itself", () => {
		const found = circles(
			graph({
				"src/embed/page.ts": ["src/embed/mode-merge.ts"],
				"src/embed/mode-merge.ts": ["src/embed/page.ts"],
				"src/render/a.ts": ["src/render/b.ts"],
				"src/render/b.ts": ["src/render/c.ts"],
				"src/render/c.ts": ["src/render/a.ts", "src/domain/d.ts"],
				"src/domain/d.ts": ["src/domain/d.ts"],
				"src/domain/e.ts": ["src/domain/d.ts"],
			}),
		);
		assert.deepEqual(found.map((component) => component.join(" ")).sort(), [
			"src/domain/d.ts",
			"src/embed/mode-merge.ts src/embed/page.ts",
			"src/render/a.ts src/render/b.ts src/render/c.ts",
		]);
	});

	it("finds no circle in a graph that only points down", () => {
		assert.deepEqual(
			circles(graph({ "src/api/a.ts": ["src/services/b.ts"], "src/services/b.ts": ["src/domain/c.ts"], "src/domain/c.ts": [] })),
			[],
		);
	});

	it("names a layer that imports from one it must stay below", () => {
		const problems = forbiddenEdges(
			graph({
				"src/services/retry.ts": ["src/http/errors.ts", "src/api-error.ts"],
				"src/domain/fonts.ts": ["src/render/font-metrics.ts"],
				"src/api/publish.ts": ["src/services/publish.ts", "src/http/route.ts"],
			}),
		);
		assert.deepEqual(problems, [
			"src/domain/fonts.ts → src/render/font-metrics.ts (domain must not import from render)",
			"src/services/retry.ts → src/http/errors.ts (services must not import from http)",
		]);
	});

	it("names a folder that has no rule, so a new folder cannot slip past the layering", () => {
		assert.deepEqual(forbiddenEdges(graph({ "src/reports/weekly.ts": ["src/domain/chart.ts"] })), [
			"src/reports/weekly.ts: reports has no rule (say what it may import in allowedImports, scripts/check-import-cycles.ts)",
		]);
	});

	it("src/ has no circle and no forbidden import, and the reader sees type-only and dynamic imports", () => {
		const real = importGraph();
		assert.deepEqual(circles(real), []);
		assert.deepEqual(forbiddenEdges(real), []);
		// `import type` (page.ts takes only types from mode-merge.ts) and `import()` (the console's lazy engine) are read.
		assert.ok(real.get("src/embed/page.ts")?.has("src/embed/mode-merge.ts"));
		assert.ok(real.get("src/console/preview/load-engine.ts")?.has("src/console/preview/engine.ts"));
	});

	it("keeps test/harness/ the only way between tests and scripts or the bench", () => {
		const problems = harnessEdges(
			graph({
				"test/browser/a.test.ts": ["test/harness/browser/chromium.ts", "scripts/lib/run-script.ts"],
				"scripts/screenshots.ts": ["test/harness/browser/console-fixture.ts", "test/browser/a.test.ts"],
				"bench/render.ts": ["test/harness/local/dev-server.ts", "test/workerd/unit/x.test.ts"],
				"test/harness/local/seed.ts": ["test/fixtures/country-table.ts", "test/wrangler-dev/mcp.test.ts", "src/domain/ids.ts"],
			}),
		);
		assert.deepEqual(problems, [
			"bench/render.ts → test/workerd/unit/x.test.ts (bench/ imports from test/ only what test/harness/ holds)",
			"scripts/screenshots.ts → test/browser/a.test.ts (scripts/ imports from test/ only what test/harness/ holds)",
			"test/browser/a.test.ts → scripts/lib/run-script.ts (test/ must not import from scripts/: move what both need to test/harness/)",
			"test/harness/local/seed.ts → test/wrangler-dev/mcp.test.ts (test/harness/ must not import a test)",
		]);
	});

	it("test/, scripts/ and bench/ keep the harness rule, and the reader sees their imports", () => {
		const real = toolingGraph();
		assert.deepEqual(harnessEdges(real), []);
		assert.ok(real.get("scripts/test-browser.ts")?.has("test/harness/browser/chromium.ts"));
	});
});
