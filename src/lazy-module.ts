/**
 * A module loaded on first use rather than when the isolate starts: the first caller
 * starts the load, every later one shares it. A failed load (a bug) is retried by the next caller
 * rather than answered from a rejected promise for the isolate's whole life.
 */
export function lazily<T>(load: () => Promise<T>): () => Promise<T> {
	let loading: Promise<T> | undefined;
	return () => {
		loading ??= load().catch((error: unknown) => {
			loading = undefined;
			throw error;
		});
		return loading;
	};
}
