/**
 * `GET /v1/health`: the cheapest answer the Worker can give — routing and the error path, no
 * key, no D1, no R2, no Durable Object. A load balancer can poll it, and the benchmark measures
 * it in the same `wrangler dev` as the floor under every other route's fixed cost.
 */
import { z } from "zod";
import { json } from "../http/respond";
import { defineRoute } from "../http/route";

export const healthRoute = defineRoute({
	method: "GET",
	path: "/v1/health",
	tag: "Meta",
	summary: "Is the service answering",
	description: "Answers `{ ok: true }` without a key and without touching storage.",
	access: "public",
	body: { type: "none" },
	responses: {
		200: { description: "The Worker is answering", schema: z.object({ ok: z.literal(true) }).meta({ id: "Health" }) },
	},
	errors: [],
	async handler() {
		return json({ ok: true }, 200, { "Cache-Control": "no-store" });
	},
});
