/**
 * The activity page's words (src/console/screens/team/activity-words.ts): every action the API
 * records reads as a sentence, names what it was done to, and links a chart that still exists.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { ActivityEntry } from "../../../src/console/lib/team-api.ts";
import { actionFilters, activitySentence, activityWords } from "../../../src/console/screens/team/activity-words.ts";

const you = "acc_you";
const ana = { accountId: "acc_ana", email: "ana@newsroom.example" };

function entry(action: string, target: ActivityEntry["target"], actor: ActivityEntry["actor"] = ana): ActivityEntry {
	return { id: `act_${action}`, at: "2026-11-28T10:42:00.000Z", actor, action, target };
}

const chart = { type: "chart" as const, id: "ch_unemployment", name: "Unemployment by state" };

describe("activity in words", () => {
	it("says who published which chart, and links to it", () => {
		const words = activityWords(entry("chart.published", chart), you);
		assert.equal(activitySentence(words), "ana@newsroom.example published “Unemployment by state”");
		assert.equal(words.href, "/charts/ch_unemployment");
	});

	it("calls the signed-in person You, and an actor that is gone someone no longer here", () => {
		assert.equal(
			activitySentence(activityWords(entry("chart.created", chart, { accountId: you, email: "me@x.example" }), you)),
			"You created “Unemployment by state”",
		);
		assert.equal(
			activitySentence(activityWords(entry("chart.unpublished", chart, null), you)),
			"Someone no longer here unpublished “Unemployment by state”",
		);
	});

	it("does not link a deleted chart", () => {
		const words = activityWords(entry("chart.deleted", chart), you);
		assert.equal(activitySentence(words), "ana@newsroom.example deleted “Unemployment by state”");
		assert.equal(words.href, null);
	});

	it("reads every member, key and device action", () => {
		const member = { type: "member" as const, id: "acc_ben", name: "ben@newsroom.example" };
		const sentences = [
			activityWords(entry("chart.data_linked", chart), you),
			activityWords(entry("chart.restored", { ...chart, name: null }), you),
			activityWords(entry("member.invited", { type: "invitation", id: "inv_1", name: "cy@newsroom.example" }), you),
			activityWords(entry("member.joined", member, { accountId: "acc_ben", email: "ben@newsroom.example" }), you),
			activityWords(entry("member.removed", member), you),
			activityWords(entry("member.left", member, { accountId: "acc_ben", email: "ben@newsroom.example" }), you),
			activityWords(entry("member.role_changed", member), you),
			activityWords(entry("key.created", { type: "key", id: "key_1", name: "Election notebook" }), you),
			activityWords(entry("key.revoked", null), you),
			activityWords(entry("sign_in.new_device", { type: "device", id: "dev_1", name: null }), you),
		].map(activitySentence);
		assert.deepEqual(sentences, [
			"ana@newsroom.example linked “Unemployment by state” to a data source",
			"ana@newsroom.example restored a chart",
			"ana@newsroom.example invited cy@newsroom.example",
			"ben@newsroom.example joined the workspace",
			"ana@newsroom.example removed ben@newsroom.example from the workspace",
			"ben@newsroom.example left the workspace",
			"ana@newsroom.example changed the role of ben@newsroom.example",
			"ana@newsroom.example created the API key “Election notebook”",
			"ana@newsroom.example revoked an API key",
			"ana@newsroom.example signed in on a new device",
		]);
	});

	it("says an action it does not know in the API's own words rather than failing", () => {
		assert.equal(activitySentence(activityWords(entry("theme.made_default", null), you)), "ana@newsroom.example theme: made default");
	});

	it("offers a filter for every action it has words for", () => {
		for (const { action } of actionFilters) {
			const words = activityWords(entry(action, chart), you);
			assert.notEqual(words.did, action.replaceAll("_", " ").replaceAll(".", ": "), `${action} has no words`);
		}
	});
});
