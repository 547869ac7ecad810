/**
 * Configuration read from the Worker's vars, validated once per isolate. Bindings are typed by
 * `worker-configuration.d.ts`, generated with `wrangler types` (checked in CI).
 */
import { z } from "zod";

const Vars = z.object({
	EMBED_BASE: z.url({ protocol: /^https?$/, error: "EMBED_BASE must be an http(s) URL" }),
	EXPORT_CONCURRENCY: z.coerce.number().int().min(1).max(64),
});

export interface Config {
	/** The embed host's base address without a trailing slash, e.g. https://embed.example.com */
	embedBase: string;
	exportConcurrency: number;
}

let cached: { source: unknown; config: Config } | undefined;

export function readConfig(env: Env): Config {
	if (cached?.source === env) return cached.config;
	const vars = Vars.parse({ EMBED_BASE: env.EMBED_BASE, EXPORT_CONCURRENCY: env.EXPORT_CONCURRENCY });
	const config = { embedBase: vars.EMBED_BASE.replace(/\/+$/, ""), exportConcurrency: vars.EXPORT_CONCURRENCY };
	cached = { source: env, config };
	return config;
}
