/**
 * Demo charts for `npm start`, made through the running API with the editor's key the first time
 * the demo workspace has none, filed in a few folders as a newsroom would, and most of them
 * published, so the printed embed URLs open as live charts and the console has drafts too.
 * Later starts list what is there and make nothing (the user's own charts are never touched).
 */

interface DemoChart {
	name: string;
	embedUrl: string | null;
}

/** Folder paths, parents first. */
const demoFolders = [["Elections"], ["Elections", "2026"], ["Economy"]];

interface DemoChartBody {
	kind: string;
	data?: string;
	series?: unknown[];
	meta: Record<string, unknown>;
	folder?: string[];
	draft?: boolean;
}

const demoCharts: DemoChartBody[] = [
	{
		kind: "line",
		series: [{ statistic: "gapminder.life_expect.china" }, { source: "gapminder", select: { country: "India", indicator: "life_expect" } }],
		meta: { title: "Life expectancy at birth", subtitle: "Years", sourceText: "Source: Gapminder (vega-datasets)" },
	},
	{
		kind: "horizontal-bar",
		data: "party,seats 2022,seats 2026\nGreens,12,19\nLabour,41,38\nLiberals,27,30\nIndependents,5,8\n",
		meta: { title: "Seats by party", subtitle: "Demo data", mode: "dark" },
		folder: ["Elections", "2026"],
	},
	{
		kind: "line",
		data: "month,Inflation,Core inflation\n2025-01,2.9,3.3\n2025-03,2.6,3.1\n2025-05,2.4,2.9\n2025-07,2.7,2.9\n2025-09,3.0,3.0\n2025-11,2.8,2.8\n2026-01,2.5,2.6\n2026-03,2.3,2.5\n2026-05,2.1,2.4\n2026-07,2.2,2.3\n2026-09,2.0,2.2\n",
		meta: { title: "Inflation is easing", subtitle: "Consumer prices, % change on a year earlier", sourceText: "Demo data" },
		folder: ["Economy"],
		draft: true,
	},
	{
		kind: "pie",
		data: "department,budget (bn)\nHealth,182\nEducation,104\nDefence,54\nTransport,38\nOther,97\n",
		meta: { title: "Where the budget goes", subtitle: "Billions, 2026", sourceText: "Demo data", donut: true },
		folder: ["Economy"],
	},
	{
		kind: "table",
		data: "district,turnout %,winner\nNorth,71.2,Labour\nSouth,64.8,Liberals\nEast,69.5,Greens\nWest,58.1,Labour\n",
		meta: { title: "Turnout by district", subtitle: "Demo data" },
		folder: ["Elections"],
		draft: true,
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

/** `folders: false` leaves every demo chart unfiled (tests that build their own folder tree). */
export async function ensureDemoCharts(base: string, key: string, options: { folders?: boolean } = {}): Promise<DemoChart[]> {
	const list = await call<{ charts: { name: string; published: { embedUrl: string } | null }[] }>(base, key, "GET", "/v1/charts");
	if (list.charts.length > 0) return list.charts.map((c) => ({ name: c.name, embedUrl: c.published?.embedUrl ?? null }));
	const folderIds = new Map<string, string>();
	for (const path of options.folders === false ? [] : demoFolders) {
		const parentId = folderIds.get(path.slice(0, -1).join("/")) ?? null;
		const folder = await call<{ id: string }>(base, key, "POST", "/v1/folders", { name: path[path.length - 1], parentId });
		folderIds.set(path.join("/"), folder.id);
	}
	const made: DemoChart[] = [];
	for (const { folder, draft, ...chart } of demoCharts) {
		const folderId = folder ? (folderIds.get(folder.join("/")) ?? null) : null;
		const created = await call<{ id: string; name: string }>(base, key, "POST", "/v1/charts", { ...chart, folderId });
		if (draft) {
			made.push({ name: created.name, embedUrl: null });
			continue;
		}
		const published = await call<{ embedUrl: string }>(base, key, "POST", `/v1/charts/${created.id}/publish`);
		made.push({ name: created.name, embedUrl: published.embedUrl });
	}
	return made;
}
