import { describe, expect, it } from "vitest";
import type { ChartSnapshot } from "../../../src/domain/chart";
import type { DescribeContext, StoredVersion } from "../../../src/domain/version-summary";
import { coalesceVersions, describeVersion, fallbackSummary } from "../../../src/domain/version-summary";

const base: ChartSnapshot = {
	kind: "line",
	meta: { title: "A" },
	seriesRefs: [],
	seriesNames: ["China", "India"],
	dataBlobKey: "data/one.json",
	hasData: true,
	folderId: null,
};

function context(extra: Partial<DescribeContext> = {}): DescribeContext {
	return {
		action: "update",
		authorAccountId: "acc_1",
		themeName: (id) => ({ classic: "Classic", newsroom: "Newsroom" })[id] ?? id,
		previousShape: null,
		nextShape: null,
		...extra,
	};
}

describe("version summaries", () => {
	it("names the title, kind and theme with both ends", () => {
		const note = describeVersion(base, { ...base, kind: "horizontal-bar", meta: { title: "B", theme: "newsroom" } }, context());
		expect(note.summary).toBe("Kind: line → horizontal-bar; Title: 'A' → 'B'; Theme: the workspace default → Newsroom");
		expect(note.changes.map((change) => change.field)).toEqual(["kind", "meta.title", "meta.theme"]);
		const theme = describeVersion({ ...base, meta: { theme: "classic" } }, { ...base, meta: { theme: "newsroom" } }, context());
		expect(theme.summary).toBe("Theme: Classic → Newsroom");
	});

	it("says a text field was set or removed, quoted and shortened", () => {
		expect(describeVersion(base, { ...base, meta: { title: "A", subtitle: "x".repeat(100) } }, context()).summary).toBe(
			`Subtitle set to '${"x".repeat(59)}…'`,
		);
		expect(describeVersion(base, { ...base, meta: {} }, context()).summary).toBe("Title removed (was 'A')");
	});

	it("counts rows and columns of new data, and names added and removed columns", () => {
		const next = { ...base, dataBlobKey: "data/two.json" };
		const note = describeVersion(
			base,
			next,
			context({
				action: "data",
				previousShape: { rows: 12, columns: ["year", "China"] },
				nextShape: { rows: 14, columns: ["year", "China", "India"] },
			}),
		);
		expect(note.summary).toBe("Data: 12 → 14 rows, 2 → 3 columns, added 'India'");
		const edited = describeVersion(
			base,
			next,
			context({ action: "data", previousShape: { rows: 2, columns: ["a", "b"] }, nextShape: { rows: 2, columns: ["a", "b"] } }),
		);
		expect(edited.summary).toBe("Data: cells edited (2 rows × 2 columns)");
		const unknownBefore = describeVersion(base, next, context({ action: "data", nextShape: { rows: 1, columns: ["a", "b"] } }));
		expect(unknownBefore.summary).toBe("Data replaced (now 1 row × 2 columns)");
	});

	it("says a column was left out of the chart or drawn again", () => {
		const hidden = { ...base, meta: { title: "A", seriesTransform: { India: { hidden: true } } } };
		expect(describeVersion(base, hidden, context()).summary).toBe("Left 'India' out of the chart");
		expect(describeVersion(hidden, base, context()).summary).toBe("Drew 'India' again");
	});

	it("leads restores, publishes and refreshes with the action", () => {
		expect(describeVersion(base, { ...base, meta: { title: "Old" } }, context({ action: "restore", restoredVersion: 3 })).summary).toBe(
			"Restored version 3: Title: 'A' → 'Old'",
		);
		expect(describeVersion(base, base, context({ action: "publish" })).summary).toBe("Published");
		expect(describeVersion(base, base, context({ action: "unpublish" })).summary).toBe("Unpublished");
		const refreshed = describeVersion(
			base,
			{ ...base, dataBlobKey: "data/three.json" },
			context({
				action: "refresh",
				authorAccountId: "system:linked-data",
				previousShape: { rows: 12, columns: ["a"] },
				nextShape: { rows: 13, columns: ["a"] },
			}),
		);
		expect(refreshed.summary).toBe("Linked data refreshed: Data: 12 → 13 rows");
		expect(describeVersion(base, base, context({ action: "refresh", authorAccountId: "system:library" })).summary).toBe(
			"Library statistics refreshed",
		);
	});

	it("describes a first version by its data", () => {
		expect(describeVersion(null, base, context({ action: "create", nextShape: { rows: 3, columns: ["a", "b"] } })).summary).toBe(
			"Created with 3 rows × 2 columns",
		);
		expect(describeVersion(null, { ...base, hasData: false, dataBlobKey: null }, context({ action: "create" })).summary).toBe("Created");
	});

	it("counts changes past three, and never throws", () => {
		const next = { ...base, meta: { title: "B", subtitle: "s", notes: "n", byline: "b" } };
		expect(describeVersion(base, next, context()).summary).toBe(
			"Title: 'A' → 'B'; Subtitle set to 's'; Notes set to 'n'; and 1 more change",
		);
		const circular: Record<string, unknown> = {};
		circular.self = circular;
		expect(describeVersion(base, { ...base, meta: circular }, context()).summary).toBe("Edited settings");
	});

	it("falls back to the action in words for versions stored before summaries", () => {
		expect(fallbackSummary("update", "acc_1")).toBe("Edited settings");
		expect(fallbackSummary("refresh", "system:library")).toBe("Library statistics refreshed");
		expect(fallbackSummary("refresh", "system:linked-data")).toBe("Linked data refreshed");
		expect(fallbackSummary("somethingNew", "acc_1")).toBe("SomethingNew");
	});
});

describe("folding autosaves", () => {
	const title = (version: number, at: number, from: string, to: string, author = "acc_1"): StoredVersion => ({
		version,
		action: "update",
		authorAccountId: author,
		createdAt: at,
		summary: `Title: '${from}' → '${to}'`,
		changes: [{ field: "meta.title", label: "Title", from: `'${from}'`, to: `'${to}'` }],
	});
	const created: StoredVersion = { version: 1, action: "create", authorAccountId: "acc_1", createdAt: 0, summary: null, changes: null };

	it("lists same-field autosaves by one person within a minute as one entry, from the first value to the last", () => {
		const listed = coalesceVersions([title(4, 50_000, "Ab", "Abc"), title(3, 20_000, "A", "Ab"), title(2, 10_000, "", "A"), created]);
		expect(listed).toEqual([
			{ version: 4, firstVersion: 2, action: "update", authorAccountId: "acc_1", createdAt: 50_000, summary: "Title: '' → 'Abc'" },
			{ version: 1, firstVersion: 1, action: "create", authorAccountId: "acc_1", createdAt: 0, summary: "Created" },
		]);
	});

	it("keeps them apart after a minute, for another person, another field or anything in between", () => {
		expect(coalesceVersions([title(3, 71_000, "B", "C"), title(2, 10_000, "A", "B")]).map((v) => v.version)).toEqual([3, 2]);
		expect(coalesceVersions([title(3, 11_000, "B", "C", "acc_2"), title(2, 10_000, "A", "B")]).map((v) => v.version)).toEqual([3, 2]);
		const subtitle: StoredVersion = {
			...title(3, 11_000, "B", "C"),
			changes: [{ field: "meta.subtitle", label: "Subtitle", from: null, to: "'x'" }],
		};
		expect(coalesceVersions([subtitle, title(2, 10_000, "A", "B")]).map((v) => v.version)).toEqual([3, 2]);
		const publish: StoredVersion = { ...created, version: 3, action: "publish", createdAt: 11_000 };
		expect(coalesceVersions([title(4, 12_000, "B", "C"), publish, title(2, 10_000, "A", "B")]).map((v) => v.version)).toEqual([4, 3, 2]);
		// Old rows without recorded changes are never folded.
		const old: StoredVersion = { ...title(3, 11_000, "B", "C"), summary: null, changes: null };
		expect(coalesceVersions([old, { ...old, version: 2 }]).map((v) => [v.version, v.summary])).toEqual([
			[3, "Edited settings"],
			[2, "Edited settings"],
		]);
	});
});
