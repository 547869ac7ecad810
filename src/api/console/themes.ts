/**
 * `/console/api/themes` (docs/design.md#d33): the theme studio's routes. Built-in themes are
 * listed and readable beside the workspace's own so the studio can start a theme from any of
 * them, but only the workspace's own can be changed or deleted. Every answer carries the
 * accessibility checks, which warn and never block saving.
 */

import { ApiError, validationError } from "../../api-error";
import {
	countChartsUsingTheme,
	deleteWorkspaceTheme,
	findWorkspaceTheme,
	insertTheme,
	listWorkspaceThemeDefinitions,
	type StoredTheme,
	setDefaultTheme,
	updateThemeDefinition,
} from "../../db/themes";
import type { SessionCaller } from "../../domain/caller";
import { newId } from "../../domain/ids";
import { applyMergePatch } from "../../domain/merge-patch";
import { themeChecks } from "../../domain/theme-checks";
import { builtInThemes, defaultBuiltInThemeId, findBuiltInTheme, ThemeDefinition, ThemeWrite } from "../../domain/themes";
import { checkLogo } from "../../formats/svg/logo";
import { json } from "../../http/respond";
import { defineRoute } from "../../http/route";
import type { Services } from "../../request-services";
import { ConsoleTheme, ConsoleThemeList, ThemeDeleted, ThemePatch } from "./schemas";

const tag = "Themes";

interface ResolvedTheme {
	id: string;
	builtIn: boolean;
	isDefault: boolean;
	definition: ThemeDefinition;
}

function parseStored(row: StoredTheme): ThemeDefinition {
	const parsed = ThemeDefinition.safeParse(JSON.parse(row.definition));
	// Rows are validated on the way in; one that no longer parses is our bug, not the caller's.
	if (!parsed.success) throw new Error(`stored theme ${row.id} does not match ThemeDefinition: ${parsed.error.message}`);
	return parsed.data;
}

async function workspaceHasDefault(services: Services, caller: SessionCaller): Promise<boolean> {
	return (await listWorkspaceThemeDefinitions(services.db, caller.workspaceId)).some((theme) => theme.isDefault);
}

/** A built-in or one of the caller's workspace themes; anything else (another workspace's) is 404. */
async function resolveTheme(services: Services, caller: SessionCaller, id: string): Promise<ResolvedTheme> {
	const builtIn = findBuiltInTheme(id);
	if (builtIn) {
		const isDefault = id === defaultBuiltInThemeId && !(await workspaceHasDefault(services, caller));
		return { id, builtIn: true, isDefault, definition: builtIn.definition };
	}
	const row = await findWorkspaceTheme(services.db, caller.workspaceId, id);
	if (!row) throw new ApiError("not_found", `This workspace has no theme ${id}.`);
	return { id, builtIn: false, isDefault: row.isDefault, definition: parseStored(row) };
}

async function themeBody(services: Services, caller: SessionCaller, theme: ResolvedTheme) {
	return {
		id: theme.id,
		...theme.definition,
		builtIn: theme.builtIn,
		isDefault: theme.isDefault,
		chartCount: await countChartsUsingTheme(services.db, caller.workspaceId, theme.id),
		checks: themeChecks(theme.definition),
	};
}

/**
 * Logos are drawn into every export and embed (see formats/svg/logo.ts): an unsafe SVG, a
 * mislabelled file or an oversized image is refused; the definition answered is what is stored,
 * with an SVG logo rewritten from its allowed parts.
 */
function withCheckedLogo(definition: ThemeDefinition): ThemeDefinition {
	if (!definition.logo) return definition;
	const checked = checkLogo(definition.logo.dataUri);
	if (checked.problem !== undefined) throw new ApiError("invalid_body", checked.problem, { path: "logo.dataUri" });
	return { ...definition, logo: { ...definition.logo, dataUri: checked.dataUri } };
}

function refuseBuiltIn(theme: ResolvedTheme, action: string): void {
	if (theme.builtIn) {
		throw new ApiError(
			"forbidden",
			`"${theme.definition.name}" is a built-in theme and cannot be ${action}. Create a theme from it (POST /console/api/themes with its definition) and ${action === "deleted" ? "delete" : "change"} that one.`,
		);
	}
}

const listRoute = defineRoute({
	method: "GET",
	path: "/console/api/themes",
	tag,
	summary: "List themes with their definitions and checks",
	description: "The workspace's themes (oldest first), then the built-in ones. Exactly one is the default.",
	access: "session",
	body: { type: "none" },
	responses: { 200: { description: "The themes", schema: ConsoleThemeList } },
	errors: [],
	async handler({ services, caller }) {
		const own = await listWorkspaceThemeDefinitions(services.db, caller.workspaceId);
		const hasDefault = own.some((theme) => theme.isDefault);
		const resolved: ResolvedTheme[] = [
			...own.map((row) => ({ id: row.id, builtIn: false, isDefault: row.isDefault, definition: parseStored(row) })),
			...builtInThemes.map((theme) => ({
				id: theme.id,
				builtIn: true,
				isDefault: !hasDefault && theme.id === defaultBuiltInThemeId,
				definition: theme.definition,
			})),
		];
		const themes = await Promise.all(
			resolved.map(async (theme) => ({
				id: theme.id,
				name: theme.definition.name,
				builtIn: theme.builtIn,
				isDefault: theme.isDefault,
				chartCount: await countChartsUsingTheme(services.db, caller.workspaceId, theme.id),
				definition: theme.definition,
				checks: themeChecks(theme.definition),
			})),
		);
		return json({ themes });
	},
});

const createRoute = defineRoute({
	method: "POST",
	path: "/console/api/themes",
	tag,
	summary: "Create a theme",
	description:
		"The body is a theme definition, the schema the admin CLI imports. Checks are answered, never enforced. An SVG logo is rewritten from allowlisted elements, attributes and CSS (comments, metadata and editor data are dropped); one with anything else, such as scripts, event attributes, foreignObject or references outside the file, is refused (422 naming what was found). A PNG or JPEG logo must be one, at most 2048×2048 pixels.",
	access: "session",
	body: { type: "json", schema: ThemeWrite },
	responses: { 201: { description: "Created", schema: ConsoleTheme } },
	errors: [],
	async handler({ services, caller, body, now }) {
		const definition = withCheckedLogo(body);
		const id = newId("th");
		await insertTheme(services.db, {
			id,
			workspaceId: caller.workspaceId,
			name: definition.name,
			definition: JSON.stringify(definition),
			createdAt: now,
		});
		return json(await themeBody(services, caller, { id, builtIn: false, isDefault: false, definition }), 201);
	},
});

const getRoute = defineRoute({
	method: "GET",
	path: "/console/api/themes/:id",
	tag,
	summary: "Get a theme",
	description: "A workspace theme or a built-in one; another workspace's theme is 404.",
	access: "session",
	body: { type: "none" },
	responses: { 200: { description: "The theme", schema: ConsoleTheme } },
	errors: ["not_found"],
	async handler({ services, caller, params }) {
		return json(await themeBody(services, caller, await resolveTheme(services, caller, params.id ?? "")));
	},
});

const patchRoute = defineRoute({
	method: "PATCH",
	path: "/console/api/themes/:id",
	tag,
	summary: "Update a theme",
	description:
		"A JSON merge patch of the definition (objects merge, null removes a key such as `logo`, arrays such as a palette replace); the result is validated whole. Built-in themes cannot be changed (403).",
	access: "session",
	body: { type: "json", schema: ThemePatch },
	responses: { 200: { description: "The updated theme", schema: ConsoleTheme } },
	errors: ["not_found", "forbidden"],
	async handler({ services, caller, params, body }) {
		const theme = await resolveTheme(services, caller, params.id ?? "");
		refuseBuiltIn(theme, "changed");
		const parsed = ThemeDefinition.safeParse(applyMergePatch(theme.definition, body));
		if (!parsed.success) throw validationError(parsed.error);
		const definition = withCheckedLogo(parsed.data);
		// A concurrent delete between the read and this write leaves nothing to update: answer as if it came first.
		if (!(await updateThemeDefinition(services.db, caller.workspaceId, theme.id, definition.name, JSON.stringify(definition)))) {
			throw new ApiError("not_found", `This workspace has no theme ${theme.id}.`);
		}
		return json(await themeBody(services, caller, { ...theme, definition }));
	},
});

const deleteRoute = defineRoute({
	method: "DELETE",
	path: "/console/api/themes/:id",
	tag,
	summary: "Delete a theme",
	description:
		"Charts that named it draw with the workspace default from then on; if it was the default, Classic becomes the default. Built-in themes cannot be deleted (403).",
	access: "session",
	body: { type: "none" },
	responses: { 200: { description: "Deleted, with how many charts used it", schema: ThemeDeleted } },
	errors: ["not_found", "forbidden"],
	async handler({ services, caller, params }) {
		const theme = await resolveTheme(services, caller, params.id ?? "");
		refuseBuiltIn(theme, "deleted");
		const chartCount = await countChartsUsingTheme(services.db, caller.workspaceId, theme.id);
		if (!(await deleteWorkspaceTheme(services.db, caller.workspaceId, theme.id))) {
			throw new ApiError("not_found", `This workspace has no theme ${theme.id}.`);
		}
		return json({ deleted: true, chartCount, wasDefault: theme.isDefault });
	},
});

const defaultRoute = defineRoute({
	method: "POST",
	path: "/console/api/themes/:id/default",
	tag,
	summary: "Make a theme the workspace default",
	description: `Charts without \`meta.theme\` use the default. Of the built-ins only Classic (\`${defaultBuiltInThemeId}\`) can be made the default again, which clears the workspace's own; to default to another built-in, create a theme from it.`,
	access: "session",
	body: { type: "none" },
	responses: { 200: { description: "The theme, now the default", schema: ConsoleTheme } },
	errors: ["not_found", "forbidden"],
	async handler({ services, caller, params }) {
		const theme = await resolveTheme(services, caller, params.id ?? "");
		if (theme.builtIn && theme.id !== defaultBuiltInThemeId) {
			throw new ApiError(
				"forbidden",
				`"${theme.definition.name}" is a built-in theme; only Classic can be the default among them. Create a theme from it and make that the default.`,
			);
		}
		await setDefaultTheme(services.db, caller.workspaceId, theme.builtIn ? null : theme.id);
		return json(await themeBody(services, caller, { ...theme, isDefault: true }));
	},
});

export const consoleThemeRoutes = [listRoute, createRoute, getRoute, patchRoute, deleteRoute, defaultRoute];
