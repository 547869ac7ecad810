/**
 * Polls `check` until it returns something truthy, and returns that; fails after `timeout` ms
 * naming `what` and the last error `check` threw. For what a page settles into on its own time
 * (a save, a redraw), where a fixed wait would be either flaky or slow.
 */
export async function eventually<T>(what: string, check: () => Promise<T | null | undefined | false>, timeout = 15_000): Promise<T> {
	const until = Date.now() + timeout;
	let last: unknown;
	while (Date.now() < until) {
		try {
			const value = await check();
			if (value) return value;
		} catch (error) {
			last = error;
		}
		await new Promise((resolve) => setTimeout(resolve, 150));
	}
	throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ""}`);
}
