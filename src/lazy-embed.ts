/**
 * The embed host's pages and files (src/embed/serve.ts), loaded by the isolate's first embed
 * request rather than when it starts (issue 26), with the request's services (drizzle among
 * them, for uploaded fonts). The API host's requests never load it.
 */
import type { EmbedHost } from "./http/dispatch";
import { lazily } from "./lazy-module";

const loadEmbed = lazily(async () => {
	const [embed, services] = await Promise.all([import("./embed/serve"), import("./request-services")]);
	return { serveEmbed: embed.serveEmbed, buildServices: services.buildServices };
});

export function lazyEmbed(): EmbedHost["serve"] {
	return async (request, path, env, ctx, requestId) => {
		const { serveEmbed, buildServices } = await loadEmbed();
		return serveEmbed(request, path, buildServices(env, ctx), requestId);
	};
}
