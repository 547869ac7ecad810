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
	/** `LINKED_DATA_ALLOW_PRIVATE=true` (local demos, tests): linked data may read loopback and private addresses. */
	linkedDataAllowPrivate: boolean;
}

let cached: { source: unknown; config: Config } | undefined;

export function readConfig(env: Env): Config {
	if (cached?.source === env) return cached.config;
	const vars = Vars.parse({ EMBED_BASE: env.EMBED_BASE, EXPORT_CONCURRENCY: env.EXPORT_CONCURRENCY });
	// Not in wrangler.toml's [vars] (off unless set): `npm start` and the tests pass it with --var.
	const allowPrivate = (env as Env & { LINKED_DATA_ALLOW_PRIVATE?: string }).LINKED_DATA_ALLOW_PRIVATE === "true";
	const config = {
		embedBase: vars.EMBED_BASE.replace(/\/+$/, ""),
		exportConcurrency: vars.EXPORT_CONCURRENCY,
		linkedDataAllowPrivate: allowPrivate,
	};
	cached = { source: env, config };
	return config;
}
