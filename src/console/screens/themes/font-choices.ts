/**
 * The font families a theme can name: the bundled ones, and the workspace's uploaded ones
 * (`GET /console/api/fonts`).
 */
import { uploadedFonts } from "../../preview/theme-fonts";
import { bundledFamilies } from "./theme-model";

export async function fontFamilies(): Promise<{ bundled: string[]; uploaded: string[] }> {
	const bundled: string[] = [...bundledFamilies];
	// The bundled fonts always work; a list that fails to load leaves just them.
	const uploaded = [...new Set((await uploadedFonts()).map((font) => font.family))].filter((family) => !bundled.includes(family));
	return { bundled, uploaded: uploaded.sort((a, b) => a.localeCompare(b)) };
}
