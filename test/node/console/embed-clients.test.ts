/**
 * The embed page's clients as `npm run build` wrote them (dist/embed-client/): each kind family's
 * client carries only its own chart code and stays within its gzipped size, and registers every
 * ECharts part its options use (checked in a process per family: ECharts registers globally).
 * Sizes, not timings: they are what a reader on a slow phone downloads.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import * as fontkit from "fontkit";
import { familyClients, kindClients } from "../../../src/embed/client-kinds.ts";

const execFileAsync = promisify(execFile);

/** Starts `run` for every item, at most `limit` at once; each item's promise settles with its own run. */
function runEachLimited<T>(items: readonly string[], limit: number, run: (item: string) => Promise<T>): Map<string, Promise<T>> {
	const slots: Promise<unknown>[] = [];
	const results = new Map<string, Promise<T>>();
	items.forEach((item, index) => {
		// Item i starts once item i - limit has settled (whatever its outcome).
		const turn = index < limit ? Promise.resolve() : (slots[index - limit] as Promise<unknown>);
		const result = turn.then(() => run(item));
		slots.push(result.catch(() => undefined));
		results.set(item, result);
	});
	return results;
}

const bundle = (name: string) => readFileSync(`dist/embed-client/${name}.bundle.txt`);
const gzippedKB = (name: string) => gzipSync(bundle(name)).length / 1024;

/**
 * Gzipped ceilings in KB. Tables and maps meet the embeds-for-readers work's budgets (150 KB, 300 KB); line, bar,
 * pie and scatter pages take the overlay (no ECharts, a few KB). The ECharts families of those
 * kinds still draw small multiples, bar races, dot, range and arrow plots (and any page whose
 * drawing the overlay could not read), where ECharts 6 itself needs more than 150 KB (its core,
 * one chart type, the grid and the SVG renderer alone are 167 KB gzipped), so those ceilings
 * hold today's split against growth instead.
 */
const ceilings: Record<(typeof familyClients)[number] | "chart" | "overlay", number> = {
	overlay: 8,
	cartesian: 220,
	pie: 175,
	plane: 210,
	table: 150,
	other: 265,
	map: 300,
	chart: 290,
};

/**
 * Code no basic family may carry, by the ECharts class type names that survive minifying: maps'
 * geo, treemap, radar, candlestick, calendar (heatmap), single axis (themeriver), visual map.
 */
const heavyTypes = [
	'type="geo"',
	'type="treemap"',
	'type="radar"',
	'type="normalCandlestickBox"',
	'type="calendar"',
	'type="singleAxis"',
	'type="visualMap"',
];

describe("embed page clients", () => {
	for (const [name, ceiling] of Object.entries(ceilings)) {
		it(`${name} is at most ${ceiling} KB gzipped`, () => {
			const size = gzippedKB(name);
			assert.ok(size <= ceiling, `${name}.bundle.txt is ${size.toFixed(1)} KB gzipped, over ${ceiling} KB`);
		});
	}

	it("keeps map, candlestick, treemap, radar, calendar and themeriver code out of the line, bar, pie, scatter and table clients", () => {
		for (const name of ["cartesian", "pie", "plane", "table"]) {
			const text = bundle(name).toString("utf8");
			for (const type of heavyTypes) assert.ok(!text.includes(type), `${name} carries ${type}`);
		}
		// The map and other clients do carry them, so the check above can see them.
		assert.ok(bundle("map").toString("utf8").includes('type="geo"'));
		const other = bundle("other").toString("utf8");
		for (const type of heavyTypes.filter((type) => type !== 'type="geo"')) assert.ok(other.includes(type), `other lacks ${type}`);
	});

	it("draws no ECharts into the overlay client", () => {
		const text = bundle("overlay").toString("utf8");
		// zrender's and ECharts' own markers: the overlay only reads the server's drawing.
		for (const marker of ["zrender", "ECharts", 'type="grid"', "setOption"]) assert.ok(!text.includes(marker), `overlay carries ${marker}`);
		assert.ok(bundle("cartesian").toString("utf8").includes("setOption"), "the check can see ECharts where it is");
	});

	it("is much lighter than the client for every kind, which pages published before the split keep", () => {
		for (const name of ["cartesian", "pie", "plane", "table"])
			assert.ok(gzippedKB(name) < gzippedKB("chart") - 60, `${name} is not much lighter than chart`);
	});

	// A process per family, as many at a time as there are cores. The check is bundled once into
	// one file first: loaded through tsx, ECharts' ~900 modules cost each process 4–5 s of CPU;
	// bundled, 0.7 s. Bundling registers nothing: each process registers only its own family.
	const bundleDirectory = mkdtempSync(join(tmpdir(), "embed-family-check-"));
	const checkBundle = join(bundleDirectory, "embed-family-check.mjs");
	const bundled = build({
		entryPoints: ["test/node/console/helpers/embed-family-check.ts"],
		outfile: checkBundle,
		bundle: true,
		platform: "node",
		format: "esm",
		logLevel: "warning",
	});
	const checks = runEachLimited([...familyClients, "chart"], availableParallelism(), async (family) => {
		await bundled;
		const { stdout } = await execFileAsync(process.execPath, [checkBundle, family], { encoding: "utf8" });
		return stdout;
	});
	after(() => rmSync(bundleDirectory, { recursive: true, force: true }));
	for (const family of [...familyClients, "chart"]) {
		it(`${family} registers every ECharts part its kinds draw with`, async () => {
			const out = await (checks.get(family) as Promise<string>);
			const { kinds, missing } = JSON.parse(out) as { kinds: string[]; missing: string[] };
			assert.deepEqual(missing, []);
			// The family draws exactly the kinds whose pages name it.
			const named = Object.entries(kindClients)
				.filter(([, client]) => client === family)
				.map(([kind]) => kind);
			if (family === "chart")
				assert.deepEqual(
					kinds.toSorted(),
					Object.keys(kindClients)
						.filter((kind) => kind !== "map")
						.toSorted(),
				);
			else assert.deepEqual(kinds.toSorted(), named.toSorted());
		});
	}
});

/**
 * What the build writes to dist/embed-fonts/ (scripts/lib/embed-fonts.ts), written out here
 * rather than imported, so a font dropped from or renamed in the build fails this test.
 */
const embedFontSources = {
	"inter-400": "node_modules/@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf",
	"inter-600": "node_modules/@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf",
	"inter-700": "node_modules/@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf",
	"dejavu-sans-400": "node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf",
};

describe("embed page fonts", () => {
	it("are the TTFs the server draws with, as WOFF2 with the same glyphs and advances", () => {
		assert.deepEqual(
			readdirSync("dist/embed-fonts").sort(),
			Object.keys(embedFontSources)
				.map((name) => `${name}.woff2`)
				.sort(),
		);
		for (const [name, source] of Object.entries(embedFontSources)) {
			const woff2 = readFileSync(`dist/embed-fonts/${name}.woff2`);
			assert.equal(woff2.subarray(0, 4).toString("latin1"), "wOF2", `${name} is not WOFF2`);
			const ttf = readFileSync(source);
			assert.ok(woff2.length < ttf.length * 0.5, `${name} is ${woff2.length} bytes, not much smaller than its TTF`);
			const web = fontkit.create(woff2) as fontkit.Font;
			const drawn = fontkit.create(ttf) as fontkit.Font;
			assert.equal(web.familyName, drawn.familyName);
			assert.equal(web.numGlyphs, drawn.numGlyphs);
			const text = "Life expectancy 1990–2024 · Ωμέγα";
			assert.equal(web.layout(text).advanceWidth, drawn.layout(text).advanceWidth);
		}
	});
});
