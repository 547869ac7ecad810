/** The activity page's query (src/console/lib/team-api.ts): only the filters set, the cursor when following one. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { activityQuery } from "../../../src/console/lib/team-api.ts";

describe("activityQuery", () => {
	it("asks for the first page with no filters", () => {
		assert.equal(activityQuery({}, null, 50), "limit=50");
	});

	it("carries the cursor and the filters that are set", () => {
		assert.equal(
			activityQuery({ accountId: "acc_1", action: "chart.published" }, "c_2026", 50),
			"limit=50&cursor=c_2026&accountId=acc_1&action=chart.published",
		);
		assert.equal(activityQuery({ action: "member.left" }, null, 10), "limit=10&action=member.left");
	});
});
