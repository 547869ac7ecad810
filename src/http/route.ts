/**
 * A route is one declaration: method, path, who may call it, the zod schemas of its query and
 * body, its responses and errors, and the handler. The router, the request pipeline and the
 * OpenAPI document all read the same declaration, so they cannot drift apart.
 */
import type { z } from "zod";
import type { ErrorCode } from "../api-error";
import type { Caller, SessionCaller } from "../domain/caller";
import type { Scope } from "../domain/plans";
import type { Services } from "../request-services";
import type { ApiTag } from "./api-tags";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * `public`: no credential; `key`: any valid key of an API plan, or a session; a scope: a key
 * holding that scope, or a session (which holds every scope, docs/design.md#d32); `session`: a signed-in
 * console session only (docs/design.md#d33).
 */
export type Access = "public" | "key" | "session" | Scope;

export type Body =
	/** `optional`: an empty body reads as `{}` (a POST whose every field has a default). */
	| { type: "json"; schema: z.ZodType; maxBytes?: number; optional?: boolean }
	| { type: "csv"; maxBytes: number }
	/**
	 * A file as the raw body, or as a `multipart/form-data` form when listed (read up to
	 * `maxBytes` plus 64 KiB for the form's framing; the handler checks the file itself).
	 */
	| {
			type: "binary";
			maxBytes: number;
			contentTypes: readonly string[];
			/**
			 * What the OpenAPI document says a body of one of `contentTypes` is, where it is not a file:
			 * the JSON the handler parses itself (a link's `{ url, refreshMinutes }`).
			 */
			schemas?: Readonly<Record<string, z.ZodType>>;
	  }
	| { type: "none" };

export interface ResponseSpec {
	description: string;
	schema?: z.ZodType;
	/**
	 * Defaults to application/json; a list when the answer is one of several types (an export). A
	 * file type without a `schema` is documented as the file itself (bytes, or text for text types).
	 */
	contentType?: string | readonly string[];
}

export interface HandlerContext<Q, B, C = Caller> {
	request: Request;
	url: URL;
	params: Record<string, string>;
	query: Q;
	body: B;
	services: Services;
	/** The key's or session's account; null only on public routes. */
	caller: C;
	requestId: string;
	now: number;
	/**
	 * Resolves once the account's rate limit has admitted this request. A `readOnly` route runs
	 * beside the limiter's call, so before anything with an effect (an export slot, a write) it
	 * must await this; it throws when the limiter refused (the pipeline then answers 429 or 503
	 * and discards what the handler answered). Already resolved for every other route.
	 */
	admitted: () => Promise<void>;
}

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
/** A binary body: its bytes and its media type (lower-case, without parameters). */
export interface BinaryBody {
	bytes: Uint8Array;
	contentType: string;
}

type BodyOutput<B> = B extends { type: "json"; schema: infer S }
	? Output<S>
	: B extends { type: "csv" }
		? string
		: B extends { type: "binary" }
			? BinaryBody
			: undefined;

type CallerOf<A extends Access> = A extends "public" ? null : A extends "session" ? SessionCaller : Caller;

export interface RouteDefinition<QS extends z.ZodType | undefined, B extends Body, A extends Access> {
	method: Method;
	/** itty-router pattern, e.g. `/v1/charts/:id`. */
	path: string;
	tag: ApiTag;
	summary: string;
	description?: string;
	access: A;
	query?: QS;
	/**
	 * What the OpenAPI document says each path parameter is (an enum, an integer), with its
	 * description from zod's `.describe()`. An id parameter (path-ids.ts) needs no entry: its
	 * pattern and description come from its kind. The handler still parses its parameters, so its
	 * errors stay the documented ones. Query parameters are described the same way, by
	 * `.describe()` on each field of `query`.
	 */
	params?: Record<string, z.ZodType>;
	body: B;
	responses: Record<number, ResponseSpec>;
	/** Errors this route can answer besides those implied by its access, body, query and idempotency. */
	errors: ErrorCode[];
	/** POST routes replay their first answer for a repeated `Idempotency-Key` (docs/design.md#d14). */
	idempotent?: boolean;
	/**
	 * The handler changes nothing before it awaits `admitted()`, so the pipeline may run it beside
	 * the account limiter's call (one round trip less for a read); its answer is used
	 * only if the limiter admits the request.
	 */
	readOnly?: boolean;
	handler: (ctx: HandlerContext<Output<QS>, BodyOutput<B>, CallerOf<A>>) => Promise<Response>;
}

/** A route with its types erased, as the router and the OpenAPI generator hold it. */
export interface Route {
	method: Method;
	path: string;
	tag: ApiTag;
	summary: string;
	description?: string;
	access: Access;
	query?: z.ZodType;
	params?: Record<string, z.ZodType>;
	body: Body;
	responses: Record<number, ResponseSpec>;
	errors: ErrorCode[];
	idempotent?: boolean;
	readOnly?: boolean;
	handler: (ctx: HandlerContext<unknown, unknown, Caller | null>) => Promise<Response>;
}

export function defineRoute<QS extends z.ZodType | undefined = undefined, B extends Body = { type: "none" }, A extends Access = Access>(
	definition: RouteDefinition<QS, B, A>,
): Route {
	return definition as unknown as Route;
}
