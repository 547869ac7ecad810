// wawoff2 (Google's woff2 compiled to WebAssembly) ships no types; the one call the build uses.
declare module "wawoff2" {
	export function compress(ttf: Uint8Array): Promise<Uint8Array>;
}
