/**
 * Request and response schemas of the sign-in and console routes (DESIGN D31, D33). They validate
 * bodies and feed the console's OpenAPI document.
 */
import { z } from "zod";
import { NewPassword, PresentedPassword } from "../../domain/passwords";
import { Plan, Scope } from "../../domain/plans";

const Timestamp = z.string().meta({ description: "ISO 8601 UTC with milliseconds", example: "2026-11-22T10:15:30.123Z" });

export const SignInBody = z
	.object({
		email: z.string().max(254).meta({ description: "The account's email; case does not matter" }),
		password: PresentedPassword,
	})
	.meta({ id: "SignIn" });

export const Session = z
	.object({
		accountId: z.string(),
		workspaceId: z.string(),
		plan: Plan,
		email: z.string(),
		csrfToken: z.string().meta({ description: "Send as X-CSRF-Token on every POST, PUT, PATCH and DELETE made with the session cookie" }),
	})
	.meta({ id: "Session" });

export const SignedOut = z.object({ signedOut: z.literal(true) }).meta({ id: "SignedOut" });

export const Account = z
	.object({
		accountId: z.string(),
		email: z.string(),
		plan: Plan,
		workspace: z.object({ id: z.string(), name: z.string(), kind: z.enum(["personal", "team"]) }),
	})
	.meta({ id: "Account" });

export const ChangePasswordBody = z.object({ currentPassword: PresentedPassword, newPassword: NewPassword }).meta({ id: "ChangePassword" });

export const PasswordChanged = z.object({ changed: z.literal(true) }).meta({ id: "PasswordChanged" });

export const ApiKey = z
	.object({
		id: z.string(),
		name: z.string(),
		prefix: z.string().meta({ description: "The key's first characters, to tell keys apart" }),
		scopes: z.array(Scope),
		createdAt: Timestamp,
		lastUsedAt: Timestamp.nullable(),
	})
	.meta({ id: "ApiKey" });

export const ApiKeyList = z.object({ keys: z.array(ApiKey) }).meta({ id: "ApiKeyList" });

export const CreateKeyBody = z
	.object({
		name: z.string().trim().min(1, "must not be empty").max(300, "must be at most 300 characters"),
		scopes: z
			.array(Scope)
			.min(1, "must name at least one scope")
			.transform((scopes) => [...new Set(scopes)]),
	})
	.meta({ id: "CreateKey" });

export const ApiKeyCreated = ApiKey.omit({ lastUsedAt: true })
	.extend({ key: z.string().meta({ description: "The key itself: shown this once, never again" }) })
	.meta({ id: "ApiKeyCreated" });
