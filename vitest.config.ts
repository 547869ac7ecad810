import { availableParallelism } from "node:os";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
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
	// fontkit's decoder, imported by src/domain/font-decode-budget.ts too: one copy for both.
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

/**
 * Integration files that must have a workerd and storage of their own (the `integration-isolated`
 * projects); every other integration file shares one workerd per vitest worker with the files
 * before it. A file belongs here when it
 * - changes or reads state every account sees and asserts on it: the statistics library, a Cron
 *   run over every due chart, a purge it counts across accounts;
 * - patches the runtime (vi.spyOn on a global such as crypto.subtle);
 * - or draws at the full limits, so that what it leaves in the heap does not slow the files
 *   after it.
 * Files in the shared project must build their own accounts, charts and keys and assert only on
 * those (test/harness/workerd/factories.ts), never on counts across the whole database or bucket. A
 * shared file may still sweep what is expired or unreferenced, hold the one export gate (and free
 * it), or abort every Durable Object: files share a workerd one after another, never side by
 * side, so what it removes belongs to files that are done (idempotency, retention, export-gate
 * and rate-limit do).
 *
 * `draws: false` marks a file that never draws (no PNG, SVG, PDF or publish): its workerd loads
 * the API without the renderer, a third of the start.
 */
const isolatedIntegrationFiles: readonly { name: string; draws: boolean }[] = [
	{ name: "chart-data", draws: false }, // rewrites an observation of the shared statistics library
	{ name: "export-cache", draws: true }, // rewrites an observation of the shared statistics library
	{ name: "library", draws: false }, // imports the statistics library and asserts on all of it
	{ name: "linked-data", draws: true }, // the Cron run reads every due chart and re-imports the library
	{ name: "linked-data-queue", draws: true }, // the Cron run enqueues every due chart
	{ name: "sessions", draws: false }, // purges every expired session
	{ name: "sessions.security", draws: false }, // purges every expired session
	{ name: "sign-in-throttle.security", draws: false }, // spies on crypto.subtle
	{ name: "render-limits", draws: true }, // every kind at 200,000 rows (heap)
	{ name: "pollution.security", draws: true }, // every kind in every format; watches Object.prototype
	{ name: "fuzz-render", draws: true }, // property runs that draw hundreds of charts (heap)
];
const integrationPath = (name: string) => `test/workerd/integration/${name}.test.ts`;
const isolatedPaths = (draws?: boolean) =>
	isolatedIntegrationFiles.filter((file) => draws === undefined || file.draws === draws).map((file) => integrationPath(file.name));

const migrate = "./test/harness/workerd/apply-migrations.ts";
const preloadRenderer = "./test/harness/workerd/preload-renderer.ts";

// test/browser runs in Node with a real browser (npm run test:browser), not in workerd.
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
		// patches/@cloudflare+vitest-pool-workers+0.15.1.patch keeps imports from slowing down file after file.
		extends: true,
		test: {
			name: "integration",
			include: ["test/workerd/integration/**/*.test.ts"],
			exclude: isolatedPaths(),
			isolate: false,
			setupFiles: [migrate, preloadRenderer],
		},
	},
	{
		// Each file gets its own workerd and storage, so it shares nothing with any other.
		extends: true,
		test: { name: "integration-isolated", include: isolatedPaths(true), setupFiles: [migrate, preloadRenderer] },
	},
	{
		// The same, for the files that never draw: the API is loaded without the renderer.
		extends: true,
		test: { name: "integration-isolated-api", include: isolatedPaths(false), setupFiles: [migrate, "./test/harness/workerd/preload-api.ts"] },
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
