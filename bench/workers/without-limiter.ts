/**
 * The API Worker with the account limiter replaced by a pass-through: the reference the
 * benchmark measures the limiter's overhead against. Bench only; never deployed.
 */
import { apiRoutes } from "../../src/api/routes";
import { buildApi } from "../../src/http/router";
import type { RequestLimiter } from "../../src/limits/client";
import { buildServices } from "../../src/request-services";

export { AccountLimiter, ExportGate } from "../../src/index";

const api = buildApi(apiRoutes);
const unlimited: RequestLimiter = {
	consume: async (_accountId, limit) => ({ allowed: true, limit, remaining: limit, resetSeconds: 60 }),
};

export default {
	async fetch(request, env, ctx): Promise<Response> {
		return api(request, { ...buildServices(env, ctx), limiter: unlimited }, crypto.randomUUID());
	},
} satisfies ExportedHandler<Env>;
