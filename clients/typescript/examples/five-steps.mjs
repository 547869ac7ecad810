// The five steps of docs/clients.md: make a chart from rows, publish it, export a PNG, list it,
// and catch a typed NotFound. CHARTS_URL and CHARTS_KEY name the service and the key.
import { writeFile } from "node:fs/promises";
import { ChartsClient, NotFound } from "@charts-service/client";

const client = new ChartsClient({ baseUrl: process.env.CHARTS_URL, apiKey: process.env.CHARTS_KEY });

// 1. A chart from your own rows (or CSV text).
const chart = await client.charts.create({
	kind: "horizontal-bar",
	data: [
		{ party: "Labour", seats: 412 },
		{ party: "Conservative", seats: 121 },
		{ party: "Lib Dem", seats: 72 },
	],
	meta: { title: "Who won the seats" },
});
// 2. Publish: a live embed with a stable URL.
const { embedUrl } = await client.charts.publish(chart.id);
// 3. Export a PNG (a Uint8Array; exportBlob answers a Blob).
const png = await client.charts.export(chart.id, "png");
await writeFile("seats.png", png);
// 4. List the workspace's charts.
const listed = await client.charts.list({ search: "Who won" });
// 5. Errors are typed.
let notFound = false;
try {
	await client.charts.get("ch_does_not_exist");
} catch (error) {
	if (!(error instanceof NotFound)) throw error;
	notFound = error.status === 404;
}
console.log(JSON.stringify({ id: chart.id, embedUrl, pngBytes: png.length, listed: listed.some((c) => c.id === chart.id), notFound }));
