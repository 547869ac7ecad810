/**
 * The client a sign-in is counted against: CF-Connecting-IP as an IPv4 address, an
 * IPv6 /64, or nothing when the header is missing.
 */
import { describe, expect, it } from "vitest";
import { clientAddress } from "../../../src/auth/client-address";

function from(header: string | null): string | null {
	return clientAddress(
		new Request("https://charts.example.com/auth/sign-in", header === null ? {} : { headers: { "CF-Connecting-IP": header } }),
	);
}

describe("clientAddress", () => {
	it("names an IPv4 client by its address", () => {
		expect(from("203.0.113.7")).toBe("203.0.113.7");
		expect(from(" 203.0.113.7 ")).toBe("203.0.113.7");
		expect(from("::ffff:203.0.113.7")).toBe("203.0.113.7");
	});

	it("names an IPv6 client by its /64, however the address is written", () => {
		expect(from("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
		expect(from("2001:0DB8:0001:0002:ffff:1:2:3")).toBe("2001:db8:1:2::/64");
		expect(from("2001:db8::")).toBe("2001:db8:0:0::/64");
		expect(from("::1")).toBe("0:0:0:0::/64");
		expect(from("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
	});

	it("has no client without the header", () => {
		expect(from(null)).toBeNull();
		expect(from("")).toBeNull();
	});

	it("counts a value that is no address as itself, cut to 64 characters", () => {
		expect(from("999.1.1.1")).toBe("999.1.1.1");
		expect(from("1::2::3")).toBe("1::2::3");
		expect(from("x".repeat(500))).toBe("x".repeat(64));
	});
});
