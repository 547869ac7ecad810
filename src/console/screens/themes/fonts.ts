/**
 * The font families a theme can name: the bundled ones, and the workspace's uploaded ones when the
 * console has a fonts route (`GET /console/api/fonts`, issue 13 part 2). Whether it exists is read
 * from the console's own OpenAPI document first, so a console without it asks nothing that would
 * answer 404 (which the browser would log as an error).
 */
import { api } from "../../lib/api";
import { bundledFamilies } from "./theme-model";

function familiesIn(body: unknown): string[] {
	const list = Array.isArray(body) ? body : typeof body === "object" && body !== null ? (body as { fonts?: unknown }).fonts : null;
	if (!Array.isArray(list)) return [];
	return list.flatMap((font) =>
		typeof font === "object" && font !== null && typeof (font as { family?: unknown }).family === "string"
			? [(font as { family: string }).family]
			: [],
	);
}

export async function fontFamilies(): Promise<{ bundled: string[]; uploaded: string[] }> {
	const bundled = [...bundledFamilies];
	try {
		const { body: document } = await api.get<{ paths?: Record<string, unknown> }>("/console/api/openapi.json");
		if (!document.paths || !("/console/api/fonts" in document.paths)) return { bundled, uploaded: [] };
		const { body } = await api.get<unknown>("/console/api/fonts");
		const uploaded = [...new Set(familiesIn(body))].filter((family) => !bundled.includes(family as (typeof bundled)[number]));
		return { bundled, uploaded: uploaded.sort((a, b) => a.localeCompare(b)) };
	} catch {
		// The bundled fonts always work; uploaded ones are an addition.
		return { bundled, uploaded: [] };
	}
}
