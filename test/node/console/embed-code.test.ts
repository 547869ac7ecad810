import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { embedSnippets } from "../../../src/console/screens/editor/steps/publish/embed-code.ts";

describe("embed snippets of a chart published earlier", () => {
	it("fits the frame with the loader at the embed host's stable address, and keeps the plain frame", () => {
		const url = "https://embed.example.com/c/ch_123/";
		const { iframe, responsiveIframe } = embedSnippets({ w: 600, h: 300 }, "Seats & votes", url);
		assert.match(
			iframe,
			/^<div style="position:relative;width:100%;padding-top:50.00%"><iframe src="https:\/\/embed.example.com\/c\/ch_123\/"/,
		);
		assert.match(iframe, /title="Seats &amp; votes"/);
		assert.equal(responsiveIframe, `${iframe}<script async src="https://embed.example.com/c/embed.js"></script>`);
	});
});
