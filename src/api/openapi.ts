/**
 * `GET /v1/openapi.json`: the OpenAPI 3.1 document, generated from the route declarations and
 * their zod schemas (the same ones that validate requests). Nothing here is written by hand
 * except the prose of the info block.
 */
import { z } from "zod";
import type { ErrorCode } from "../http/errors";
import { errorStatus } from "../http/errors";
import type { Route } from "../http/route";
import { defineRoute } from "../http/route";
import { ErrorBody } from "./schemas";

type JsonSchema = Record<string, unknown>;

/** Errors a route can answer because of how it is declared, so declarations need not list them. */
function impliedErrors(route: Route): ErrorCode[] {
	return [
		...(route.access === "public" ? [] : (["unauthorized", "rate_limited", "plan_required", "forbidden", "service_unavailable"] as const)),
		...(route.body.type === "none" ? [] : (["invalid_body", "payload_too_large", "unsupported_media_type"] as const)),
		...(route.query ? (["invalid_query"] as const) : []),
		...(route.idempotent ? (["idempotency_key_reused", "idempotency_in_progress"] as const) : []),
	];
}

/** Converts a zod schema, hoisting named sub-schemas into `components.schemas`. */
function toSchema(schema: z.ZodType, io: "input" | "output", components: Record<string, JsonSchema>): JsonSchema {
	const converted = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as JsonSchema;
	const {
		$defs,
		$schema: _dialect,
		...rest
	} = JSON.parse(JSON.stringify(converted).replaceAll("#/$defs/", "#/components/schemas/")) as JsonSchema & {
		$defs?: Record<string, JsonSchema>;
	};
	Object.assign(components, $defs ?? {});
	return rest;
}

function openApiPath(path: string): string {
	return path.replace(/:([A-Za-z]+)/g, "{$1}");
}

function describeAccess(route: Route): string {
	if (route.access === "public") return "No key needed.";
	if (route.access === "key") return "Any valid API key.";
	return `Needs a key with scope \`${route.access}\`.`;
}

export function buildOpenApiDocument(routes: readonly Route[], serverUrl: string) {
	const components: Record<string, JsonSchema> = {};
	const errorRef = toSchema(ErrorBody, "output", components);
	const paths: Record<string, Record<string, unknown>> = {};

	for (const route of routes) {
		const responses: Record<string, unknown> = {};
		for (const [status, spec] of Object.entries(route.responses)) {
			responses[status] = {
				description: spec.description,
				...(spec.schema || spec.contentType
					? {
							content: {
								[spec.contentType ?? "application/json"]: spec.schema ? { schema: toSchema(spec.schema, "output", components) } : {},
							},
						}
					: {}),
			};
		}
		const codes = [...new Set([...impliedErrors(route), ...route.errors])];
		const codesByStatus = new Map<number, ErrorCode[]>();
		for (const code of codes) codesByStatus.set(errorStatus[code], [...(codesByStatus.get(errorStatus[code]) ?? []), code]);
		for (const [status, statusCodes] of [...codesByStatus].sort(([a], [b]) => a - b)) {
			responses[String(status)] = {
				description: `Error: ${statusCodes.join(", ")}`,
				content: { "application/json": { schema: errorRef } },
			};
		}

		const parameters: unknown[] = [...route.path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => ({
			name,
			in: "path",
			required: true,
			schema: { type: "string" },
		}));
		if (route.query) {
			const query = toSchema(route.query, "input", components) as { properties?: Record<string, JsonSchema>; required?: string[] };
			for (const [name, schema] of Object.entries(query.properties ?? {})) {
				parameters.push({ name, in: "query", required: query.required?.includes(name) ?? false, schema });
			}
		}
		if (route.idempotent) {
			parameters.push({
				name: "Idempotency-Key",
				in: "header",
				required: false,
				description: "Replays the first answer for a repeat of the same request within 24 hours.",
				schema: { type: "string", maxLength: 255 },
			});
		}

		let requestBody: unknown;
		if (route.body.type === "json") {
			requestBody = { required: true, content: { "application/json": { schema: toSchema(route.body.schema, "input", components) } } };
		} else if (route.body.type === "csv") {
			requestBody = { required: true, content: { "text/csv": { schema: { type: "string" } } } };
		}

		const path = openApiPath(route.path);
		paths[path] = {
			...paths[path],
			[route.method.toLowerCase()]: {
				tags: [route.tag],
				summary: route.summary,
				description: [route.description, describeAccess(route)].filter(Boolean).join("\n\n"),
				operationId: `${route.method.toLowerCase()}${path.replace(/[{}]/g, "").replace(/[/:-](\w)/g, (_m, c: string) => c.toUpperCase())}`,
				...(route.access === "public" ? { security: [] } : {}),
				...(route.access !== "public" && route.access !== "key" ? { "x-required-scope": route.access } : {}),
				...(parameters.length ? { parameters } : {}),
				...(requestBody ? { requestBody } : {}),
				responses,
			},
		};
	}

	return {
		openapi: "3.1.0",
		jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
		info: {
			title: "Charts API",
			version: "1.0.0",
			description:
				"Create, update, list, delete, publish and export charts from code. Every request except this document carries `Authorization: Bearer <API key>`. Errors are `{ error: { code, message, details? } }`. Every keyed answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`; a 429 carries `Retry-After`.",
		},
		servers: [{ url: serverUrl }],
		security: [{ bearerAuth: [] }],
		paths,
		components: {
			schemas: components,
			securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", description: "An API key: `cs_` followed by 40 characters." } },
		},
	};
}

/** The document depends only on the code, so it is built once per isolate. */
let cachedDocument: string | undefined;

export function openApiRoute(routes: () => readonly Route[]): Route {
	return defineRoute({
		method: "GET",
		path: "/v1/openapi.json",
		tag: "Meta",
		summary: "This OpenAPI document",
		access: "public",
		body: { type: "none" },
		responses: { 200: { description: "OpenAPI 3.1 document", contentType: "application/json" } },
		errors: [],
		async handler({ url }) {
			cachedDocument ??= JSON.stringify(buildOpenApiDocument(routes(), url.origin));
			return new Response(cachedDocument, { headers: { "Content-Type": "application/json", "Cache-Control": "public, max-age=300" } });
		},
	});
}
