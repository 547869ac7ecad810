/**
 * The error a series reference that resolves to nothing throws, in a module of its own: the one
 * error path (src/http/errors.ts) maps it at startup, and the resolver (with zod) loads later.
 */

/** A reference that matches no statistic or several: 422 `invalid_series` at the API edge. */
export class InvalidSeriesError extends Error {
	constructor(
		readonly index: number,
		message: string,
	) {
		super(message);
		this.name = "InvalidSeriesError";
	}
}
