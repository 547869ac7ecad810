import { availableParallelism } from "node:os";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import type { TestProjectInlineConfiguration } from "vitest/config";
import { defineConfig } from "vitest/config";

// The Worker's heavy dependencies, by the specifiers src/ imports them with (subpaths included:
// an unlisted subpath is still served module by module).
const prebundled = [
	"echarts/core",
	"echarts/charts",
	"echarts/components",
	"echarts/features",
	"echarts/renderers",
	"echarts/lib/util/innerStore.js",
	"zrender/lib/core/util.js",
	"zrender/lib/zrender.js",
	"zrender/lib/Element.js",
	"fontkit",
	// fontkit's decoder, imported by src/formats/fonts/decode-budget.ts too: one copy for both.
	"restructure",
	"pdfkit",
	"svg-to-pdfkit",
	"d3-geo",
	"d3-geo-projection",
	"topojson-client",
	"papaparse",
	"zod",
	"drizzle-orm",
	"drizzle-orm/sqlite-core",
	"drizzle-orm/d1",
	"i18n-iso-countries",
];

const migrate = "./test/harness/workerd/apply-migrations.ts";
const preloadRenderer = "./test/harness/workerd/preload-renderer.ts";

/**
 * One project per folder of test/workerd/, so where a file lives is how it runs (docs/testing.md).
 * test/browser, test/node and test/wrangler-dev run in Node, not in workerd.
 */
const workerdProjects: TestProjectInlineConfiguration[] = [
	{
		// Pure functions: the files share one workerd per vitest worker instead of each
		// starting its own (a start is most of a unit file's time).
		extends: true,
		test: { name: "unit", include: ["test/workerd/unit/**/*.test.ts"], isolate: false, setupFiles: [migrate, preloadRenderer] },
	},
	{
		// Files that build their own accounts and charts share one workerd (and its storage) per
		// vitest worker, one file after another: a workerd's start and the Worker's module graph
		// are paid once per worker instead of once per file (most of this project's time).
		extends: true,
		test: {
			name: "integration",
			include: ["test/workerd/integration/**/*.test.ts"],
			isolate: false,
			setupFiles: [migrate, preloadRenderer],
		},
	},
	{
		// A workerd and storage of its own per file: files that assert on what every account
		// sees, patch the runtime, or draw at the full limits (docs/testing.md says which).
		extends: true,
		test: { name: "isolated", include: ["test/workerd/isolated/**/*.test.ts"], setupFiles: [migrate, preloadRenderer] },
	},
	{
		// The same, for files that never draw: their workerds load the API without the renderer,
		// most of a start.
		extends: true,
		test: {
			name: "isolated-api",
			include: ["test/workerd/isolated-api/**/*.test.ts"],
			setupFiles: [migrate, "./test/harness/workerd/preload-api.ts"],
		},
	},
];

// Tests run inside workerd with the real bindings of wrangler.toml and the real migrations.
export default defineConfig(async () => {
	const migrations = await readD1Migrations("./migrations");
	return {
		plugins: [
			cloudflareTest({
				wrangler: { configPath: "./wrangler.toml" },
				miniflare: {
					// FULL=1 (`npm run test:full`) switches the heavy families to their full budgets (test/harness/workerd/tier.ts).
					bindings: { TEST_MIGRATIONS: migrations, TEST_FULL: process.env.FULL === "1" ? "1" : "0" },
				},
			}),
		],
		test: {
			// vitest's default (cores − 1) left one of two cores idle: the Node process only
			// schedules, workerd does the work.
			maxWorkers: availableParallelism(),
			// Heavy tests (100k-row uploads, property tests) on a shared 2-core machine: timeouts are generous, never assertions.
			testTimeout: 30_000,
			// Every workerd loads the Worker's whole module graph through vite's module runner, one
			// request per module. ECharts alone is ~900 modules: bundled once per run into a few
			// files (node_modules/.vite), a start costs about half the CPU. The patched sources
			// (patches/) are what gets bundled.
			deps: { optimizer: { ssr: { enabled: true, include: prebundled } } },
			projects: workerdProjects,
		},
	};
});
