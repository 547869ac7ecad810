/**
 * The console's one submit path (src/console/lib/use-submit.ts): an action that succeeds leaves no
 * message, one that the API refuses leaves the API's own message (or the form's own wording), and
 * nothing it throws escapes to the page.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ApiFailure } from "../../../src/console/lib/api.ts";
import { attempt } from "../../../src/console/lib/use-submit.ts";

describe("attempt", () => {
	it("answers null when the action succeeds, after it has run", async () => {
		let ran = false;
		assert.equal(
			await attempt(async () => {
				ran = true;
			}),
			null,
		);
		assert.equal(ran, true);
	});

	it("answers the API's message when the API refuses", async () => {
		const refusal = new ApiFailure(422, "invalid_request", "name: Give the folder a name.", { path: "name" });
		assert.equal(await attempt(() => Promise.reject(refusal)), "name: Give the folder a name.");
	});

	it("answers a thrown error's message, and never throws", async () => {
		const message = await attempt(() => {
			throw new Error("The file could not be read.");
		});
		assert.match(message ?? "", /The file could not be read\./);
	});

	it("uses the form's own wording when it gives one", async () => {
		assert.equal(
			await attempt(
				() => Promise.reject(new Error("x")),
				() => "Could not save.",
			),
			"Could not save.",
		);
	});
});
