/**
 * Bundles the embed page's clients (`src/embed/client/`: ECharts and our option builders) into
 * `dist/embed-client/<name>.bundle.txt`, which the Worker imports as text and serves from the
 * embed host. Maps get their own bundle so other charts never download base-map geometry; the
 * host page's loader is its own tiny bundle.
 * Run by `npm start`, `npm test`, `npm run deploy` and wrangler's build hook (which reruns it
 * when `src/` changes; the output lives outside `src/` so it does not retrigger itself).
 */
import { build } from "esbuild";

// `loader` is the host page's optional resizer (`/embed.js`), not a page client: no ECharts in it.
const embedClients = ["chart", "map", "loader"] as const;

await Promise.all(
	embedClients.map((name) =>
		build({
			entryPoints: [`src/embed/client/${name}.ts`],
			outfile: `dist/embed-client/${name}.bundle.txt`,
			bundle: true,
			format: "iife",
			minify: true,
			target: "es2020",
			define: { "process.env.NODE_ENV": '"production"' },
			logLevel: "error",
		}),
	),
);
