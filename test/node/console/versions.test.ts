import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
	actionInWords,
	authorInWords,
	changesSincePublished,
	lastPublishedVersion,
	versionInWords,
	versionLabel,
} from "../../../src/console/screens/editor/steps/history/versions.ts";
import { exportPath, fileNameOf, warningsOf } from "../../../src/console/screens/editor/steps/publish/downloads.ts";

describe("history and publish words", () => {
	it("says every action of the API in words", () => {
		for (const action of ["create", "update", "move", "data", "publish", "unpublish", "restore"]) {
			assert.notEqual(actionInWords(action), action);
		}
		assert.equal(actionInWords("data"), "Replaced data");
		assert.equal(actionInWords("somethingNew"), "SomethingNew");
		assert.equal(authorInWords("acc_1", "acc_1"), "You");
		assert.equal(authorInWords("acc_2", "acc_1"), "A teammate");
		assert.equal(authorInWords("system:linked-data", "acc_1"), "Automatic refresh");
		assert.equal(authorInWords("system:library", "acc_1"), "Statistics library");
	});

	it("says what changed since the last publish, newest first, counting what it does not spell out", () => {
		const versions = [
			{ version: 6, action: "data", summary: "Data: 'Labour', '2026': 38 → 31" },
			{ version: 5, action: "update", summary: "North: colour #0072b2 → #ffe680" },
			{ version: 4, action: "publish", summary: "Published" },
			{ version: 3, action: "update", summary: "Title set to 'Seats'" },
		];
		assert.deepEqual(changesSincePublished(versions), {
			changes: ["Data: 'Labour', '2026': 38 → 31", "North: colour #0072b2 → #ffe680"],
			more: 0,
		});
		assert.deepEqual(changesSincePublished(versions, 1), { changes: ["Data: 'Labour', '2026': 38 → 31"], more: 1 });
		assert.deepEqual(changesSincePublished(versions.slice(2)), { changes: [], more: 0 });
		assert.deepEqual(changesSincePublished([{ version: 3, action: "unpublish" }, ...versions.slice(2)]), { changes: [], more: 0 });
	});

	it("shows a version's summary, and a folded item's range of versions", () => {
		assert.equal(versionInWords({ action: "update", summary: "Title: 'A' → 'B'" }), "Title: 'A' → 'B'");
		assert.equal(versionInWords({ action: "update" }), "Edited settings");
		assert.equal(versionInWords({ action: "refresh", summary: " " }), "Data refreshed");
		assert.equal(versionLabel({ version: 7, firstVersion: 4 }), "v4–7");
		assert.equal(versionLabel({ version: 7, firstVersion: 7 }), "v7");
		assert.equal(versionLabel({ version: 7 }), "v7");
	});

	it("finds the version the embed shows", () => {
		assert.equal(lastPublishedVersion([{ version: 1, action: "create" }]), null);
		assert.equal(
			lastPublishedVersion([
				{ version: 3, action: "update" },
				{ version: 2, action: "publish" },
				{ version: 1, action: "create" },
			]),
			2,
		);
		assert.equal(
			lastPublishedVersion([
				{ version: 2, action: "publish" },
				{ version: 4, action: "unpublish" },
			]),
			null,
		);
	});

	it("builds export URLs with D16's options for the format", () => {
		assert.equal(
			exportPath("ch_1", "png", { w: 600, scale: 3, mode: "dark", transparent: true }),
			"/v1/charts/ch_1/export/png?w=600&scale=3&mode=dark&transparent=true",
		);
		assert.equal(exportPath("ch_1", "svg", { scale: 3 }), "/v1/charts/ch_1/export/svg");
		assert.equal(exportPath("ch_1", "csv", { w: 600, mode: "dark" }), "/v1/charts/ch_1/export/csv");
		assert.equal(fileNameOf(`attachment; filename="a.png"; filename*=UTF-8''%C3%A9t%C3%A9.png`, "x"), "été.png");
		assert.equal(fileNameOf(`attachment; filename="seats.png"`, "x"), "seats.png");
		assert.deepEqual(warningsOf("a%3B%20b; c"), ["a; b", "c"]);
	});
});
