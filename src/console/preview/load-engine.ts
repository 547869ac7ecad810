/** The chart engine, fetched once on first use (see `engine.ts`). */
let engine: Promise<typeof import("./engine")> | null = null;

export function loadEngine(): Promise<typeof import("./engine")> {
	engine ??= import("./engine").catch((error: unknown) => {
		// A failed download (offline for a moment) can be retried on the next draw.
		engine = null;
		throw error;
	});
	return engine;
}
