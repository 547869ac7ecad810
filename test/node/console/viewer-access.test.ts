/** Who a viewer is told can make them an editor (src/console/screens/editor/viewer-frame.tsx). */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { whoGrantsAccess } from "../../../src/console/screens/editor/viewer-grants.ts";

describe("whoGrantsAccess", () => {
	it("names the owner by email, and admins when there are some", () => {
		const owner = { email: "ana@newsroom.example", role: "owner" as const };
		assert.equal(
			whoGrantsAccess([owner, { email: "ben@newsroom.example", role: "admin" }]),
			"ana@newsroom.example (the owner) or an admin",
		);
		assert.equal(whoGrantsAccess([owner, { email: "cy@newsroom.example", role: "viewer" }]), "ana@newsroom.example (the owner)");
	});

	it("says who in words when the members could not be read", () => {
		assert.equal(whoGrantsAccess([]), "the workspace's owner or an admin");
	});
});
