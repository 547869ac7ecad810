/**
 * Request and response schemas of the sign-in and console routes (docs/design.md#d31, #d33). They validate
 * bodies and feed the console's OpenAPI document.
 */
import { z } from "zod";
import { NewPassword, PresentedPassword } from "../../credentials/passwords";
import { Plan, Scope } from "../../domain/plans";
import { checkThemeLimits, ThemeDefinition } from "../../domain/themes";

const Timestamp = z.string().meta({ description: "ISO 8601 UTC with milliseconds", example: "2026-11-22T10:15:30.123Z" });

export const SignInBody = z
	.object({
		email: z.string().max(254).meta({ description: "The account's email; case does not matter" }),
		password: PresentedPassword,
	})
	.meta({ id: "SignIn" });

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

export const ThemeCheck = z
	.object({
		id: z.string().meta({ description: "`contrast:<mode>:<field>[:<index>]` or `cvd:<mode>:<i>:<j>` (palette indexes from 0)" }),
		level: z.literal("warning"),
		message: z.string(),
		colors: z.array(z.string()).meta({ description: "The colours concerned, foreground first" }),
	})
	.meta({ id: "ThemeCheck", description: "An accessibility warning; checks never block saving" });

const themeFacts = {
	id: z.string(),
	builtIn: z.boolean().meta({ description: "Built-in themes can be used and copied but not changed or deleted" }),
	isDefault: z.boolean().meta({ description: "Charts without `meta.theme` use the default; exactly one theme is it" }),
	chartCount: z.number().int().meta({ description: "How many of the workspace's charts name this theme in `meta.theme`" }),
	checks: z.array(ThemeCheck),
};

export const ConsoleTheme = ThemeDefinition.extend(themeFacts).meta({ id: "ConsoleTheme" });

export const ConsoleThemeList = z
	.object({
		themes: z.array(z.object({ ...themeFacts, name: z.string(), definition: ThemeDefinition })),
	})
	.meta({ id: "ConsoleThemeList", description: "The workspace's themes, then the built-in ones" });

/**
 * Unknown values, not `z.json()`: that schema recurses once per level and a 10 KB body nested
 * 1,800 deep overflowed the stack (a 500). D24's depth limit is checked without recursion, and
 * every level of a patch lands at its own depth in the merged theme, so a deeper patch is refused
 * before merging; the merged result is then validated whole.
 */
export const ThemePatch = z.record(z.string(), z.unknown()).superRefine(checkThemeLimits).meta({
	id: "ThemePatch",
	description: "A JSON merge patch (RFC 7386) of the theme definition: objects merge, null removes a key, arrays replace",
});

export const ThemeDeleted = z
	.object({
		deleted: z.literal(true),
		chartCount: z.number().int().meta({ description: "Charts that named the theme; they now use the workspace default" }),
		wasDefault: z.boolean().meta({ description: "It was the default, so Classic is the default now" }),
	})
	.meta({ id: "ThemeDeleted" });
