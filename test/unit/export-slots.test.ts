import { describe, expect, it } from "vitest";
import { renderInExportSlot } from "../../src/api/export-slot";
import { withExportSlot } from "../../src/limits/client";
import { memoryExportSlots } from "../../src/limits/memory";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("withExportSlot (in-memory gate)", () => {
	it("holds a slot only while rendering, and frees it when the render throws", async () => {
		const slots = memoryExportSlots(1);
		let seenWhileRendering = -1;
		const result = await withExportSlot(slots, async () => {
			seenWhileRendering = slots.active.size;
			return "drawn";
		});
		expect(result).toEqual({ ok: true, value: "drawn" });
		expect(seenWhileRendering).toBe(1);
		expect(slots.active.size).toBe(0);
		await expect(withExportSlot(slots, () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
		expect(slots.active.size).toBe(0);
	});

	it("answers busy beyond capacity without rendering; the API helper makes it 503 export_busy, Retry-After: 5", async () => {
		const slots = memoryExportSlots(1);
		let release: () => void = () => {};
		const first = withExportSlot(slots, () => new Promise<void>((resolve) => (release = resolve)));
		expect(await withExportSlot(slots, async () => "second")).toEqual({ ok: false, reason: "busy" });
		await expect(renderInExportSlot(slots, async () => "second")).rejects.toMatchObject({
			code: "export_busy",
			status: 503,
			headers: { "Retry-After": "5" },
		});
		release();
		await first;
		expect(await renderInExportSlot(slots, async () => "third")).toBe("third");
	});

	it("renews the lease while a render outlives its TTL, so no further export starts beside it", async () => {
		// A 40 ms lease renewed every 10 ms, held by a 150 ms render.
		const slots = memoryExportSlots(1, { ttlMs: 40 });
		const slow = withExportSlot(slots, () => sleep(150).then(() => "slow"), { renewEveryMs: 10 });
		await sleep(90);
		expect(await withExportSlot(slots, async () => "intruder")).toEqual({ ok: false, reason: "busy" });
		expect(await slow).toEqual({ ok: true, value: "slow" });
		// Renewal stops with the render: no timer keeps extending a released lease.
		const renewed = slots.extensions;
		expect(renewed).toBeGreaterThan(3);
		await sleep(40);
		expect(slots.extensions).toBe(renewed);
		expect(slots.active.size).toBe(0);
	});

	it("stops renewing after the longest hold, so a render stuck forever frees its slot", async () => {
		const slots = memoryExportSlots(1, { ttlMs: 30 });
		let finish: () => void = () => {};
		const stuck = withExportSlot(slots, () => new Promise<void>((resolve) => (finish = resolve)), { renewEveryMs: 10, maxHoldMs: 40 });
		await sleep(120);
		expect(await withExportSlot(slots, async () => "next")).toEqual({ ok: true, value: "next" });
		finish();
		await stuck;
	});
});
