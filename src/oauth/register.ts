/**
 * Dynamic client registration (RFC 7591): an assistant's MCP client registers the first time it
 * connects, with its name and redirect URIs, and gets a `client_id`. Clients are public (no
 * secret: they run on people's machines or in an assistant's backend that OAuth cannot tell
 * apart), so PKCE, the exact redirect URIs and the person's consent are what protect a grant.
 * Registrations are limited per client address, as a registration costs a row.
 */
import { z } from "zod";
import { insertClient } from "../db/oauth";
import { readText } from "../http/body";
import { defineRoute } from "../http/route";
import { noStore, OAuthError, oauthErrorResponse } from "./oauth-error";
import { admitRegistration } from "./rate-limits";
import { maxRedirectUris, redirectUriProblem } from "./redirect-uris";
import { newClientId } from "./tokens";

export const maxClientNameLength = 100;
const maxRegistrationBytes = 16 * 1024;

const ClientMetadata = z
	.object({
		redirect_uris: z.array(z.string()).min(1).max(maxRedirectUris),
		client_name: z.string().trim().min(1).max(maxClientNameLength).optional(),
		token_endpoint_auth_method: z.string().optional(),
		grant_types: z.array(z.string()).optional(),
		response_types: z.array(z.string()).optional(),
		scope: z.string().max(1000).optional(),
	})
	.passthrough();

function registrationError(code: "invalid_redirect_uri" | "invalid_client_metadata", description: string): Response {
	return Response.json({ error: code, error_description: description }, { status: 400, headers: noStore });
}

/** Why the metadata cannot be registered (RFC 7591 §3.2.2), or null. */
function metadataProblem(metadata: z.infer<typeof ClientMetadata>): Response | null {
	for (const uri of metadata.redirect_uris) {
		const problem = redirectUriProblem(uri);
		if (problem !== null)
			return registrationError("invalid_redirect_uri", `The redirect URI ${JSON.stringify(uri.slice(0, 200))} ${problem}.`);
	}
	const method = metadata.token_endpoint_auth_method;
	if (method !== undefined && method !== "none") {
		return registrationError(
			"invalid_client_metadata",
			`token_endpoint_auth_method ${method} is not supported: clients here are public, with PKCE; register with "none".`,
		);
	}
	const unsupportedGrant = metadata.grant_types?.find((grant) => grant !== "authorization_code" && grant !== "refresh_token");
	if (unsupportedGrant !== undefined) {
		return registrationError(
			"invalid_client_metadata",
			`The grant type ${unsupportedGrant} is not supported: use authorization_code and refresh_token.`,
		);
	}
	const unsupportedResponse = metadata.response_types?.find((type) => type !== "code");
	if (unsupportedResponse !== undefined) {
		return registrationError("invalid_client_metadata", `The response type ${unsupportedResponse} is not supported: use code.`);
	}
	return null;
}

export const registerRoute = defineRoute({
	method: "POST",
	path: "/oauth/register",
	tag: "Session",
	summary: "Register an OAuth client (RFC 7591)",
	access: "public",
	body: { type: "none" },
	responses: { 201: { description: "The client's registration" } },
	errors: [],
	async handler({ request, services, now }) {
		if (request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() !== "application/json") {
			return registrationError("invalid_client_metadata", "Send the client's metadata as JSON: Content-Type: application/json.");
		}
		let parsed: unknown;
		try {
			parsed = JSON.parse(await readText(request, maxRegistrationBytes));
		} catch {
			return registrationError(
				"invalid_client_metadata",
				`The body must be one JSON object of at most ${maxRegistrationBytes / 1024} KiB.`,
			);
		}
		const result = ClientMetadata.safeParse(parsed);
		if (!result.success) {
			const issue = result.error.issues[0];
			const field = issue?.path.join(".") || "the body";
			return registrationError(
				field.startsWith("redirect_uris") ? "invalid_redirect_uri" : "invalid_client_metadata",
				`${field}: ${issue?.message ?? "not valid"}. Send redirect_uris (1 to ${maxRedirectUris} URIs) and a client_name of at most ${maxClientNameLength} characters.`,
			);
		}
		const metadata = result.data;
		const problem = metadataProblem(metadata);
		if (problem !== null) return problem;
		const refused = await admitRegistration(services, request, now);
		if (refused !== null) return oauthErrorResponse(new OAuthError("too_many_requests", refused.message, refused.retryAfterSeconds));
		const client = {
			id: newClientId(),
			name: metadata.client_name ?? "An unnamed assistant",
			redirectUris: metadata.redirect_uris,
			createdAt: now,
		};
		await insertClient(services.db, client);
		return Response.json(
			{
				client_id: client.id,
				client_id_issued_at: Math.floor(now / 1000),
				client_name: client.name,
				redirect_uris: client.redirectUris,
				token_endpoint_auth_method: "none",
				grant_types: ["authorization_code", "refresh_token"],
				response_types: ["code"],
				...(metadata.scope === undefined ? {} : { scope: metadata.scope }),
			},
			{ status: 201, headers: noStore },
		);
	},
});
