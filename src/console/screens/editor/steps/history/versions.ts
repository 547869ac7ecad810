/** A chart's versions (`GET /v1/charts/{id}/versions`, D12) in words. */

export interface Version {
	version: number;
	action: string;
	authorAccountId: string;
	createdAt: string;
	/** What it changed, in words (the API says the action in words for versions older than summaries). */
	summary?: string;
	/** The oldest version this item covers: one person's autosaves of one field within a minute are one item. */
	firstVersion?: number;
}

/** The API's version actions (`src/db/charts.ts`, `ChartAction`) in words. */
export const actionWords: Record<string, string> = {
	create: "Created",
	update: "Edited settings",
	move: "Moved to another folder",
	data: "Replaced data",
	publish: "Published",
	unpublish: "Unpublished",
	restore: "Restored an earlier version",
	refresh: "Data refreshed",
};

export function actionInWords(action: string): string {
	return actionWords[action] ?? action.charAt(0).toUpperCase() + action.slice(1);
}

/** The version the embed shows: the newest publish, unless an unpublish came after it. */
export function lastPublishedVersion(versions: readonly Pick<Version, "version" | "action">[]): number | null {
	const newestFirst = [...versions].sort((a, b) => b.version - a.version);
	const last = newestFirst.find((v) => v.action === "publish" || v.action === "unpublish");
	return last?.action === "publish" ? last.version : null;
}

/** What the versions after the last publish changed, newest first, at most `shown` of them (and how many more). */
export function changesSincePublished(
	versions: readonly Pick<Version, "version" | "action" | "summary" | "firstVersion">[],
	shown = 5,
): { changes: string[]; more: number } {
	const published = lastPublishedVersion(versions);
	if (published === null) return { changes: [], more: 0 };
	const since = [...versions]
		.sort((a, b) => b.version - a.version)
		.filter((v) => v.version > published && v.action !== "publish" && v.action !== "unpublish")
		.map(versionInWords);
	return { changes: since.slice(0, shown), more: Math.max(0, since.length - shown) };
}

/** Authors that are not people: the scheduled redraws of linked data and library statistics. */
const systemAuthors: Record<string, string> = {
	"system:linked-data": "Automatic refresh",
	"system:library": "Statistics library",
};

/** "You" for the signed-in account, a scheduled refresh by name, else "A teammate" (the id is shown on hover). */
export function authorInWords(authorAccountId: string, signedInAccountId: string): string {
	if (authorAccountId === signedInAccountId) return "You";
	return systemAuthors[authorAccountId] ?? "A teammate";
}

/** What a version changed: its summary, or the action in words from an API without summaries. */
export function versionInWords(version: Pick<Version, "action" | "summary">): string {
	return version.summary?.trim() ? version.summary : actionInWords(version.action);
}

/** "v7" for a version alone, "v4–7" for autosaves listed as one item. */
export function versionLabel(version: Pick<Version, "version" | "firstVersion">): string {
	const first = version.firstVersion ?? version.version;
	return first < version.version ? `v${first}–${version.version}` : `v${version.version}`;
}
