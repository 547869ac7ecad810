/**
 * Worker entry: sends embed-host requests to the embed server and the rest to the API router,
 * and re-exports the Durable Objects.
 */
import { apiRoutes } from "./api/routes";
import { embedPath, serveEmbed } from "./embed/serve";
import { buildServices } from "./http/context";
import { buildApi } from "./http/router";

export { AccountLimiter } from "./limits/account-limiter";
export { ExportGate } from "./limits/export-gate";

const api = buildApi(apiRoutes);

export default {
	async fetch(request, env, ctx): Promise<Response> {
		const services = buildServices(env, ctx);
		const embed = embedPath(request.url, services.config.embedBase);
		if (embed !== null) return serveEmbed(request, embed, services);
		const requestId = request.headers.get("cf-ray") ?? crypto.randomUUID();
		return api(request, services, requestId);
	},
} satisfies ExportedHandler<Env>;
