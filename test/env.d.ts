import type { D1Migration } from "cloudflare:test";

declare global {
	namespace Cloudflare {
		interface Env {
			TEST_MIGRATIONS: D1Migration[];
			/** "1" under `npm run test:full` (FULL=1): full property budgets and every kind (test/harness/workerd/tier.ts). */
			TEST_FULL: string;
		}
	}
}
