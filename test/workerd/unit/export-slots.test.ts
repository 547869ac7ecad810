import { describe, expect, it } from "vitest";
import { withExportSlot } from "../../../src/limits/client";
import { memoryExportSlots } from "../../../src/limits/memory";
import { renderInExportSlot } from "../../../src/services/export-slot";

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
		// A 400 ms lease renewed every 100 ms, held by a 1.5 s render: a timer late by up to 300 ms
		// (vitest runs two files at once on two cores) still renews in time. Shorter scales failed under load.
		const slots = memoryExportSlots(1, { ttlMs: 400 });
		const slow = withExportSlot(slots, () => sleep(1500).then(() => "slow"), { renewEveryMs: 100 });
		await sleep(900);
		expect(await withExportSlot(slots, async () => "intruder")).toEqual({ ok: false, reason: "busy" });
		expect(await slow).toEqual({ ok: true, value: "slow" });
		// Renewal stops with the render: no timer keeps extending a released lease.
		const renewed = slots.extensions;
		expect(renewed).toBeGreaterThan(3);
		await sleep(400);
		expect(slots.extensions).toBe(renewed);
		expect(slots.active.size).toBe(0);
	});

	it("stops renewing after the longest hold, so a render stuck forever frees its slot", async () => {
		const slots = memoryExportSlots(1, { ttlMs: 300 });
		let finish: () => void = () => {};
		const stuck = withExportSlot(slots, () => new Promise<void>((resolve) => (finish = resolve)), { renewEveryMs: 100, maxHoldMs: 400 });
		await sleep(1200);
		expect(await withExportSlot(slots, async () => "next")).toEqual({ ok: true, value: "next" });
		finish();
		await stuck;
	});
});
