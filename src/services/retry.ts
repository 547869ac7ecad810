/**
 * The one retry loop for conditional writes (optimistic concurrency, D13): an attempt reads
 * fresh state, plans, and writes on the condition that nothing changed; `null` means it lost a
 * race and should run again on fresh state. Between attempts it waits a short exponential
 * backoff with full jitter, so writers that collided spread out instead of colliding again.
 * Anything an attempt throws (404, 412, 422) ends the loop at once: only lost races are retried.
 */
import { ApiError } from "../api-error";

export interface RetryOptions {
	/** How many attempts in all before answering 409 `conflict`. */
	budget: number;
	/** The 409's message: what kept changing, and that a retry is the fix. */
	conflictMessage: string;
	/** Injectable for tests; a real timer otherwise. */
	sleep?: (ms: number) => Promise<void>;
}

/** The first pause's ceiling; each further pause may be twice as long, up to `maxDelayMs`. */
const baseDelayMs = 2;
/** Keeps the worst total wait small (20 attempts ≲ 0.5 s): a request should not hang on a hot chart. */
const maxDelayMs = 25;

/** Full jitter: a uniform pause between 0 and the attempt's ceiling. */
export function backoffDelayMs(attempt: number, random: () => number = Math.random): number {
	return random() * Math.min(maxDelayMs, baseDelayMs * 2 ** attempt);
}

const timerSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function retryConditionalWrite<T>(attempt: (n: number) => Promise<T | null>, options: RetryOptions): Promise<T> {
	const sleep = options.sleep ?? timerSleep;
	for (let n = 0; n < options.budget; n++) {
		if (n > 0) await sleep(backoffDelayMs(n - 1));
		const result = await attempt(n);
		if (result !== null) return result;
	}
	throw new ApiError("conflict", options.conflictMessage);
}
