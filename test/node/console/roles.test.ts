/**
 * What each workspace role is offered in the console (src/console/lib/roles.ts): the controls a
 * screen shows must be exactly the ones the API would take from that role.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
	canEdit,
	canHandOwnershipTo,
	canLeave,
	canManageTeam,
	canRemove,
	roleOf,
	rolesSettableOn,
	scopesFor,
} from "../../../src/console/lib/roles.ts";

const member = (role: "owner" | "admin" | "editor" | "viewer", you = false) => ({ role, you });

describe("roles", () => {
	it("reads a session's role, and a session from before roles as an editor", () => {
		assert.equal(roleOf("viewer"), "viewer");
		assert.equal(roleOf("owner"), "owner");
		assert.equal(roleOf(undefined), "editor");
		assert.equal(roleOf("superuser"), "editor");
	});

	it("lets every role but a viewer edit, and only owners and admins manage the team", () => {
		assert.deepEqual(
			(["owner", "admin", "editor", "viewer"] as const).map((role) => [role, canEdit(role), canManageTeam(role)]),
			[
				["owner", true, true],
				["admin", true, true],
				["editor", true, false],
				["viewer", false, false],
			],
		);
	});

	it("offers role changes to owners and admins, never on the owner or on oneself", () => {
		assert.deepEqual(rolesSettableOn("owner", member("editor")), ["admin", "editor", "viewer"]);
		assert.deepEqual(rolesSettableOn("admin", member("admin")), ["admin", "editor", "viewer"]);
		assert.deepEqual(rolesSettableOn("admin", member("owner")), []);
		assert.deepEqual(rolesSettableOn("owner", member("owner", true)), []);
		assert.deepEqual(rolesSettableOn("admin", member("admin", true)), []);
		assert.deepEqual(rolesSettableOn("editor", member("viewer")), []);
		assert.deepEqual(rolesSettableOn("viewer", member("editor")), []);
	});

	it("hands ownership on only from the owner to an admin", () => {
		assert.equal(canHandOwnershipTo("owner", member("admin")), true);
		assert.equal(canHandOwnershipTo("owner", member("editor")), false);
		assert.equal(canHandOwnershipTo("admin", member("admin")), false);
	});

	it("removes anyone but the owner and oneself, and lets everyone but the owner leave", () => {
		assert.equal(canRemove("owner", member("admin")), true);
		assert.equal(canRemove("admin", member("viewer")), true);
		assert.equal(canRemove("admin", member("owner")), false);
		assert.equal(canRemove("admin", member("admin", true)), false);
		assert.equal(canRemove("editor", member("viewer")), false);
		assert.equal(canLeave("owner"), false);
		assert.equal(canLeave("viewer"), true);
	});

	it("offers a viewer read scopes only, and the team scopes to owners and admins only", () => {
		const ids = (role: Parameters<typeof scopesFor>[0]) => scopesFor(role).map((scope) => scope.id);
		assert.deepEqual(ids("viewer"), ["chart:read", "folder:read", "theme:read"]);
		assert.deepEqual(ids("editor"), ["chart:read", "chart:write", "folder:read", "folder:write", "theme:read"]);
		assert.deepEqual(ids("admin"), ["chart:read", "chart:write", "folder:read", "folder:write", "theme:read", "team:read", "team:write"]);
		assert.deepEqual(ids("owner"), ids("admin"));
	});
});
