import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

// Tests run inside workerd with the real bindings of wrangler.toml and the real migrations.
export default defineConfig(async () => {
	const migrations = await readD1Migrations("./migrations");
	return {
		plugins: [
			cloudflareTest({
				wrangler: { configPath: "./wrangler.toml" },
				miniflare: { bindings: { TEST_MIGRATIONS: migrations } },
			}),
		],
		test: {
			// test/browser runs in Node with a real browser (npm run test:browser), not in workerd.
			include: ["test/unit/**/*.test.ts", "test/integration/**/*.test.ts"],
			setupFiles: ["./test/helpers/apply-migrations.ts"],
			// Heavy tests (100k-row uploads, property tests) on a shared 2-core machine: timeouts are generous, never assertions.
			testTimeout: 30_000,
		},
	};
});
