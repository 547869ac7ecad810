import { describe, expect, it } from "vitest";
import { ifMatchValues, noneMatchHolds, notModified, parseEntityTags } from "../../../src/domain/conditional-requests";

describe("parseEntityTags", () => {
	it.each([
		[null, null],
		["", []],
		['"a"', [{ weak: false, opaque: '"a"' }]],
		['W/"a"', [{ weak: true, opaque: '"a"' }]],
		[
			'"a", W/"b",\t"c"',
			[
				{ weak: false, opaque: '"a"' },
				{ weak: true, opaque: '"b"' },
				{ weak: false, opaque: '"c"' },
			],
		],
		[
			'  "a"  ,  "b"  ',
			[
				{ weak: false, opaque: '"a"' },
				{ weak: false, opaque: '"b"' },
			],
		],
		// A comma inside the quotes is part of the tag, not a separator.
		['"a,b"', [{ weak: false, opaque: '"a,b"' }]],
		['""', [{ weak: false, opaque: '""' }]],
		["*", "*"],
		[" * ", "*"],
		['"a", *', "*"],
		// What is not an entity tag names nothing and is skipped; the tags around it still count.
		["a", []],
		['w/"a"', []],
		['"a" junk, "b"', [{ weak: false, opaque: '"b"' }]],
		['junk, "b", "c', [{ weak: false, opaque: '"b"' }]],
		[",,,", []],
		["**", []],
	])("%j parses to %j", (header, expected) => {
		expect(parseEntityTags(header)).toEqual(expected);
	});
});

describe("If-None-Match (weak comparison)", () => {
	it.each([
		[null, '"v1"', false],
		['"v1"', '"v1"', true],
		['W/"v1"', '"v1"', true],
		['"v1"', 'W/"v1"', true],
		['W/"v1"', 'W/"v1"', true],
		['"v0", "v1"', '"v1"', true],
		['"v0",W/"v1"', '"v1"', true],
		["*", '"v1"', true],
		['"v0"', '"v1"', false],
		["v1", '"v1"', false],
		['"V1"', '"v1"', false],
		["", '"v1"', false],
		["garbage", '"v1"', false],
	])("%j against %s holds: %s", (header, etag, expected) => {
		expect(noneMatchHolds(header, etag)).toBe(expected);
	});

	it("reads the request's header", () => {
		const request = new Request("https://charts.example/embed/c/", { headers: { "If-None-Match": '"v0", "v1"' } });
		expect(notModified(request, '"v1"')).toBe(true);
		expect(notModified(request, '"v2"')).toBe(false);
		expect(notModified(new Request("https://charts.example/embed/c/"), '"v1"')).toBe(false);
	});
});

describe("If-Match values", () => {
	it.each([
		[null, null],
		["*", null],
		['"3"', ["3"]],
		['W/"3"', ["3"]],
		['"2", "3"', ["2", "3"]],
		["3", []],
		["", []],
	])("%j names %j", (header, expected) => {
		expect(ifMatchValues(header)).toEqual(expected);
	});
});
