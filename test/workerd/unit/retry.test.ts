import { describe, expect, it } from "vitest";
import { ApiError } from "../../../src/api-error";
import { backoffDelayMs, retryConditionalWrite } from "../../../src/services/retry";

function recordingSleep() {
	const pauses: number[] = [];
	return { pauses, sleep: async (ms: number) => void pauses.push(ms) };
}

describe("retryConditionalWrite", () => {
	it("returns the first attempt that wins, without pausing before the first", async () => {
		const { pauses, sleep } = recordingSleep();
		const seen: number[] = [];
		const result = await retryConditionalWrite(
			async (n) => {
				seen.push(n);
				return n < 2 ? null : "written";
			},
			{ budget: 5, conflictMessage: "busy", sleep },
		);
		expect(result).toBe("written");
		expect(seen).toEqual([0, 1, 2]);
		expect(pauses).toHaveLength(2);
	});

	it("answers 409 conflict with the given message after exactly `budget` lost races", async () => {
		const { pauses, sleep } = recordingSleep();
		let attempts = 0;
		const run = retryConditionalWrite(
			async () => {
				attempts++;
				return null;
			},
			{ budget: 3, conflictMessage: "The folder kept changing.", sleep },
		);
		await expect(run).rejects.toMatchObject({ status: 409, code: "conflict", message: "The folder kept changing." });
		expect(attempts).toBe(3);
		expect(pauses).toHaveLength(2);
	});

	it("does not retry what an attempt throws (404, 412, 422)", async () => {
		let attempts = 0;
		const run = retryConditionalWrite(
			async () => {
				attempts++;
				throw new ApiError("precondition_failed", "stale");
			},
			{ budget: 20, conflictMessage: "busy" },
		);
		await expect(run).rejects.toMatchObject({ status: 412 });
		expect(attempts).toBe(1);
	});

	it("backs off exponentially with full jitter, capped so 20 attempts wait well under a second", () => {
		expect(backoffDelayMs(0, () => 1)).toBe(2);
		expect(backoffDelayMs(1, () => 1)).toBe(4);
		expect(backoffDelayMs(3, () => 1)).toBe(16);
		expect(backoffDelayMs(10, () => 1)).toBe(25);
		expect(backoffDelayMs(10, () => 0)).toBe(0);
		let worst = 0;
		for (let n = 0; n < 19; n++) worst += backoffDelayMs(n, () => 1);
		expect(worst).toBeLessThan(500);
	});
});
