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
