/**
 * The one JSON merge patch (src/domain/merge-patch.ts) the server applies and the console's
 * autosave composes and undoes with: composing two patches has the effect of
 * applying both, the diff of two objects turns one into the other, and `__proto__` is an ordinary
 * key everywhere (a series may be called that), never a way to change a prototype.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { applyMergePatch, composeMergePatch, diffMergePatch } from "../../../src/domain/merge-patch.ts";

type Value = Record<string, unknown>;

const apply = (target: Value, patch: Value) => applyMergePatch(target, patch) as Value;

const targets: Value[] = [
	{},
	{ title: "Prices", axes: { y: { min: 0, grid: true } }, palette: ["#111", "#222"] },
	{ seriesTransform: { Oslo: { hidden: true }, Bergen: { label: "B" } }, legend: { position: "top" } },
];
const patches: Value[] = [
	{ title: "Rents" },
	{ axes: { y: { min: null, max: 10 } } },
	{ axes: null },
	{ axes: { x: { title: "Year" } } },
	{ palette: ["#333"] },
	{ seriesTransform: { Oslo: null, Tromsø: { hidden: false } } },
	{ legend: { position: null }, title: null },
];

describe("the merge patch the server and the console share", () => {
	/** `first` removes an object `second` sets anew: no merge patch says "replace" (see composeMergePatch). */
	const replaces = (first: Value, second: Value) =>
		Object.entries(second).some(([key, value]) => first[key] === null && typeof value === "object" && value !== null);

	it("composes two patches into one with the effect of both", () => {
		for (const target of targets)
			for (const first of patches)
				for (const second of patches) {
					if (replaces(first, second)) continue;
					const both = apply(apply(target, first), second);
					assert.deepEqual(apply(target, composeMergePatch(first, second)), both, JSON.stringify({ target, first, second }));
				}
	});

	it("diffs two objects into the patch that turns one into the other", () => {
		for (const from of targets)
			for (const patch of patches) {
				const to = apply(from, patch);
				assert.deepEqual(apply(from, diffMergePatch(from, to)), to);
				assert.deepEqual(apply(to, diffMergePatch(to, from)), from);
			}
		assert.deepEqual(diffMergePatch({ a: 1, b: { c: 2 } }, { a: 1, b: { c: 2 } }), {});
	});

	it("keeps a removal followed by new settings as the new settings merged in", () => {
		const composed = composeMergePatch({ axes: null }, { axes: { x: { title: "Year", min: null } } });
		assert.deepEqual(composed, { axes: { x: { title: "Year" } } });
	});

	it("treats __proto__ as an ordinary key when composing and diffing", () => {
		const first = JSON.parse('{"seriesTransform":{"__proto__":{"hidden":true}}}') as Value;
		const second = JSON.parse('{"seriesTransform":{"__proto__":{"label":"P"}},"__proto__":{"polluted":true}}') as Value;
		const composed = composeMergePatch(first, second);
		assert.equal(Object.getPrototypeOf(composed), Object.prototype);
		assert.equal(({} as Value).polluted, undefined);
		assert.ok(Object.hasOwn(composed, "__proto__"), "the key is kept as data");
		const applied = apply({}, composed);
		const transform = applied.seriesTransform as Value;
		assert.ok(Object.hasOwn(transform, "__proto__"));
		assert.deepEqual(JSON.parse(JSON.stringify(transform)), JSON.parse('{"__proto__":{"hidden":true,"label":"P"}}'));

		const from = JSON.parse('{"seriesTransform":{"__proto__":{"hidden":true}}}') as Value;
		const to = JSON.parse('{"seriesTransform":{"__proto__":{"hidden":false}}}') as Value;
		const diff = diffMergePatch(from, to);
		assert.equal(Object.getPrototypeOf(diff.seriesTransform), Object.prototype);
		assert.deepEqual(JSON.parse(JSON.stringify(apply(from, diff))), JSON.parse(JSON.stringify(to)));
		assert.equal(({} as Value).hidden, undefined);
	});
});
