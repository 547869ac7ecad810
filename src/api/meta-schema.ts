/**
 * `GET /v1/schema/meta.json`: the JSON Schema (2020-12) of a chart's `meta`, generated from the
 * zod `Meta` that validates it, for tools and the console's Refine form. No key needed: it
 * describes the API, not anyone's data.
 */
import { z } from "zod";
import { Meta } from "../domain/meta";
import { defineRoute } from "../http/route";

/** The settings schema as accepted on input (refinements are not expressible and are left out). */
export function metaJsonSchema(origin: string): Record<string, unknown> {
	const converted = z.toJSONSchema(Meta, { target: "draft-2020-12", io: "input", unrepresentable: "any" }) as Record<string, unknown>;
	return {
		...converted,
		$id: `${origin}/v1/schema/meta.json`,
		title: "Chart settings (meta)",
	};
}

export const metaSchemaRoute = defineRoute({
	method: "GET",
	path: "/v1/schema/meta.json",
	tag: "Meta",
	summary: "JSON Schema of a chart's meta settings",
	description: "Every setting `meta` knows, with a description and an example per field. Unknown fields are accepted and kept as sent.",
	access: "public",
	body: { type: "none" },
	responses: { 200: { description: "JSON Schema 2020-12 document", contentType: "application/schema+json" } },
	errors: [],
	async handler({ url }) {
		return new Response(JSON.stringify(metaJsonSchema(url.origin)), {
			headers: { "Content-Type": "application/schema+json", "Cache-Control": "public, max-age=300" },
		});
	},
});
