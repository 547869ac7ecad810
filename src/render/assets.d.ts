// Modules wrangler bundles as binary: fonts as data (see [[rules]] in wrangler.toml), wasm compiled.
declare module "*.ttf" {
	const data: ArrayBuffer;
	export default data;
}

declare module "*.woff2" {
	const data: ArrayBuffer;
	export default data;
}

declare module "*.wasm" {
	const module: WebAssembly.Module;
	export default module;
}

declare module "*.bundle.txt" {
	const text: string;
	export default text;
}

// The manifest of the embed host's static assets (scripts/build-static-assets.ts), declared so a
// typecheck before the first build passes; the build's file has exactly this shape.
declare module "*/dist/static-assets.json" {
	const manifest: import("../embed/static-asset-paths").StaticAssets;
	export default manifest;
}
