/**
 * `npm run check:cycles` (issue 25): the checker finds a circle of any length, type-only imports
 * included, and a layer reaching up; and `src/` has neither.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { ImportGraph } from "./check-import-cycles.ts";
import { circles, forbiddenEdges, importGraph } from "./check-import-cycles.ts";

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

	it("src/ has no circle and no forbidden import, and the reader sees type-only and dynamic imports", () => {
		const real = importGraph();
		assert.deepEqual(circles(real), []);
		assert.deepEqual(forbiddenEdges(real), []);
		// `import type` (page.ts takes only types from mode-merge.ts) and `import()` (the console's lazy engine) are read.
		assert.ok(real.get("src/embed/page.ts")?.has("src/embed/mode-merge.ts"));
		assert.ok(real.get("src/console/preview/load-engine.ts")?.has("src/console/preview/engine.ts"));
	});
});
