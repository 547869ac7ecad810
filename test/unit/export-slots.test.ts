import { describe, expect, it } from "vitest";
import { withExportSlot } from "../../src/limits/client";
import { memoryExportSlots } from "../../src/limits/memory";

describe("withExportSlot (in-memory gate)", () => {
	it("holds a slot only while rendering, and frees it when the render throws", async () => {
		const slots = memoryExportSlots(1);
		let seenWhileRendering = -1;
		await withExportSlot(slots, async () => {
			seenWhileRendering = slots.active.size;
		});
		expect(seenWhileRendering).toBe(1);
		expect(slots.active.size).toBe(0);
		await expect(withExportSlot(slots, () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
		expect(slots.active.size).toBe(0);
	});

	it("refuses a render beyond capacity with export_busy and Retry-After: 5", async () => {
		const slots = memoryExportSlots(1);
		let release: () => void = () => {};
		const first = withExportSlot(slots, () => new Promise<void>((resolve) => (release = resolve)));
		await expect(withExportSlot(slots, async () => "second")).rejects.toMatchObject({
			code: "export_busy",
			status: 503,
			headers: { "Retry-After": "5" },
		});
		release();
		await first;
		expect(await withExportSlot(slots, async () => "third")).toBe("third");
	});
});
