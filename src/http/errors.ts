/**
 * The one place that turns an error into a response. Every 4xx and 5xx body has the shape
 * `{ error: { code, message, details? } }` (docs/design.md#d1); the codes and `ApiError` itself are in
 * `src/api-error.ts`, below every layer that throws one.
 */
import type { ErrorCode } from "../api-error";
import { ApiError } from "../api-error";
import { InvalidDataError } from "../domain/invalid-data";
import { InvalidSeriesError } from "../library/invalid-series";

export function errorBody(code: ErrorCode, message: string, details?: unknown) {
	return { error: details === undefined ? { code, message } : { code, message, details } };
}

/** Domain errors that are the caller's to fix, as the API error they answer. */
function asApiError(error: unknown): ApiError | null {
	if (error instanceof ApiError) return error;
	if (error instanceof InvalidDataError) return new ApiError("invalid_data", error.message, error.details);
	if (error instanceof InvalidSeriesError) return new ApiError("invalid_series", error.message, { path: `series[${error.index}]` });
	return null;
}

/** Turns anything thrown while handling a request into the documented error response. */
export function errorResponse(thrown: unknown, requestId: string): Response {
	const error = asApiError(thrown) ?? thrown;
	if (error instanceof ApiError) {
		return Response.json(errorBody(error.code, error.message, error.details), {
			status: error.status,
			headers: error.headers,
		});
	}
	// Anything else is our bug, never the caller's: log it with the request id they can quote.
	console.error(`request ${requestId} failed`, error);
	return Response.json(errorBody("internal_error", `Something went wrong on our side. Quote request id ${requestId} if you report it.`), {
		status: 500,
	});
}
