import { availableParallelism } from "node:os";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

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
			// test/browser runs in Node with a real browser (npm run test:browser), not in workerd.
			include: ["test/unit/**/*.test.ts", "test/integration/**/*.test.ts"],
			setupFiles: ["./test/helpers/apply-migrations.ts"],
			// Each file runs in its own workerd with its own storage, so files share nothing and may
			// run side by side. Vitest's default (cores − 1) left one of two cores idle: the Node
			// process only schedules, workerd does the work.
			maxWorkers: availableParallelism(),
			// Heavy tests (100k-row uploads, property tests) on a shared 2-core machine: timeouts are generous, never assertions.
			testTimeout: 30_000,
		},
	};
});
