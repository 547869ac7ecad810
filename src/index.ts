/**
 * Worker entry: wires the API router to the bindings and re-exports the Durable Objects.
 */
import { apiRoutes } from "./api/routes";
import { buildServices } from "./http/context";
import { buildApi } from "./http/router";

export { AccountLimiter } from "./limits/account-limiter";
export { ExportGate } from "./limits/export-gate";

const api = buildApi(apiRoutes);

export default {
	async fetch(request, env, ctx): Promise<Response> {
		const requestId = request.headers.get("cf-ray") ?? crypto.randomUUID();
		return api(request, buildServices(env, ctx), requestId);
	},
} satisfies ExportedHandler<Env>;
