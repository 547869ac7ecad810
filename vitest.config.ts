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

// test/browser runs in Node with a real browser (npm run test:browser), not in workerd.
const workerdProjects: TestProjectInlineConfiguration[] = [
	{
		// Pure functions: the files share one workerd per vitest worker instead of each
		// starting its own (a start is most of a unit file's time).
		extends: true,
		test: { name: "unit", include: ["test/unit/**/*.test.ts"], isolate: false },
	},
	{
		// Each file gets its own workerd and storage, so files share nothing and may run side by side.
		extends: true,
		test: { name: "integration", include: ["test/integration/**/*.test.ts"] },
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
					// FULL=1 (`npm run test:full`) switches the heavy families to their full budgets (test/helpers/tier.ts).
					bindings: { TEST_MIGRATIONS: migrations, TEST_FULL: process.env.FULL === "1" ? "1" : "0" },
				},
			}),
		],
		test: {
			setupFiles: ["./test/helpers/apply-migrations.ts", "./test/helpers/preload-renderer.ts"],
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
