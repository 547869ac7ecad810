/**
 * The error data that does not fit throws, in a module of its own: the one error path
 * (src/http/errors.ts) maps it at startup, and the dataset code (with zod) loads later.
 */

/** Where data went wrong: its row and column, and for column roles the columns and roles that would work. */
export interface InvalidDataDetails {
	row?: number;
	column?: string;
	/** A `meta.columns` that would draw this data (the roles proposed when they could not be guessed). */
	columns?: Record<string, string | string[]>;
	/** The data's column names, when a role named one that is not there. */
	validColumns?: string[];
}

/** Data that does not fit: answered as 422 `invalid_data`, naming the row or column. */
export class InvalidDataError extends Error {
	constructor(
		message: string,
		readonly details?: InvalidDataDetails,
	) {
		super(message);
		this.name = "InvalidDataError";
	}
}
