/** Which URLs linked data may read, and the Google Sheets address people paste. */
import { describe, expect, it } from "vitest";
import { minutesUntilNextRead } from "../../../src/domain/data-source";
import { normalizeSourceUrl, unsafeUrlReason } from "../../../src/linked-data/url-safety";

describe("unsafeUrlReason", () => {
	it.each([
		"https://data.example.org/x.csv",
		"http://93.184.216.34/x.csv",
		"https://[2606:4700::1111]/x.csv",
		"https://172.32.0.1/x.csv",
		"https://100.128.0.1/x.csv",
	])("reads %s", (url) => {
		expect(unsafeUrlReason(url, false)).toBeNull();
	});

	it.each([
		["http://localhost:8080/x.csv", /localhost is a local or private address/],
		["http://api.localhost/x.csv", /local or private/],
		["http://127.1/x.csv", /127\.0\.0\.1/],
		["http://0x7f000001/x.csv", /127\.0\.0\.1/],
		["http://10.1.2.3/x.csv", /local or private/],
		["http://172.16.0.1/x.csv", /local or private/],
		["http://192.168.1.1/x.csv", /local or private/],
		["http://100.64.0.1/x.csv", /local or private/],
		["http://169.254.169.254/latest", /local or private/],
		["http://0.0.0.0/x.csv", /local or private/],
		["http://224.0.0.1/x.csv", /local or private/],
		["http://[::1]/x.csv", /local or private/],
		["http://[::]/x.csv", /local or private/],
		["http://[fd00::1]/x.csv", /local or private/],
		["http://[fe80::1]/x.csv", /local or private/],
		["http://[::ffff:127.0.0.1]/x.csv", /local or private/],
		["http://[64:ff9b::a00:1]/x.csv", /local or private/],
		["http://nas.local/x.csv", /local or private/],
		["http://db.internal./x.csv", /local or private/],
		["file:///etc/passwd", /Only http and https/],
		["javascript:alert(1)", /Only http and https/],
		["https://u:p@data.example.org/x.csv", /user name or password/],
		["data.example.org/x.csv", /not an absolute URL/],
	])("refuses %s", (url, reason) => {
		expect(unsafeUrlReason(url, false)).toMatch(reason);
	});

	it("allows private addresses only when told to, never other schemes or credentials", () => {
		expect(unsafeUrlReason("http://127.0.0.1:9151/x.csv", true)).toBeNull();
		expect(unsafeUrlReason("file:///etc/passwd", true)).toMatch(/Only http and https/);
		expect(unsafeUrlReason("http://u:p@127.0.0.1/x.csv", true)).toMatch(/user name or password/);
	});
});

describe("normalizeSourceUrl", () => {
	it("reads a published Google Sheet's page as its CSV and leaves other URLs alone", () => {
		expect(normalizeSourceUrl(" https://docs.google.com/spreadsheets/d/e/2PACX-1v/pubhtml ")).toBe(
			"https://docs.google.com/spreadsheets/d/e/2PACX-1v/pub?output=csv",
		);
		expect(normalizeSourceUrl("https://data.example.org/a.csv?x=1")).toBe("https://data.example.org/a.csv?x=1");
	});
});

describe("minutesUntilNextRead", () => {
	it("waits the interval after a success, doubles per failure, and never more than a day", () => {
		expect([0, 1, 2, 3].map((failures) => minutesUntilNextRead(5, failures))).toEqual([5, 10, 20, 40]);
		expect(minutesUntilNextRead(5, 50)).toBe(320);
		expect(minutesUntilNextRead(60, 10)).toBe(1440);
	});
});
