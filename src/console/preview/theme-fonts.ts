/**
 * Uploaded fonts in the console's previews: a theme naming a family the workspace
 * uploaded is drawn with that font in the page too, as every export draws it. Each file is
 * registered once as a `FontFace` (loaded from `GET /console/api/fonts/{id}/file`, same origin)
 * and awaited before a chart is drawn, so ECharts measures and draws with it; a font that fails
 * to load leaves the browser's fallback, as the renderer falls back to the bundled fonts.
 */
import { familyNames } from "../../domain/font-families";
import type { ThemeDefinition } from "../../domain/themes";
import { api } from "../lib/api";

export interface UploadedFont {
	id: string;
	family: string;
	style: "normal" | "italic";
	weight: number;
	scripts: string[];
	byteSize: number;
	fileUrl: string;
}

/** Families every page has without asking: a theme naming only these needs no font list. */
const alwaysThere = new Set(["inter", "dejavu sans", "sans-serif", "serif", "monospace", "system-ui"]);

let listed: Promise<UploadedFont[]> | null = null;
const registered = new Map<string, Promise<void>>();

/** The workspace's uploaded fonts, asked once per page until `forgetUploadedFonts`. */
export function uploadedFonts(): Promise<UploadedFont[]> {
	listed ??= api.get<{ fonts: UploadedFont[] }>("/console/api/fonts").then(
		({ body }) => body.fonts,
		() => {
			// Asked again on the next draw; meanwhile the bundled fonts draw.
			listed = null;
			return [];
		},
	);
	return listed;
}

/** After an upload or a delete: the next draw reads the list again. */
export function forgetUploadedFonts(): void {
	listed = null;
}

/** Makes the font drawable in the page (once per file); resolves when it is, or has failed to load. */
export function registerUploadedFont(font: UploadedFont): Promise<void> {
	let loading = registered.get(font.id);
	if (!loading) {
		const face = new FontFace(font.family, `url(${JSON.stringify(font.fileUrl)})`, {
			style: font.style,
			weight: String(font.weight),
		});
		document.fonts.add(face);
		loading = face.load().then(
			() => undefined,
			() => {
				document.fonts.delete(face);
				registered.delete(font.id);
			},
		);
		registered.set(font.id, loading);
	}
	return loading;
}

/** Resolves when every uploaded file of the families the theme names is ready to draw with. */
export async function loadThemeFonts(theme: ThemeDefinition): Promise<void> {
	const named = new Set(familyNames(theme.fonts.family).filter((name) => !alwaysThere.has(name)));
	if (named.size === 0) return;
	const fonts = await uploadedFonts();
	await Promise.all(fonts.filter((font) => named.has(font.family.toLowerCase())).map(registerUploadedFont));
}
