/**
 * Byte helpers the password and session-token code share: base64url without padding, and a
 * comparison whose time does not depend on where two values differ. No dependencies, so the
 * console's session-cookie check can use them at startup without loading zod.
 */

export function toBase64Url(bytes: Uint8Array): string {
	let binary = "";
	for (const byte of bytes) binary += String.fromCharCode(byte);
	return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
	const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
	return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** Compares every byte whatever the first difference, so the time taken says nothing about where it was. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
	let difference = a.length ^ b.length;
	const length = Math.max(a.length, b.length);
	for (let i = 0; i < length; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
	return difference === 0;
}
