/**
 * One error class per API error code, each with `status`, `code` and the API's `message` (and
 * `details` as the API sent them). Catch `ApiError` for any refusal, or a narrower class:
 *
 *   try { await client.charts.get("ch_missing"); } catch (error) { if (error instanceof NotFound) … }
 */

/** Anything this client throws on purpose. */
export class ChartsServiceError extends Error {
	override name = "ChartsServiceError";
}

/** The service could not be reached (after the retries the budget allowed). */
export class ConnectionFailed extends ChartsServiceError {
	override name = "ConnectionFailed";
}

/** An error answer of the API: `{ error: { code, message, details? } }`. */
export class ApiError extends ChartsServiceError {
	override name = "ApiError";

	constructor(
		readonly status: number,
		readonly code: string,
		message: string,
		readonly details?: unknown,
		readonly headers: Headers = new Headers(),
	) {
		super(message);
	}

	/** The request field the API named (`meta.title`, `series[2]`), when it named one. */
	get path(): string | undefined {
		const path = detail(this.details, "path");
		return typeof path === "string" ? path : undefined;
	}

	override toString(): string {
		return `${this.name}: ${this.message} (${this.status} ${this.code})`;
	}
}

function detail(details: unknown, name: string): unknown {
	return typeof details === "object" && details !== null ? (details as Record<string, unknown>)[name] : undefined;
}

/** `Retry-After` in seconds (the API sends whole seconds), or undefined. */
export function retryAfterSeconds(headers: Headers): number | undefined {
	const value = headers.get("retry-after");
	if (value === null) return undefined;
	const seconds = Number(value);
	return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

/** 401: the key is missing, unknown or revoked. */
export class Unauthorized extends ApiError {
	override name = "Unauthorized";
}
/** 403: the key's scopes do not cover the operation. */
export class Forbidden extends ApiError {
	override name = "Forbidden";
}
/** 403 `plan_required`: the account's plan has no API access (Professional and Business do). */
export class PlanRequired extends Forbidden {
	override name = "PlanRequired";
}
/** 404: no such chart, folder, version or source in this workspace. */
export class NotFound extends ApiError {
	override name = "NotFound";
}
/**
 * 404 `not_found`, raised before sending: a chart or folder id that is not of an id's shape
 * (`ch_` or `fd_`, then 1 to 64 letters, digits, `_` or `-`), or a library id that is empty, `.`
 * or `..`. No such id names anything (the API answers 404 too), and one like `.` would be read
 * as another route once it is in a URL. `path` is the argument (`id`); nothing was sent.
 */
export class InvalidId extends NotFound {
	override name = "InvalidId";
	readonly checkedLocally = true;

	constructor(argument: string, value: unknown, expected: string) {
		const shown = typeof value === "string" ? JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value) : String(value);
		super(404, "not_found", `${argument}: ${shown} is not ${expected}; nothing was sent.`, { path: argument });
	}
}
/** 405 `method_not_allowed`: the path exists, but not with this method (`Allow` lists the ones it has). */
export class MethodNotAllowed extends ApiError {
	override name = "MethodNotAllowed";
}
/** 409: changed under the request, or the same Idempotency-Key is still in progress. */
export class Conflict extends ApiError {
	override name = "Conflict";
}
/** 412: `If-Match` named a version that is no longer current. */
export class PreconditionFailed extends ApiError {
	override name = "PreconditionFailed";
}
/** 413: the body is over the API's limit (a CSV over 10 MiB). */
export class PayloadTooLarge extends ApiError {
	override name = "PayloadTooLarge";
}
/** 415 `unsupported_media_type`: the body's `Content-Type` is not one the route reads. */
export class UnsupportedMediaType extends ApiError {
	override name = "UnsupportedMediaType";
}
/** 422: the request was refused as written; `code` says which part (`invalid_kind`, `invalid_body`…). */
export class ValidationError extends ApiError {
	override name = "ValidationError";
}
/** 422 `invalid_data`: the data does not fit the chart kind; `row` and `column` say where. */
export class InvalidData extends ValidationError {
	override name = "InvalidData";
	/** As in a spreadsheet: the header is row 1, the first data row is row 2. */
	get row(): number | undefined {
		const row = detail(this.details, "row");
		return typeof row === "number" ? row : undefined;
	}
	get column(): string | undefined {
		const column = detail(this.details, "column");
		return typeof column === "string" ? column : undefined;
	}
	/**
	 * The `meta.columns` the service proposes when it could not choose the roles itself
	 * (`details.columns`): pass it back as `columns` once it says what you meant.
	 */
	get proposedColumns(): Record<string, string | string[]> | undefined {
		const columns = detail(this.details, "columns");
		return typeof columns === "object" && columns !== null && !Array.isArray(columns)
			? (columns as Record<string, string | string[]>)
			: undefined;
	}
	/** The data's columns, when the service listed them (`details.validColumns`). */
	get validColumns(): string[] | undefined {
		const columns = detail(this.details, "validColumns");
		return Array.isArray(columns) ? columns.map(String) : undefined;
	}
}
/**
 * A column role the chart kind does not have (or no kind has), refused before sending: `role` is
 * the one given, `roles` the kind's (every kind's when the kind is not known); nothing was sent.
 */
export class UnknownRole extends InvalidData {
	override name = "UnknownRole";
	readonly checkedLocally = true;

	constructor(
		readonly role: string,
		kind: string | undefined,
		readonly roles: readonly string[],
	) {
		const listed = roles.map((name) => `"${name}"`).join(", ");
		const whose = kind ? `a role of a ${kind} chart; its roles are` : "a role of any chart kind; the roles are";
		super(422, "invalid_data", `meta.columns: "${role}" is not ${whose} ${listed}; nothing was sent.`, {
			path: `meta.columns.${role}`,
			validRoles: [...roles],
		});
	}
}
/** 429 `rate_limited`: the account's per-minute budget is spent. */
export class RateLimited extends ApiError {
	override name = "RateLimited";
	get retryAfter(): number | undefined {
		return retryAfterSeconds(this.headers);
	}
}
/** 503: briefly unable to answer. */
export class ServiceUnavailable extends ApiError {
	override name = "ServiceUnavailable";
	get retryAfter(): number | undefined {
		return retryAfterSeconds(this.headers);
	}
}
/** 503 `export_busy`: two exports are already rendering; retried automatically within the budget. */
export class ExportBusy extends ServiceUnavailable {
	override name = "ExportBusy";
}
/** 500: the service failed; the message quotes a request id to report. */
export class ServerError extends ApiError {
	override name = "ServerError";
}

export type ApiErrorClass = new (status: number, code: string, message: string, details?: unknown, headers?: Headers) => ApiError;

/** Every error code the API answers (its error codes table, docs/api.md), with its class. */
const byCode: Record<string, ApiErrorClass> = {
	unauthorized: Unauthorized,
	invalid_credentials: Unauthorized,
	forbidden: Forbidden,
	session_required: Forbidden,
	csrf_failed: Forbidden,
	plan_required: PlanRequired,
	not_found: NotFound,
	method_not_allowed: MethodNotAllowed,
	conflict: Conflict,
	idempotency_in_progress: Conflict,
	precondition_failed: PreconditionFailed,
	payload_too_large: PayloadTooLarge,
	unsupported_media_type: UnsupportedMediaType,
	invalid_body: ValidationError,
	invalid_query: ValidationError,
	invalid_data: InvalidData,
	invalid_format: ValidationError,
	invalid_parent: ValidationError,
	invalid_series: ValidationError,
	invalid_folder: ValidationError,
	invalid_theme: ValidationError,
	invalid_transform: ValidationError,
	invalid_kind: ValidationError,
	invalid_font: ValidationError,
	idempotency_key_reused: ValidationError,
	rate_limited: RateLimited,
	export_busy: ExportBusy,
	service_unavailable: ServiceUnavailable,
	internal_error: ServerError,
};

/** The class of an error code, or undefined for a code this client does not know (a newer service's). */
export function errorClassOf(code: string): ApiErrorClass | undefined {
	return Object.hasOwn(byCode, code) ? byCode[code] : undefined;
}

const byStatus: Record<number, ApiErrorClass> = {
	401: Unauthorized,
	403: Forbidden,
	404: NotFound,
	405: MethodNotAllowed,
	409: Conflict,
	412: PreconditionFailed,
	413: PayloadTooLarge,
	415: UnsupportedMediaType,
	422: ValidationError,
	429: RateLimited,
	503: ServiceUnavailable,
};

/** The error for an answer: by its code, else by its status (a code newer than this client). */
export async function errorFrom(response: Response): Promise<ApiError> {
	let code = "";
	let message = `HTTP ${response.status}`;
	let details: unknown;
	const body: unknown = await response.json().catch(() => undefined);
	const error = typeof body === "object" && body !== null ? (body as { error?: unknown }).error : undefined;
	if (typeof error === "object" && error !== null) {
		const fields = error as { code?: unknown; message?: unknown; details?: unknown };
		code = typeof fields.code === "string" ? fields.code : "";
		message = typeof fields.message === "string" ? fields.message : message;
		details = fields.details;
	}
	const ErrorClass = errorClassOf(code) ?? byStatus[response.status] ?? (response.status >= 500 ? ServerError : ApiError);
	return new ErrorClass(response.status, code || `http_${response.status}`, message, details, response.headers);
}
