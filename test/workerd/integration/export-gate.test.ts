import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { exportGateStub, gateExportSlots, withExportSlot } from "../../../src/limits/client";
import type { ExportGate } from "../../../src/limits/export-gate";
import { renderInExportSlot } from "../../../src/services/export-slot";
import type { ErrorBody } from "../../harness/workerd/api";
import { call, callJson } from "../../harness/workerd/api";
import { makeAccount } from "../../harness/workerd/factories";

/** A gate instance of its own, so tests do not share slots. */
function gate(): DurableObjectStub<ExportGate> {
	return env.EXPORT_GATE.get(env.EXPORT_GATE.idFromName(`test-${crypto.randomUUID()}`));
}

describe("ExportGate", () => {
	it("grants EXPORT_CONCURRENCY (2) leases at once and refuses the third", async () => {
		const g = gate();
		// Clocks are injected an hour ahead so the cleanup alarm (real time) stays out of the way.
		const now = Date.now() + 3_600_000;
		const first = await g.acquire(now);
		const second = await g.acquire(now);
		expect(first.granted && second.granted).toBe(true);
		expect(await g.acquire(now)).toEqual({ granted: false });
		expect(await g.activeLeases(now)).toBe(2);
		if (first.granted) {
			expect(first.lease.expiresAt).toBe(now + 60_000);
			await g.release(first.lease.id);
		}
		expect((await g.acquire(now)).granted).toBe(true);
	});

	it("frees a lease that is never released once it expires", async () => {
		const g = gate();
		const now = Date.now() + 3_600_000;
		await g.acquire(now);
		await g.acquire(now);
		expect((await g.acquire(now + 59_999)).granted).toBe(false);
		expect((await g.acquire(now + 60_000)).granted).toBe(true);
	});

	it("drops expired leases by alarm even when nobody acquires", async () => {
		const g = gate();
		// A lease taken 59.9 s ago: it expires in 100 ms and its alarm should remove it.
		await g.acquire(Date.now() - 59_900);
		const stored = () =>
			runInDurableObject(g, (_gate, state) => state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM leases").one().n);
		expect(await stored()).toBe(1);
		let left = 1;
		for (let i = 0; i < 40 && left > 0; i++) {
			await new Promise((r) => setTimeout(r, 50));
			await runDurableObjectAlarm(g);
			left = await stored();
		}
		expect(left).toBe(0);
	});

	it("an extended lease outlives its first 60 s, so a third export cannot start beside two slow renders", async () => {
		const g = gate();
		const now = Date.now() + 3_600_000;
		const leases = [await g.acquire(now), await g.acquire(now)];
		for (const lease of leases) if (lease.granted) expect(await g.extend(lease.lease.id, now + 50_000)).toBe(true);
		// Past the first expiry, both renders still hold their slots.
		expect((await g.acquire(now + 70_000)).granted).toBe(false);
		expect(await g.activeLeases(now + 70_000)).toBe(2);
		// Once renewals stop (the holder crashed), the slots free a full TTL after the last one.
		expect((await g.acquire(now + 110_000)).granted).toBe(true);
	});

	it("does not revive an expired lease: its slot may already be someone else's", async () => {
		const g = gate();
		const now = Date.now() + 3_600_000;
		const lease = await g.acquire(now);
		expect(lease.granted).toBe(true);
		if (lease.granted) expect(await g.extend(lease.lease.id, now + 60_000)).toBe(false);
		expect(await g.extend("not-a-lease", now)).toBe(false);
		expect(await g.activeLeases(now + 60_000)).toBe(0);
	});

	it("releasing an unknown lease is harmless", async () => {
		const g = gate();
		await g.release("not-a-lease");
		expect(await g.activeLeases()).toBe(0);
	});
});

/**
 * Renders that hold their slots until `finish()`. `entered` settles once `count` of them run, that
 * is once each holds a slot: waiting for it rather than for a fixed time keeps a slow machine
 * from letting a later render take a slot first.
 */
function heldRenders(count: number) {
	let finish: () => void = () => {};
	const hold = new Promise<void>((resolve) => {
		finish = resolve;
	});
	let running = 0;
	let allRunning: () => void = () => {};
	const entered = new Promise<void>((resolve) => {
		allRunning = resolve;
	});
	const render = (value: string) => async () => {
		running += 1;
		if (running === count) allRunning();
		await hold;
		return value;
	};
	return { render, finish, entered };
}

describe("withExportSlot over the gate", () => {
	const slotsOf = (g: DurableObjectStub<ExportGate>) => gateExportSlots(() => g);

	it("admits exactly two concurrent renders; the third is busy and never runs", async () => {
		const g = gate();
		const slots = slotsOf(g);
		const held = heldRenders(2);
		const running = [withExportSlot(slots, held.render("a")), withExportSlot(slots, held.render("b"))];
		await held.entered;
		let thirdRan = false;
		expect(await withExportSlot(slots, async () => (thirdRan = true))).toEqual({ ok: false, reason: "busy" });
		expect(thirdRan).toBe(false);
		held.finish();
		expect(await Promise.all(running)).toEqual([
			{ ok: true, value: "a" },
			{ ok: true, value: "b" },
		]);
		expect(await g.activeLeases()).toBe(0);
	});

	it("the API helper answers a busy gate with 503 export_busy and Retry-After: 5", async () => {
		const g = gate();
		const slots = slotsOf(g);
		const held = heldRenders(2);
		const running = [renderInExportSlot(slots, held.render("a")), renderInExportSlot(slots, held.render("b"))];
		await held.entered;
		const third = renderInExportSlot(slots, async () => "c");
		await expect(third).rejects.toMatchObject({ status: 503, code: "export_busy", headers: { "Retry-After": "5" } });
		held.finish();
		expect(await Promise.all(running)).toEqual(["a", "b"]);
		expect(await g.activeLeases()).toBe(0);
		expect(await renderInExportSlot(slots, async () => "d")).toBe("d");
	});

	it("releases the slot when the render throws", async () => {
		const g = gate();
		const slots = slotsOf(g);
		await expect(withExportSlot(slots, async () => Promise.reject(new Error("render failed")))).rejects.toThrow("render failed");
		expect(await g.activeLeases()).toBe(0);
	});
});

describe("export route", () => {
	it("refuses an unknown format with 422 invalid_format before anything else", async () => {
		const { key } = await makeAccount();
		// Even for a chart that does not exist: the format is checked first.
		const res = await callJson<ErrorBody>(key, "GET", "/v1/charts/ch_unknown/export/gif");
		expect(res.status).toBe(422);
		expect(res.body.error.code).toBe("invalid_format");
		expect(res.body.error.message).toContain("png, svg, pdf, csv");
	});

	it("answers 404 for an unknown chart and 422 invalid_data for a chart without data", async () => {
		const { key } = await makeAccount();
		expect((await callJson(key, "GET", "/v1/charts/ch_unknown/export/png")).status).toBe(404);
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: {} });
		const res = await callJson<ErrorBody>(key, "GET", `/v1/charts/${created.body.id}/export/svg`);
		expect(res.status).toBe(422);
		expect(res.body.error.code).toBe("invalid_data");
		expect(res.body.error.message).toContain("no data");
	});

	it("refuses bad export options with 422 invalid_query", async () => {
		const { key } = await makeAccount();
		const created = await callJson<{ id: string }>(key, "GET", "/v1/charts");
		expect(created.status).toBe(200);
		for (const query of ["scale=9", "scale=1.5", "w=50", "mode=sepia", "transparent=yes"]) {
			const res = await callJson<ErrorBody>(key, "GET", `/v1/charts/ch_x/export/png?${query}`);
			expect(res.status, query).toBe(422);
			expect(res.body.error.code).toBe("invalid_query");
		}
	});

	it("answers 503 export_busy with Retry-After: 5 when two exports hold the global gate", async () => {
		const { key } = await makeAccount();
		const created = await callJson<{ id: string }>(key, "POST", "/v1/charts", { body: { data: "x,y\na,1\nb,2\n" } });
		const global = exportGateStub(env.EXPORT_GATE);
		const leases = [await global.acquire(), await global.acquire()];
		try {
			const res = await callJson<ErrorBody>(key, "GET", `/v1/charts/${created.body.id}/export/png`);
			expect(res.status).toBe(503);
			expect(res.body.error.code).toBe("export_busy");
			expect(res.headers.get("Retry-After")).toBe("5");
			// The export limit is separate from the request limit: the request still counted once.
			expect(res.headers.get("RateLimit-Remaining")).toBe("598");
			// CSV only writes data out: it never waits for a drawing slot.
			expect((await call(key, "GET", `/v1/charts/${created.body.id}/export/csv`)).status).toBe(200);
			for (const lease of leases) if (lease.granted) await global.release(lease.lease.id);
			const free = await call(key, "GET", `/v1/charts/${created.body.id}/export/png`);
			expect(free.status).toBe(200);
			expect(free.headers.get("Content-Disposition")).toBe('attachment; filename="untitled-chart.png"');
			expect(await global.activeLeases()).toBe(0);
		} finally {
			for (const lease of leases) if (lease.granted) await global.release(lease.lease.id);
		}
	});
});
