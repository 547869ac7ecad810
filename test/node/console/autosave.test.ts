/**
 * The editor's autosave reducer (src/console/screens/editor/autosave.ts), event by event: the
 * save window (edits wait, then go in one `PATCH` with `If-Match`; edits made while one is in
 * flight go in the next), a 412 conflict and both ways out of it, undo (a burst of typing is one
 * step), a refused save (kept, retried), and a refused kind switch (the rest still saved).
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ApiFailure } from "../../../src/console/lib/api.ts";
import type { Chart } from "../../../src/console/lib/chart-types.ts";
import type { AutosaveEvent, AutosaveState, Step } from "../../../src/console/screens/editor/autosave.ts";
import { initialAutosave, shownChart, step, undoBurst } from "../../../src/console/screens/editor/autosave.ts";

function chart(version: number, meta: Record<string, unknown> = { title: "Rents" }, extra: Partial<Chart> = {}): Chart {
	return {
		id: "c1",
		name: String(meta.title ?? ""),
		kind: "line",
		meta,
		version,
		seriesReferences: [],
		folderId: null,
		hasData: true,
		series: [],
		...extra,
	} as unknown as Chart;
}

/** Runs events from a state; answers the last step and every effect, in order. */
function run(from: AutosaveState, ...events: AutosaveEvent[]): Step & { all: Step["effects"] } {
	let current: Step = { state: from, effects: [] };
	const all: Step["effects"] = [];
	for (const event of events) {
		current = step(current.state, event);
		all.push(...current.effects);
	}
	return { ...current, all };
}

const opened = run(initialAutosave, { type: "opened", chart: chart(1), etag: '"1"' }).state;
const title = (text: string, at = 0): AutosaveEvent => ({ type: "changed", patch: { meta: { title: text } }, undoable: true, at });
const sends = (effects: Step["effects"]) => effects.filter((effect) => effect.type === "send");

describe("the save window", () => {
	it("shows an edit at once and waits before sending it", () => {
		const { state, effects } = run(opened, title("Rents in Paris"));
		assert.equal(state.saveState, "unsaved");
		assert.equal(shownChart(state)?.meta.title, "Rents in Paris");
		assert.equal(shownChart(state)?.name, "Rents in Paris");
		assert.deepEqual(effects, [{ type: "wait" }]);
	});

	it("sends the edits of the window as one patch with the saved ETag", () => {
		const { state, effects } = run(
			opened,
			title("Rents"),
			{ type: "changed", patch: { meta: { source: "INSEE" } }, undoable: true, at: 10 },
			{ type: "flush" },
		);
		assert.equal(state.saveState, "saving");
		assert.deepEqual(sends(effects), [{ type: "send", patch: { meta: { title: "Rents", source: "INSEE" } }, etag: '"1"' }]);
	});

	it("adopts the answer and its ETag, and is saved", () => {
		const { state } = run(
			opened,
			title("Rents 2024"),
			{ type: "flush" },
			{ type: "saved", chart: chart(2, { title: "Rents 2024" }), etag: '"2"' },
		);
		assert.equal(state.saveState, "saved");
		assert.equal(state.etag, '"2"');
		assert.equal(state.inFlight, null);
		assert.equal(shownChart(state)?.version, 2);
	});

	it("keeps edits made during a save for the next request, sent with the new ETag", () => {
		const during = run(
			opened,
			title("A"),
			{ type: "flush" },
			{ type: "changed", patch: { meta: { note: "n" } }, undoable: true, at: 5000 },
		);
		assert.deepEqual(sends(run(during.state, { type: "flush" }).effects), [], "one request at a time");
		assert.equal(shownChart(during.state)?.meta.title, "A", "the patch in flight is still shown");
		const after = run(during.state, { type: "saved", chart: chart(2, { title: "A" }), etag: '"2"' });
		assert.equal(after.state.saveState, "unsaved");
		assert.deepEqual(after.effects, [{ type: "wait" }]);
		assert.deepEqual(sends(run(after.state, { type: "flush" }).effects), [{ type: "send", patch: { meta: { note: "n" } }, etag: '"2"' }]);
	});

	it("redraws the preview from the server when the series changed", () => {
		const { effects } = run(
			opened,
			{ type: "changed", patch: { series: [] }, undoable: true, at: 0 },
			{ type: "flush" },
			{ type: "saved", chart: chart(2), etag: '"2"' },
		);
		assert.deepEqual(effects, [{ type: "refreshPreview", theme: undefined }]);
	});
});

describe("a conflict (412)", () => {
	const conflict = new ApiFailure(412, "precondition_failed", "The chart changed since you opened it.", undefined);
	const inConflict = run(opened, title("Mine"), { type: "flush" }, { type: "saveFailed", error: conflict }, title("Mine too", 9000)).state;

	it("stops saving and keeps every edit, the refused one and later ones", () => {
		assert.equal(inConflict.conflict, true);
		assert.equal(inConflict.saveState, "conflict");
		assert.deepEqual(inConflict.pending, { meta: { title: "Mine too" } });
		assert.deepEqual(sends(run(inConflict, { type: "flush" }).effects), []);
		assert.deepEqual(run(inConflict, title("Again", 20000)).effects, [], "no wait while in conflict");
	});

	it("keeps mine: sends the edits again on their version's ETag", () => {
		const { state, effects } = run(inConflict, { type: "keptMine", chart: chart(5, { title: "Theirs" }), etag: '"5"' });
		assert.equal(state.conflict, false);
		assert.deepEqual(sends(effects), [{ type: "send", patch: { meta: { title: "Mine too" } }, etag: '"5"' }]);
	});

	it("takes theirs: drops the edits and the undo steps, and says so", () => {
		const { state, effects } = run(inConflict, { type: "tookTheirs", chart: chart(5, { title: "Theirs" }), etag: '"5"' });
		assert.equal(state.pending, null);
		assert.deepEqual(state.undo, []);
		assert.equal(state.saveState, "saved");
		assert.equal(shownChart(state)?.meta.title, "Theirs");
		assert.ok(effects.some((effect) => effect.type === "announce" && effect.text === "Showing their version"));
	});
});

describe("undo", () => {
	it("undoes a burst of typing in one field as one step, then the step before", () => {
		const typed = run(opened, title("R", 0), title("Re", undoBurst - 1), title("Renters", 10 * undoBurst)).state;
		assert.equal(typed.undo.length, 2);
		const once = run(typed, { type: "undo", at: 20 * undoBurst });
		assert.equal(shownChart(once.state)?.meta.title, "Re");
		assert.ok(once.effects.some((effect) => effect.type === "announce" && effect.text === "Undone"));
		assert.deepEqual(once.effects[0], { type: "wait" }, "the undo is saved like an edit");
		const twice = run(once.state, { type: "undo", at: 30 * undoBurst });
		assert.equal(shownChart(twice.state)?.meta.title, "Rents");
		assert.equal(twice.state.undo.length, 0);
	});

	it("undoes a kind switch, and does nothing with nothing to undo", () => {
		const switched = run(opened, { type: "changed", patch: { kind: "horizontal-bar" }, undoable: true, at: 0 }).state;
		assert.equal(shownChart(run(switched, { type: "undo", at: 1 }).state)?.kind, "line");
		const idle = run(opened, { type: "undo", at: 0 });
		assert.deepEqual(idle.effects, []);
		assert.equal(idle.state.pending, null);
	});
});

describe("one history for settings and the data table", () => {
	it("undoes a table edit made after a title change first, then the title, and redoes both in turn", () => {
		const edited = run(opened, title("Rents in Lyon"), { type: "tableEdited", at: 10 * undoBurst }).state;
		const tableBack = run(edited, { type: "undo", at: 11 * undoBurst });
		assert.deepEqual(tableBack.effects[0], { type: "stepTable", redoing: false }, "the table steps back first");
		assert.equal(shownChart(tableBack.state)?.meta.title, "Rents in Lyon", "the title stays");
		const titleBack = run(tableBack.state, { type: "undo", at: 12 * undoBurst });
		assert.equal(shownChart(titleBack.state)?.meta.title, "Rents");
		assert.equal(titleBack.state.undo.length, 0);
		const titleAgain = run(titleBack.state, { type: "redo", at: 13 * undoBurst });
		assert.equal(shownChart(titleAgain.state)?.meta.title, "Rents in Lyon");
		const tableAgain = run(titleAgain.state, { type: "redo", at: 14 * undoBurst });
		assert.deepEqual(tableAgain.effects[0], { type: "stepTable", redoing: true });
		assert.equal(tableAgain.state.redo.length, 0);
	});

	it("forgets what could be redone after a new change, and the table's edits when it starts afresh", () => {
		const undone = run(opened, title("A"), { type: "undo", at: 10 * undoBurst }).state;
		assert.equal(undone.redo.length, 1);
		assert.equal(run(undone, { type: "tableEdited", at: 11 * undoBurst }).state.redo.length, 0);
		const reset = run(opened, title("A"), { type: "tableEdited", at: 10 * undoBurst }, { type: "tableReset" }).state;
		assert.deepEqual(
			reset.undo.map((entry) => entry.kind),
			["settings"],
		);
	});
});

describe("a refused save", () => {
	const refusal = new ApiFailure(422, "invalid_request", "meta.title: at most 300 characters.", { path: "meta.title" });

	it("keeps the edit, says why, and sends it again on Retry", () => {
		const { state } = run(opened, title("x".repeat(301)), { type: "flush" }, { type: "saveFailed", error: refusal });
		assert.equal(state.saveState, "error");
		assert.equal(state.failure, refusal);
		assert.deepEqual(state.pending, { meta: { title: "x".repeat(301) } });
		assert.equal(shownChart(state)?.meta.title, "x".repeat(301), "what the person typed is still shown");
		assert.equal(sends(run(state, { type: "flush" }).effects).length, 1);
	});

	it("clears the refusal on the next successful save", () => {
		const refused = run(opened, title("bad"), { type: "flush" }, { type: "saveFailed", error: refusal }).state;
		const { state } = run(
			refused,
			title("good", 9000),
			{ type: "flush" },
			{ type: "saved", chart: chart(2, { title: "good" }), etag: '"2"' },
		);
		assert.equal(state.failure, null);
		assert.equal(state.saveState, "saved");
	});

	it("puts back a kind the data does not fit and saves the rest at once", () => {
		const misfit = new ApiFailure(422, "invalid_data", "A map needs a region column.", { path: "kind" });
		const { state, effects } = run(
			opened,
			{ type: "changed", patch: { kind: "choropleth" as Chart["kind"] }, undoable: true, at: 0 },
			title("Map", 9000),
			{ type: "flush" },
			{ type: "saveFailed", error: misfit },
		);
		assert.equal(state.kindFailure, "A map needs a region column.");
		assert.equal(shownChart(state)?.kind, "line");
		assert.equal(state.saveState, "saving");
		assert.deepEqual(sends(effects).at(-1), { type: "send", patch: { meta: { title: "Map" } }, etag: '"1"' });
	});
});
