/**
 * The two test tiers. `npm test` runs the quick tier on every change: property tests
 * with fixed seeds and smaller budgets, and the every-kind families on one kind per embed client
 * family. `npm run test:full` (FULL=1, passed into workerd as the TEST_FULL binding by
 * vitest.config.ts) runs the same files with the full budgets and every kind.
 */
import { env } from "cloudflare:workers";
import type { ChartKind } from "../../../src/domain/kinds";
import { chartKinds } from "../../../src/domain/kinds";
import { familyClients, kindClients } from "../../../src/embed/client-kinds";

export const fullTier = env.TEST_FULL === "1";

/** The quick tier's seed: a run that passes on one machine passes on every machine. */
const quickSeed = 20_261_127;

/**
 * fast-check options: the full budget (and the file's own seeding: random unless it fixes one)
 * in the full tier, a smaller budget on a fixed seed in the quick tier.
 */
export function propertyRuns(full: number, quick: number): { numRuns: number; seed?: number } {
	return fullTier ? { numRuns: full } : { numRuns: quick, seed: quickSeed };
}

/**
 * One kind per embed client family (each family draws with its own ECharts parts and option
 * builders), chosen for the widest code path of its family: line (cartesian), pie, scatter
 * (plane), table, sankey (other: a graph layout), map.
 */
const representativeKinds: readonly ChartKind[] = ["line", "pie", "scatter", "table", "sankey", "map"];

/** Every kind in the full tier; one per family in the quick tier. */
export function kindsForTier(): readonly ChartKind[] {
	const uncovered = familyClients.filter((family) => !representativeKinds.some((kind) => kindClients[kind] === family));
	// A new family must name its representative here, or the quick tier would silently skip it.
	if (uncovered.length > 0) throw new Error(`test/harness/workerd/tier.ts names no representative kind for ${uncovered.join(", ")}`);
	return fullTier ? chartKinds : representativeKinds;
}
