/**
 * Bundles the embed page's clients (`src/embed/client/`: ECharts and our option builders) into
 * `dist/embed-client/<name>.bundle.txt` and, under content-hashed names, into the static assets
 * the embed host serves (`build-static-assets.ts`; the Worker bundles none of them). One client per kind family (`src/embed/client/families/`), each with only the
 * ECharts parts its kinds use, so a line chart's reader never downloads map or sankey code;
 * `chart` draws every kind but maps for pages published before the split. The host page's loader
 * is its own tiny bundle. The fonts the embed page loads (Inter, DejaVu Sans) are converted to
 * WOFF2 beside them (`lib/embed-fonts.ts`).
 * Run by `npm start`, `npm test`, `npm run deploy` and wrangler's build hook (which reruns it
 * when `src/` changes; the output lives outside `src/` so it does not retrigger itself). Each
 * bundle replaces its file with one rename, and an unchanged one is not touched
 * (`publish-files.ts`): wrangler rebundles the Worker when a file it imports changes, and must
 * never read one half-written.
 */
import { readFile } from "node:fs/promises";
import { build } from "esbuild";
import { publishStaticAssets } from "./build-static-assets";
import { buildEmbedFonts, embedFontSources } from "./lib/embed-fonts";
import { replaceFile } from "./publish-files";

// `loader` is the host page's optional resizer (`/embed.js`), not a page client: no ECharts in it.
// `overlay` makes the server's drawing interactive without ECharts (line, bar, pie, scatter pages).
const embedClients = ["cartesian", "pie", "plane", "table", "other", "map", "chart", "overlay", "loader"] as const;

const clients = new Map<string, Uint8Array>();
await Promise.all([
	buildEmbedFonts(),
	...embedClients.map(async (name) => {
		const outfile = `dist/embed-client/${name}.bundle.txt`;
		const result = await build({
			entryPoints: [`src/embed/client/${name}.ts`],
			outfile,
			write: false,
			bundle: true,
			format: "iife",
			minify: true,
			target: "es2020",
			define: { "process.env.NODE_ENV": '"production"' },
			logLevel: "error",
		});
		const [bundle, ...others] = result.outputFiles;
		if (!bundle || others.length > 0) throw new Error(`esbuild made ${result.outputFiles.length} files of the ${name} client, not one`);
		await replaceFile(outfile, bundle.contents);
		// The Worker calls the loader `embed` (its public address is `/embed.js`).
		clients.set(name === "loader" ? "embed" : name, bundle.contents);
	}),
]);

// Browsers download these: they become static assets, not Worker modules.
const fonts = new Map<string, Uint8Array>();
for (const name of Object.keys(embedFontSources)) fonts.set(name, await readFile(`dist/embed-fonts/${name}.woff2`));
await publishStaticAssets(clients, fonts, {
	primaryTtf: embedFontSources["inter-400"],
	fallbackTtf: embedFontSources["dejavu-sans-400"],
});
