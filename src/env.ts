/**
 * Configuration read from the Worker's vars, validated once per isolate. Bindings are typed by
 * `worker-configuration.d.ts`, generated with `wrangler types` (checked in CI).
 *
 * Checked by hand rather than with a zod schema: every request reads the config before it is
 * routed, so this module is on the isolate's startup path, and zod is not.
 */

export interface Config {
	/** The embed host's base address without a trailing slash, e.g. https://embed.example.com */
	embedBase: string;
	exportConcurrency: number;
	/** `LINKED_DATA_ALLOW_PRIVATE=true` (local demos, tests): linked data may read loopback and private addresses. */
	linkedDataAllowPrivate: boolean;
	/**
	 * `LINKED_DATA_INLINE=true`: the Cron run reads the due linked charts itself (at most 25 a
	 * run) instead of sending them to the refresh queue: the path before queues, for the
	 * benchmark's reference.
	 */
	linkedDataInline: boolean;
	/** `SIGN_UP`: `closed` (invitations only, the default) or `open` (anyone makes an account and a workspace). */
	signUp: "open" | "closed";
	/** `MAIL_OUTBOX=local`: mail is kept in the local outbox (`GET /auth/outbox`) instead of being sent. */
	mailOutbox: boolean;
	/**
	 * An HTTP mail API that takes `{ from, to, subject, text }` as JSON with a bearer key (Resend's
	 * shape): `MAIL_API_URL`, `MAIL_FROM` and the secret `MAIL_API_KEY`, all three or none.
	 */
	mailApi: MailApi | null;
}

export interface MailApi {
	url: string;
	from: string;
	key: string;
}

function mailApiOf(vars: Record<string, unknown>): MailApi | null {
	const { MAIL_API_URL: url, MAIL_FROM: from, MAIL_API_KEY: key } = vars;
	if (url === undefined && from === undefined && key === undefined) return null;
	if (typeof url !== "string" || !URL.canParse(url) || new URL(url).protocol !== "https:") {
		throw new Error(`MAIL_API_URL must be an https URL, got ${JSON.stringify(url)}`);
	}
	if (typeof from !== "string" || !from.includes("@")) throw new Error(`MAIL_FROM must be a sender address, got ${JSON.stringify(from)}`);
	if (typeof key !== "string" || key === "") throw new Error("MAIL_API_KEY (a secret) must be set with MAIL_API_URL");
	return { url, from, key };
}

function signUpOf(value: unknown): "open" | "closed" {
	if (value === undefined || value === "closed") return "closed";
	if (value === "open") return "open";
	throw new Error(`SIGN_UP must be "open" or "closed", got ${JSON.stringify(value)}`);
}

// A broken var is the deployment's bug, never a caller's: the dispatcher answers a plain Error as a 500 with the request id.
function embedBaseOf(value: unknown): string {
	const url = typeof value === "string" && URL.canParse(value) ? new URL(value) : null;
	if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
		throw new Error(`EMBED_BASE must be an http(s) URL, got ${JSON.stringify(value)}`);
	}
	return (value as string).replace(/\/+$/, "");
}

function exportConcurrencyOf(value: unknown): number {
	const count = typeof value === "string" && value.trim() !== "" ? Number(value) : typeof value === "number" ? value : Number.NaN;
	if (!Number.isInteger(count) || count < 1 || count > 64) {
		throw new Error(`EXPORT_CONCURRENCY must be a whole number from 1 to 64, got ${JSON.stringify(value)}`);
	}
	return count;
}

let cached: { source: unknown; config: Config } | undefined;

export function readConfig(env: Env): Config {
	if (cached?.source === env) return cached.config;
	// Not in wrangler.toml's [vars] (off unless set): `npm start` and the tests pass it with --var.
	const allowPrivate = (env as Env & { LINKED_DATA_ALLOW_PRIVATE?: string }).LINKED_DATA_ALLOW_PRIVATE === "true";
	const config = {
		embedBase: embedBaseOf(env.EMBED_BASE),
		exportConcurrency: exportConcurrencyOf(env.EXPORT_CONCURRENCY),
		linkedDataAllowPrivate: allowPrivate,
		linkedDataInline: (env as unknown as Record<string, unknown>).LINKED_DATA_INLINE === "true",
		// Read as plain strings: a deployment sets them to other values than wrangler.toml's defaults.
		signUp: signUpOf((env as unknown as Record<string, unknown>).SIGN_UP),
		mailOutbox: (env as unknown as Record<string, unknown>).MAIL_OUTBOX === "local",
		mailApi: mailApiOf(env as unknown as Record<string, unknown>),
	};
	cached = { source: env, config };
	return config;
}
