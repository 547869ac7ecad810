/**
 * The screen error boundary (src/console/components/screen-boundary.tsx, its pure part in
 * screen-failure.ts): what it keeps of a
 * thrown error for its details line, and that a throw becomes its state (the browser check in
 * test/browser/console-error-boundary.test.ts sees it drawn).
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { caught, failureDetail } from "../../../src/console/components/screen-failure.ts";

describe("ScreenBoundary", () => {
	it("keeps a thrown error as its state", () => {
		const error = new TypeError("Cannot read properties of null (reading 'length')");
		assert.deepEqual(caught(error), { error });
	});

	it("still shows its message when something falsy is thrown", () => {
		const state = caught(undefined);
		assert.ok(state.error instanceof Error);
	});

	it("names the error and its message for a bug report", () => {
		assert.equal(failureDetail(new TypeError("x is not a function")), "TypeError: x is not a function");
		assert.equal(failureDetail(new Error("")), "Error");
		assert.equal(failureDetail("went wrong"), "went wrong");
		assert.equal(failureDetail({ reason: 1 }), "An unknown error.");
	});
});
