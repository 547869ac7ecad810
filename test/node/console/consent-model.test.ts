/**
 * What the consent screen offers and sends, and how the Keys page words a connection
 * (src/console/screens/authorize/consent-model.ts): a scope the role does not allow is never
 * ticked nor sent, a loopback redirect reads as this computer, scopes read as the consent screen showed them.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { RequestedScope } from "../../../src/console/lib/oauth-api.ts";
import {
	chosenScopes,
	initialChoice,
	isLoopbackHost,
	refusalReason,
	scopesInWords,
} from "../../../src/console/screens/authorize/consent-model.ts";

const viewerAsked: RequestedScope[] = [
	{ scope: "chart:read", label: "Read charts", granted: true },
	{ scope: "chart:write", label: "Write charts", granted: false },
	{ scope: "folder:read", label: "Folders", granted: true },
	{ scope: "theme:read", label: "Themes", granted: true },
];

describe("consent model", () => {
	it("ticks every scope the role allows and none it does not", () => {
		assert.deepEqual([...initialChoice(viewerAsked)], ["chart:read", "folder:read", "theme:read"]);
	});

	it("sends only ticked scopes the role allows, in the request's order", () => {
		const chosen = new Set(["theme:read", "chart:write", "chart:read"]);
		assert.deepEqual(chosenScopes(viewerAsked, chosen), ["chart:read", "theme:read"]);
		assert.deepEqual(chosenScopes(viewerAsked, new Set()), []);
	});

	it("says which role stands in the way", () => {
		assert.match(refusalReason("viewer"), /^Not for a viewer in this workspace/);
		assert.match(refusalReason("editor"), /^Not for an editor/);
	});

	it("reads loopback hosts, with or without a port, as this computer and nothing else", () => {
		for (const host of ["localhost", "127.0.0.1:33418", "[::1]:8080", "LOCALHOST:3000"]) assert.equal(isLoopbackHost(host), true, host);
		for (const host of ["claude.ai", "chatgpt.com", "127.0.0.1.example.com", "localhost.evil.test", "10.0.0.1"])
			assert.equal(isLoopbackHost(host), false, host);
	});

	it("words a connection's scopes as the consent screen showed them, others as keys name them or as they are", () => {
		assert.equal(scopesInWords(["chart:read", "chart:write", "folder:write"]), "Read charts, Write charts, File charts in folders");
		assert.equal(scopesInWords(["team:read", "team:write", "mcp:future"]), "See the team and its activity, Manage the team, mcp:future");
		assert.equal(scopesInWords([]), "Nothing");
	});
});
