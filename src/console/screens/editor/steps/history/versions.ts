/** A chart's versions (`GET /v1/charts/{id}/versions`, D12) in words. */

export interface Version {
	version: number;
	action: string;
	authorAccountId: string;
	createdAt: string;
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

/** "You" for the signed-in account, else "A teammate" (the id is shown on hover). */
export function authorInWords(authorAccountId: string, signedInAccountId: string): string {
	return authorAccountId === signedInAccountId ? "You" : "A teammate";
}
