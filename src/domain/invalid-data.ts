/**
 * The error data that does not fit throws, in a module of its own: the one error path
 * (src/http/errors.ts) maps it at startup, and the dataset code (with zod) loads later (issue 26).
 */

/** Data that does not fit: answered as 422 `invalid_data`, naming the row or column. */
export class InvalidDataError extends Error {
	constructor(
		message: string,
		readonly details?: { row?: number; column?: string },
	) {
		super(message);
		this.name = "InvalidDataError";
	}
}
