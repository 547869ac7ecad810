/**
 * Demo charts for `npm start`, made through the running API with the editor's key the first time
 * the demo workspace has none, and published, so the printed embed URLs open as live charts.
 * Later starts list what is there and make nothing (the user's own charts are never touched).
 */

interface DemoChart {
	name: string;
	embedUrl: string | null;
}

const demoCharts = [
	{
		kind: "line",
		series: [{ statistic: "gapminder.life_expect.china" }, { source: "gapminder", select: { country: "India", indicator: "life_expect" } }],
		meta: { title: "Life expectancy at birth", subtitle: "Years", sourceText: "Source: Gapminder (vega-datasets)" },
	},
	{
		kind: "horizontal-bar",
		data: "party,seats 2022,seats 2026\nGreens,12,19\nLabour,41,38\nLiberals,27,30\nIndependents,5,8\n",
		meta: { title: "Seats by party", subtitle: "Demo data", mode: "dark" },
	},
	{
		kind: "map",
		data: "country,population (m)\nFRA,68.2\nDEU,84.5\nITA,58.9\nESP,48.4\nPOL,36.7\nUSA,335\nBRA,216\nIND,1429\nCHN,1410\nNGA,224\n",
		meta: { title: "Population", subtitle: "Millions, 2023", sourceText: "Demo data" },
	},
];

async function call<T>(base: string, key: string, method: string, path: string, body?: unknown): Promise<T> {
	const res = await fetch(`${base}${path}`, {
		method,
		headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
	return (await res.json()) as T;
}

export async function ensureDemoCharts(base: string, key: string): Promise<DemoChart[]> {
	const list = await call<{ charts: { name: string; published: { embedUrl: string } | null }[] }>(base, key, "GET", "/v1/charts");
	if (list.charts.length > 0) return list.charts.map((c) => ({ name: c.name, embedUrl: c.published?.embedUrl ?? null }));
	const made: DemoChart[] = [];
	for (const chart of demoCharts) {
		const created = await call<{ id: string; name: string }>(base, key, "POST", "/v1/charts", chart);
		const published = await call<{ embedUrl: string }>(base, key, "POST", `/v1/charts/${created.id}/publish`);
		made.push({ name: created.name, embedUrl: published.embedUrl });
	}
	return made;
}
