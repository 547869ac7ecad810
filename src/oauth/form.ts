/**
 * The token and revocation endpoints take `application/x-www-form-urlencoded` bodies (RFC 6749
 * §3.2), small ones: a code or token, a verifier, a URI.
 */
import { readText } from "../http/body";
import { OAuthError } from "./oauth-error";

const maxFormBytes = 16 * 1024;

export async function readForm(request: Request): Promise<URLSearchParams> {
	const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
	if (type !== "application/x-www-form-urlencoded") {
		throw new OAuthError("invalid_request", "Send the parameters as a form: Content-Type: application/x-www-form-urlencoded.");
	}
	try {
		return new URLSearchParams(await readText(request, maxFormBytes));
	} catch {
		throw new OAuthError("invalid_request", `The form could not be read; it must be at most ${maxFormBytes / 1024} KiB of UTF-8.`);
	}
}

/** A parameter sent once: a missing one is an `invalid_request` naming it, as is a repeated one (RFC 6749 §3.1). */
export function required(form: URLSearchParams, name: string): string {
	const values = form.getAll(name);
	if (values.length === 0 || values[0] === "") throw new OAuthError("invalid_request", `The parameter ${name} is missing.`);
	if (values.length > 1) throw new OAuthError("invalid_request", `The parameter ${name} is sent more than once.`);
	return values[0] as string;
}

export function optional(form: URLSearchParams, name: string): string | null {
	const values = form.getAll(name);
	if (values.length > 1) throw new OAuthError("invalid_request", `The parameter ${name} is sent more than once.`);
	return values[0] === undefined || values[0] === "" ? null : values[0];
}
