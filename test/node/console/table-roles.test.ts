/**
 * What the editor's preview draws of a table (src/console/preview/drawn-table.ts) and the kinds
 * the Chart step suggests for it (src/console/preview/table-kinds.ts): the projection of the
 * roles as edited, the server's drawn table when they do not draw, and kinds that fit first.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { drawnTableOf } from "../../../src/console/preview/drawn-table.ts";
import { suggestedKinds } from "../../../src/console/preview/table-kinds.ts";
import { parseCsv } from "../../../src/domain/csv-parse.ts";

const long = parseCsv("country,year,lifeExp\nChile,1997,75.8\nChile,2002,77.9\nPeru,1997,68.4\nPeru,2002,69.9\n");
const election = parseCsv(
	"Wahlkreis,Land,CDU,SPD,Grüne\nFlensburg,SH,28.1,24.3,21\nNordfriesland,SH,31.4,25,15.2\nAachen I,NRW,25.6,22.1,24.9\n",
);
const names = (columns: { name: string }[]) => columns.map((column) => column.name);

describe("the preview's drawn table", () => {
	it("pivots a long table one series per country without meta.columns", () => {
		const drawn = drawnTableOf("line", long, {}, { drawn: null, seriesNames: [] });
		assert.deepEqual(names(drawn.dataset.columns), ["year", "Chile", "Peru"]);
		assert.deepEqual(drawn.seriesNames, ["Chile", "Peru"]);
	});

	it("draws the roles as edited, before they are saved", () => {
		const drawn = drawnTableOf("horizontal-bar", election, { columns: { x: "Land", y: ["CDU"] } }, { drawn: null, seriesNames: [] });
		assert.deepEqual(names(drawn.dataset.columns), ["Land", "CDU"]);
		assert.deepEqual(drawn.seriesNames, ["CDU"]);
	});

	it("keeps the server's drawn table when the roles do not draw", () => {
		const server = { drawn: parseCsv("Wahlkreis,CDU\nFlensburg,28.1\n"), seriesNames: ["CDU"] };
		const drawn = drawnTableOf("horizontal-bar", election, { columns: { x: "Wahlkreis", y: ["Land"] } }, server);
		assert.equal(drawn.dataset, server.drawn);
		assert.deepEqual(drawn.seriesNames, ["CDU"]);
	});
});

describe("the kinds that fit a table", () => {
	it("suggests bars first for labels with numbers, not a line", () => {
		const kinds = suggestedKinds(election);
		assert.equal(kinds[0], "horizontal-bar");
		assert.ok(!kinds.includes("line"), kinds.join(", "));
	});

	it("suggests a line first for a period column or a long table", () => {
		assert.equal(suggestedKinds(parseCsv("year,China,India\n2000,71.4,62.9\n2005,72.9,64.8\n"))[0], "line");
		assert.equal(suggestedKinds(long)[0], "line");
	});

	it("suggests a scatter beside two or three measures with labels, a pie beside one", () => {
		assert.ok(suggestedKinds(parseCsv("country,gdp,lifeExp\nChile,10,78\nPeru,5,71\nGhana,2,60\n")).includes("scatter"));
		assert.ok(suggestedKinds(parseCsv("party,share\nSPD,25.7\nCDU,28\n")).includes("pie"));
	});
});
