/**
 * Keys that name Object.prototype's members are ordinary keys wherever user text becomes one:
 * zrender's LRU (patched, patches/zrender+6.1.0.patch), the merge patch and the transform map.
 */

import { describe, expect, it } from "vitest";
import LRU from "zrender/lib/core/LRU.js";
import { applyMergePatch } from "../../../src/domain/merge-patch";
import { SeriesTransformMap } from "../../../src/domain/transforms";
import { echarts } from "../../../src/render/echarts";

const hostileKeys = ["__proto__", "constructor", "prototype", "hasOwnProperty", "prev", "next", "toString", "valueOf"];

function expectPrototypeUntouched(before: string[]): void {
	expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
	const empty: Record<string, unknown> = {};
	expect(empty.prev).toBeUndefined();
	expect(empty.next).toBeUndefined();
}

describe("zrender's LRU (patched)", () => {
	it("holds __proto__ as an ordinary key and leaves Object.prototype alone", () => {
		const before = Object.getOwnPropertyNames(Object.prototype).sort();
		const cache = new LRU<number>(10);
		// The text-measuring cache calls get before put: get is where the unpatched map wrote prev/next onto Object.prototype.
		expect(cache.get("__proto__")).toBeUndefined();
		cache.put("__proto__", 42);
		expect(cache.get("__proto__")).toBe(42);
		expect(cache.len()).toBe(1);
		expectPrototypeUntouched(before);
	});

	it("stores, finds and evicts every hostile key like any other", () => {
		const before = Object.getOwnPropertyNames(Object.prototype).sort();
		const cache = new LRU<string>(4);
		for (const key of hostileKeys) {
			expect(cache.get(key)).toBeUndefined();
			cache.put(key, `value of ${key}`);
			expect(cache.get(key)).toBe(`value of ${key}`);
		}
		// Capacity 4: the first four were evicted, the last four are held.
		expect(cache.len()).toBe(4);
		for (const key of hostileKeys.slice(0, 4)) expect(cache.get(key)).toBeUndefined();
		for (const key of hostileKeys.slice(4)) expect(cache.get(key)).toBe(`value of ${key}`);
		cache.clear();
		expect(cache.get("constructor")).toBeUndefined();
		expectPrototypeUntouched(before);
	});
});

describe("ECharts name maps (patched)", () => {
	it("colours and toggles legend entries named after Object.prototype's members", () => {
		const before = Object.getOwnPropertyNames(Object.prototype).sort();
		const chart = echarts.init(null, null, { renderer: "svg", ssr: true, width: 400, height: 300 });
		try {
			chart.setOption({
				legend: {},
				xAxis: { type: "category", data: hostileKeys },
				yAxis: {},
				// The palette keeps a colour per series name: the second "hasOwnProperty" lookup threw before the patch.
				series: hostileKeys.map((name) => ({ type: "bar", name, data: hostileKeys.map((_, i) => i) })),
			});
			// A reader clicking a legend entry in the embed: unpatched, the second toggle of "hasOwnProperty" threw.
			for (const name of hostileKeys) {
				chart.dispatchAction({ type: "legendToggleSelect", name });
				chart.dispatchAction({ type: "legendToggleSelect", name });
			}
			const svg = chart.renderToSVGString();
			for (const name of hostileKeys) expect(svg).toContain(`>${name}<`);
		} finally {
			chart.dispose();
		}
		expectPrototypeUntouched(before);
	});
});

describe("applyMergePatch with a __proto__ key", () => {
	it("adds, merges and removes __proto__ as an own key, never touching a prototype", () => {
		const before = Object.getOwnPropertyNames(Object.prototype).sort();
		const patch = JSON.parse('{"seriesTransform":{"__proto__":{"hidden":true}}}') as unknown;
		const added = applyMergePatch({ title: "T", seriesTransform: { B: { hidden: false } } }, patch) as {
			seriesTransform: Record<string, unknown>;
		};
		expect(Object.getPrototypeOf(added.seriesTransform)).toBe(Object.prototype);
		expect(Object.keys(added.seriesTransform)).toEqual(["B", "__proto__"]);
		expect(JSON.stringify(added)).toBe('{"title":"T","seriesTransform":{"B":{"hidden":false},"__proto__":{"hidden":true}}}');

		const merged = applyMergePatch(added, JSON.parse('{"seriesTransform":{"__proto__":{"ops":[]}}}'));
		expect(JSON.stringify(merged)).toBe('{"title":"T","seriesTransform":{"B":{"hidden":false},"__proto__":{"hidden":true,"ops":[]}}}');

		const removed = applyMergePatch(merged, JSON.parse('{"seriesTransform":{"__proto__":null}}'));
		expect(JSON.stringify(removed)).toBe('{"title":"T","seriesTransform":{"B":{"hidden":false}}}');
		expectPrototypeUntouched(before);
	});

	it("does not read a missing __proto__ or constructor key through the prototype", () => {
		const patched = applyMergePatch({}, JSON.parse('{"__proto__":{"a":1},"constructor":{"b":2}}')) as Record<string, unknown>;
		expect(Object.getPrototypeOf(patched)).toBe(Object.prototype);
		expect(JSON.stringify(patched)).toBe('{"__proto__":{"a":1},"constructor":{"b":2}}');
	});
});

describe("SeriesTransformMap", () => {
	it("keeps a __proto__ key, in a map where absent names find nothing", () => {
		const parsed = SeriesTransformMap.parse(JSON.parse('{"__proto__":{"hidden":true},"A":{"ops":[{"fn":"cumulative"}]}}'));
		expect(Object.keys(parsed)).toEqual(["__proto__", "A"]);
		expect(Object.getPrototypeOf(parsed)).toBeNull();
		// Own-property reads: the key is data here, which is the point of the test.
		expect(Object.getOwnPropertyDescriptor(parsed, "__proto__")?.value).toEqual({ hidden: true });
		const lookup = (name: string) => parsed[name];
		expect(lookup("constructor")).toBeUndefined();
		expect(lookup("toString")).toBeUndefined();
	});

	it("escapes keys without collisions: names starting with the escape mark come back as sent", () => {
		const input: Record<string, unknown> = JSON.parse('{"__proto__":{"hidden":true},"\\u0001__proto__":{"hidden":false},"\\u0001":{}}');
		expect(Object.keys(SeriesTransformMap.parse(input)).sort()).toEqual(Object.keys(input).sort());
	});

	it("validates the transform under __proto__ like any other", () => {
		const result = SeriesTransformMap.safeParse(JSON.parse('{"__proto__":{"ops":[{"fn":"divide","args":[0]}]}}'));
		expect(result.success).toBe(false);
		expect(result.error?.issues[0]?.message).toBe("divide by 0 is not allowed");
		// The path names the key as sent, not its escaped form.
		expect(result.error?.issues[0]?.path).toEqual(["__proto__", "ops", 0]);
	});
});
