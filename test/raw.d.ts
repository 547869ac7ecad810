// Files imported as text by the test bundler (vite's `?raw`).
declare module "*?raw" {
	const content: string;
	export default content;
}
