/**
 * `GET /v1/themes` (docs/contract.md#section-4-3, docs/design.md#d20): the workspace's themes, then the built-ins.
 * Exactly one item is the default: the workspace's own default if it has one, else Classic.
 */
import { listWorkspaceThemes } from "../db/themes";
import { builtInThemes, defaultBuiltInThemeId } from "../domain/themes";
import { json } from "../http/respond";
import { defineRoute } from "../http/route";
import { ThemeList } from "./schemas";

export const listThemesRoute = defineRoute({
	method: "GET",
	path: "/v1/themes",
	readOnly: true,
	tag: "Themes",
	summary: "List themes",
	description: "Themes are authored in the theme studio (for now the admin CLI); charts use one through `meta.theme`.",
	access: "theme:read",
	body: { type: "none" },
	responses: { 200: { description: "The workspace's themes, then the built-in ones", schema: ThemeList } },
	errors: [],
	async handler({ services, caller }) {
		const own = await listWorkspaceThemes(services.db, caller.workspaceId);
		const workspaceHasDefault = own.some((theme) => theme.isDefault);
		return json({
			themes: [
				...own.map((theme) => ({ id: theme.id, name: theme.name, is_default: theme.isDefault, builtIn: false })),
				...builtInThemes.map((theme) => ({
					id: theme.id,
					name: theme.definition.name,
					is_default: !workspaceHasDefault && theme.id === defaultBuiltInThemeId,
					builtIn: true,
				})),
			],
		});
	},
});

export const themeRoutes = [listThemesRoute];
