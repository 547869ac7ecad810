import { describe, expect, it } from "vitest";
import { acceptsGzip } from "../../../src/http/content-encoding";

const withHeader = (value: string | null) =>
	new Request("https://example.com/", value === null ? {} : { headers: { "Accept-Encoding": value } });

describe("acceptsGzip", () => {
	it.each([
		["gzip", true],
		["br, gzip, deflate", true],
		["GZIP;q=0.5", true],
		["*", true],
		["br, *;q=0.1", true],
		["x-gzip", true],
		["gzip;q=0.001", true],
		["*;q=0, gzip", true],
		["gzip;q=0", false],
		["gzip; q=0.0, *", false],
		["identity", false],
		["br", false],
		["", false],
	])("%j → %s", (header, expected) => {
		expect(acceptsGzip(withHeader(header))).toBe(expected);
	});

	it("is false without the header", () => {
		expect(acceptsGzip(withHeader(null))).toBe(false);
	});

	it("decides from what the client sent, which the edge and Miniflare keep in cf.clientAcceptEncoding", () => {
		// Both replace the header a Worker sees with their own `br, gzip`.
		const replaced = (client: string) =>
			new Request("https://example.com/", { headers: { "Accept-Encoding": "br, gzip" }, cf: { clientAcceptEncoding: client } });
		expect(acceptsGzip(replaced(""))).toBe(false);
		expect(acceptsGzip(replaced("identity"))).toBe(false);
		expect(acceptsGzip(replaced("gzip, deflate"))).toBe(true);
	});
});
