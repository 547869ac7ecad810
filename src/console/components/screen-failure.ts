/**
 * What the screen error boundary (screen-boundary.tsx) keeps of a throw, apart from Preact so it
 * can be tested alone.
 */

export interface BoundaryState {
	/** What the screen threw; null while it draws fine. */
	error: unknown;
}

/** The state after a throw: never null, even when what was thrown is (`throw undefined`). */
export function caught(error: unknown): BoundaryState {
	return { error: error ?? new Error("A screen failed.") };
}

/** The words for what was thrown, for the details line: its name and message when it has them. */
export function failureDetail(error: unknown): string {
	if (error instanceof Error) return error.message ? `${error.name}: ${error.message}` : error.name;
	return typeof error === "string" && error ? error : "An unknown error.";
}
