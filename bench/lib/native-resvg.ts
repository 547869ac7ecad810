/**
 * The floor under our PNG path: native resvg (`@resvg/resvg-js`, Rust compiled for this CPU)
 * rasterising our own SVG with the same fonts and settings as the Worker's resvg-wasm. No
 * WebAssembly, no request, no Worker: what drawing this SVG costs at best.
 */
import { resolve } from "node:path";
import { Resvg } from "@resvg/resvg-js";

const fontFiles = [
	"node_modules/@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf",
	"node_modules/@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf",
	"node_modules/@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf",
	"node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf",
].map((path) => resolve(path));

/** Milliseconds to rasterise and encode `svg` at `scale`. */
export function nativeResvgMs(svg: string, scale: number): number {
	const started = performance.now();
	const resvg = new Resvg(svg, {
		fitTo: { mode: "zoom", value: scale },
		font: { fontFiles, loadSystemFonts: false, defaultFontFamily: "Inter", sansSerifFamily: "DejaVu Sans" },
		textRendering: 1,
		shapeRendering: 2,
	});
	resvg.render().asPng();
	return performance.now() - started;
}
