/**
 * The embed host's pages and files (src/embed/serve.ts), loaded by the isolate's first embed
 * request rather than when it starts, with the services both hosts share
 * (host-services.ts): neither zod nor drizzle, which only an uploaded font's lookup loads
 * (src/embed/serve-fonts.ts). The API host's requests never load it.
 */
import type { EmbedHost } from "./http/dispatch";
import { lazily } from "./lazy-module";

const loadEmbed = lazily(async () => {
	const [embed, services] = await Promise.all([import("./embed/serve"), import("./host-services")]);
	return { serveEmbed: embed.serveEmbed, buildHostServices: services.buildHostServices };
});

export function lazyEmbed(): EmbedHost["serve"] {
	return async (request, path, env, ctx, requestId) => {
		const { serveEmbed, buildHostServices } = await loadEmbed();
		return serveEmbed(request, path, buildHostServices(env, ctx), requestId);
	};
}
