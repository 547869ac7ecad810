/**
 * The API's error vocabulary (docs/design.md#d1): every error code with its HTTP status, the one error
 * type that carries a code to the client, and the 422 a failed validation becomes. It sits below
 * every layer that throws one (services, auth, http, api), so none of them has to import another
 * to say what went wrong; `src/http/errors.ts` turns it into the response.
 */
import type { ZodError } from "zod";

/** Every error code the API answers, with its HTTP status. */
export const errorStatus = {
	unauthorized: 401,
	invalid_credentials: 401,
	forbidden: 403,
	plan_required: 403,
	csrf_failed: 403,
	session_required: 403,
	not_found: 404,
	method_not_allowed: 405,
	conflict: 409,
	idempotency_in_progress: 409,
	precondition_failed: 412,
	payload_too_large: 413,
	unsupported_media_type: 415,
	invalid_body: 422,
	invalid_query: 422,
	invalid_data: 422,
	invalid_format: 422,
	invalid_parent: 422,
	invalid_series: 422,
	invalid_folder: 422,
	invalid_theme: 422,
	invalid_transform: 422,
	invalid_kind: 422,
	invalid_font: 422,
	idempotency_key_reused: 422,
	rate_limited: 429,
	internal_error: 500,
	export_busy: 503,
	service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class ApiError extends Error {
	readonly status: number;

	constructor(
		readonly code: ErrorCode,
		message: string,
		readonly details?: unknown,
		readonly headers: Record<string, string> = {},
	) {
		super(message);
		this.name = "ApiError";
		this.status = errorStatus[code];
	}
}

/** Which error code a validation failure gets, by the first segment of the field path. */
const codeByField: Record<string, ErrorCode> = {
	kind: "invalid_kind",
	series: "invalid_series",
	folderId: "invalid_folder",
	parentId: "invalid_parent",
};

const codeByMetaField: Record<string, ErrorCode> = {
	theme: "invalid_theme",
	seriesTransform: "invalid_transform",
};

export function formatPath(path: readonly PropertyKey[]): string {
	let out = "";
	for (const segment of path) {
		if (typeof segment === "number") out += `[${segment}]`;
		else out += out === "" ? String(segment) : `.${String(segment)}`;
	}
	return out;
}

/** A 422 naming the first offending field, with every issue listed in `details`. */
export function validationError(error: ZodError, fallback: ErrorCode = "invalid_body", prefix: PropertyKey[] = []): ApiError {
	const issues = error.issues.map((issue) => ({
		path: formatPath([...prefix, ...issue.path]),
		message: issue.message,
	}));
	const first = error.issues[0];
	const fullPath = [...prefix, ...(first?.path ?? [])];
	const [head, second] = fullPath;
	let code = fallback;
	if (typeof head === "string" && codeByField[head]) code = codeByField[head];
	if (head === "meta" && typeof second === "string" && codeByMetaField[second]) code = codeByMetaField[second];
	const where = formatPath(fullPath);
	const message = where ? `${where}: ${first?.message ?? "is invalid"}` : (first?.message ?? "Request is invalid");
	return new ApiError(code, message, { path: where, issues });
}
