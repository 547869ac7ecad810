/**
 * `GET /v1/openapi.json` and `GET /console/api/openapi.json`: OpenAPI 3.1 documents, generated
 * from the route declarations and their zod schemas (the same ones that validate requests).
 * Nothing here is written by hand except the prose of the info blocks. The public API's document
 * lists only `/v1`; the console's lists sign-in and the console-only routes (docs/design.md#d33).
 */
import { z } from "zod";
import type { ErrorCode } from "../api-error";
import { errorStatus } from "../api-error";
import type { ApiTag } from "../http/api-tags";
import { apiTagDescriptions } from "../http/api-tags";
import { bookmarkHeader, bookmarkPattern } from "../http/d1-session";
import { idempotencyKeyPattern } from "../http/idempotency";
import { pathIdKinds, pathIdParameter } from "../http/path-ids";
import type { Route } from "../http/route";
import { defineRoute } from "../http/route";
import { ErrorBody } from "./schemas";

type JsonSchema = Record<string, unknown>;

/**
 * The D1 session's bookmark (src/http/d1-session.ts): answered whenever the request read or
 * wrote the database, taken back by the reads.
 */
const bookmarkSchema = { type: "string", pattern: bookmarkPattern.source };
const bookmarkResponseHeader = {
	description:
		"The database position this answer saw, after its writes. Present when the request read or wrote the database; send it back as `X-D1-Bookmark` on a GET to read at least this.",
	schema: bookmarkSchema,
};
const bookmarkHeaders = { [bookmarkHeader]: { $ref: "#/components/headers/D1Bookmark" } };
const bookmarkParameter = {
	name: bookmarkHeader,
	in: "header",
	required: false,
	description:
		"The `X-D1-Bookmark` of an earlier answer: this read then sees at least what that answer saw or wrote (your own writes included), even from a replica. Optional; a value not of a bookmark's shape is ignored.",
	schema: bookmarkSchema,
};

/** Errors a route can answer because of how it is declared, so declarations need not list them. */
function impliedErrors(route: Route): ErrorCode[] {
	const writes = route.method !== "GET";
	return [
		// A public read takes no key, query or body, so the one error it shares with every route is
		// the answer to another method on its path (405 with `Allow`).
		...(route.access === "public"
			? (["method_not_allowed"] as const)
			: route.access === "session"
				? (["unauthorized", "rate_limited", "session_required", "forbidden", "service_unavailable"] as const)
				: (["unauthorized", "rate_limited", "plan_required", "forbidden", "service_unavailable"] as const)),
		...(route.access !== "public" && writes ? (["csrf_failed"] as const) : []),
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

/**
 * The schema of an answer declared by its media type alone: JSON is left open (a JSON Schema or
 * OpenAPI document); a file is text or bytes (`format: binary`, which generators such as
 * openapi-python-client and orval read as a file or Blob), its type in `contentMediaType`.
 */
function undeclaredSchema(contentType: string): JsonSchema | undefined {
	if (contentType === "application/json" || contentType.endsWith("+json")) return undefined;
	const text = contentType.startsWith("text/") || contentType.endsWith("+xml");
	return text ? { type: "string", contentMediaType: contentType } : { type: "string", format: "binary", contentMediaType: contentType };
}

/** CSV as a body: text with at least a header row (an empty body answers 422 `invalid_data`). */
const csvSchema: JsonSchema = { type: "string", contentMediaType: "text/csv", minLength: 1 };

/** A parameter's description sits beside its schema in OpenAPI, not inside it (where zod's `.describe()` puts it). */
function liftDescription(schema: JsonSchema): { description?: string; schema: JsonSchema } {
	const { description, ...rest } = schema;
	return typeof description === "string" ? { description, schema: rest } : { schema: rest };
}

interface ObjectSchema {
	properties?: Record<string, JsonSchema>;
	required?: string[];
}

/**
 * A query's object schema, whose properties become the parameters. A query schema with an id is
 * hoisted into the components as a `$ref`: it is taken back out, since no schema refers to it.
 */
function queryObject(schema: JsonSchema, components: Record<string, JsonSchema>): ObjectSchema {
	const ref = typeof schema.$ref === "string" ? schema.$ref.replace("#/components/schemas/", "") : null;
	if (ref === null) return schema as ObjectSchema;
	const hoisted = components[ref] ?? {};
	delete components[ref];
	return hoisted as ObjectSchema;
}

function openApiPath(path: string): string {
	return path.replace(/:([A-Za-z]+)/g, "{$1}");
}

function describeAccess(route: Route): string {
	if (route.access === "public") return "No key needed.";
	if (route.access === "session") return "Console session only (the `charts_session` cookie); an API key gets 403 `session_required`.";
	if (route.access === "key") return "Any valid API key, or a console session.";
	return `Needs a key with scope \`${route.access}\` (within its account's role), or a console session whose role holds it.`;
}

export interface DocumentInfo {
	title: string;
	description: string;
}

const securitySchemes = {
	bearerAuth: { type: "http", scheme: "bearer", description: "An API key: `cs_` followed by 40 characters." },
	sessionCookie: {
		type: "apiKey",
		in: "cookie",
		name: "charts_session",
		description:
			"The console session from POST /auth/sign-in. Writes (POST, PUT, PATCH, DELETE) also need the header X-CSRF-Token with the session's csrfToken.",
	},
};

/**
 * The service is not open source (package.json: private); using the API is governed by the
 * terms of whoever runs it. SPDX's `LicenseRef-` form names a licence that is not on its list.
 */
const serviceLicense = { name: "Proprietary: use is governed by the service operator's terms", identifier: "LicenseRef-Proprietary" };

export const apiDocumentInfo: DocumentInfo = {
	title: "Charts API",
	description:
		"Create, update, list, delete, publish and export charts from code. Every request except this document carries `Authorization: Bearer <API key>` (or, from the console, the session cookie and, on writes, `X-CSRF-Token`). Errors are `{ error: { code, message, details? } }`. Every keyed answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`; a 429 carries `Retry-After`.",
};

export const consoleDocumentInfo: DocumentInfo = {
	title: "Charts console API",
	description:
		"Sign-in and the console-only routes (account, API keys). These need a console session: sign in with POST /auth/sign-in, send the `charts_session` cookie back, and send `X-CSRF-Token` with the answer's csrfToken on every POST, PUT, PATCH and DELETE. API keys are refused with 403 `session_required`. Errors are `{ error: { code, message, details? } }`.",
};

export function buildOpenApiDocument(routes: readonly Route[], serverUrl: string, info: DocumentInfo = apiDocumentInfo) {
	const components: Record<string, JsonSchema> = {};
	const errorRef = toSchema(ErrorBody, "output", components);
	const paths: Record<string, Record<string, unknown>> = {};

	for (const route of routes) {
		const responses: Record<string, unknown> = {};
		for (const [status, spec] of Object.entries(route.responses)) {
			const schema = spec.schema ? toSchema(spec.schema, "output", components) : undefined;
			const contentTypes = spec.contentType === undefined ? ["application/json"] : [spec.contentType].flat();
			const media = (type: string) => {
				const declared = schema ?? undeclaredSchema(type);
				return declared ? { schema: declared } : {};
			};
			responses[status] = {
				description: spec.description,
				headers: bookmarkHeaders,
				...(spec.schema || spec.contentType ? { content: Object.fromEntries(contentTypes.map((type) => [type, media(type)])) } : {}),
			};
		}
		const codes = [...new Set([...impliedErrors(route), ...route.errors])];
		const codesByStatus = new Map<number, ErrorCode[]>();
		for (const code of codes) codesByStatus.set(errorStatus[code], [...(codesByStatus.get(errorStatus[code]) ?? []), code]);
		for (const [status, statusCodes] of [...codesByStatus].sort(([a], [b]) => a - b)) {
			responses[String(status)] = {
				description: `Error: ${statusCodes.join(", ")}`,
				headers: bookmarkHeaders,
				content: { "application/json": { schema: errorRef } },
			};
		}

		const idKinds = pathIdKinds(route.path);
		const parameters: unknown[] = [...route.path.matchAll(/:([A-Za-z]+)/g)].map(([, name = ""]) => {
			const declared = route.params?.[name];
			const kind = idKinds[name];
			if (declared) return { name, in: "path", required: true, ...liftDescription(toSchema(declared, "input", components)) };
			if (kind) return { name, in: "path", required: true, ...pathIdParameter(kind) };
			return { name, in: "path", required: true, schema: { type: "string" } };
		});
		if (route.query) {
			const query = queryObject(toSchema(route.query, "input", components), components);
			for (const [name, schema] of Object.entries(query.properties ?? {})) {
				parameters.push({ name, in: "query", required: query.required?.includes(name) ?? false, ...liftDescription(schema) });
			}
		}
		if (route.method === "GET") parameters.push(bookmarkParameter);
		if (route.idempotent) {
			parameters.push({
				name: "Idempotency-Key",
				in: "header",
				required: false,
				description:
					"Replays the first answer for a repeat of the same request within 24 hours: 1–255 visible ASCII characters, e.g. a UUID (any other answers 422 `invalid_body`).",
				schema: { type: "string", pattern: idempotencyKeyPattern.source, minLength: 1, maxLength: 255 },
			});
		}

		let requestBody: unknown;
		if (route.body.type === "json") {
			requestBody = {
				required: !route.body.optional,
				content: { "application/json": { schema: toSchema(route.body.schema, "input", components) } },
			};
		} else if (route.body.type === "csv") {
			requestBody = { required: true, content: { "text/csv": { schema: csvSchema } } };
		} else if (route.body.type === "binary") {
			const { maxBytes, contentTypes, schemas } = route.body;
			const file = { type: "string", format: "binary", maxLength: maxBytes };
			const schemaOf = (type: string): JsonSchema => {
				const declared = schemas?.[type];
				if (declared) return toSchema(declared, "input", components);
				if (type === "multipart/form-data") return { type: "object", required: ["file"], properties: { file } };
				return type === "text/csv" ? csvSchema : file;
			};
			requestBody = {
				required: true,
				content: Object.fromEntries(contentTypes.map((type) => [type, { schema: schemaOf(type) }])),
			};
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
				...(route.access !== "public" && route.access !== "key" && route.access !== "session" ? { "x-required-scope": route.access } : {}),
				...(parameters.length ? { parameters } : {}),
				...(requestBody ? { requestBody } : {}),
				responses,
			},
		};
	}

	const usesSessionsOnly = routes.every((route) => route.access === "public" || route.access === "session");
	const usedTags = new Set(routes.map((route) => route.tag));
	return {
		openapi: "3.1.0",
		jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
		info: {
			title: info.title,
			version: "1.0.0",
			description: info.description,
			// The service's own console: where accounts, keys and plans are managed.
			contact: { name: "Charts service", url: serverUrl },
			license: serviceLicense,
		},
		// Only the address the document was read from: the one address known to serve these paths.
		servers: [{ url: serverUrl, description: "This service" }],
		security: usesSessionsOnly ? [{ sessionCookie: [] }] : [{ bearerAuth: [] }, { sessionCookie: [] }],
		tags: (Object.keys(apiTagDescriptions) as ApiTag[])
			.filter((tag) => usedTags.has(tag))
			.map((name) => ({ name, description: apiTagDescriptions[name] })),
		paths,
		components: {
			schemas: components,
			headers: { D1Bookmark: bookmarkResponseHeader },
			securitySchemes: usesSessionsOnly ? { sessionCookie: securitySchemes.sessionCookie } : securitySchemes,
		},
	};
}

/** How many origins' documents an isolate keeps (a Worker answers on a few hostnames at most). */
const cachedOrigins = 8;

/** A route serving the document of `routes` at `path`. */
export function openApiRoute(routes: () => readonly Route[], path = "/v1/openapi.json", info: DocumentInfo = apiDocumentInfo): Route {
	// The document depends only on the code and the origin it names as its server (a Worker may
	// answer on several hostnames), so it is built once per origin and isolate.
	const cachedDocuments = new Map<string, string>();
	return defineRoute({
		method: "GET",
		path,
		tag: "Meta",
		summary: "This OpenAPI document",
		access: "public",
		body: { type: "none" },
		responses: { 200: { description: "OpenAPI 3.1 document", contentType: "application/json" } },
		errors: [],
		async handler({ url }) {
			let document = cachedDocuments.get(url.origin);
			if (document === undefined) {
				if (cachedDocuments.size >= cachedOrigins) cachedDocuments.clear();
				document = JSON.stringify(buildOpenApiDocument(routes(), url.origin, info));
				cachedDocuments.set(url.origin, document);
			}
			return new Response(document, { headers: { "Content-Type": "application/json", "Cache-Control": "public, max-age=300" } });
		},
	});
}
