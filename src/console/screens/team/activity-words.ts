/**
 * An activity entry in words (docs/console.md, Teams): who did what to which thing
 * ("ana@example.org published “Unemployment by state”"), and where the thing is when it can be
 * opened. Pure, so every action's wording is unit-tested.
 */
import type { ActivityEntry } from "../../lib/team-api";

export interface ActivityWords {
	/** "You", the actor's email, or who it was when the account is gone. */
	who: string;
	/** What was done, before the target ("published"). */
	did: string;
	/** The thing it was done to, quoted when it is a name; null when the action has none. */
	what: string | null;
	/** Words after the target ("to a data source"). */
	after: string;
	/** The console's page for the target, when it still has one. */
	href: string | null;
}

interface ActionWords {
	did: string;
	unnamed?: string;
	before?: string;
	after?: string;
	/** When the service itself did it (no actor): who that is and why. */
	bySystem?: { who: string; after: string };
}

/** Each action the API records: what it reads as, and what the target is called when it has no name. */
const actions: Record<string, ActionWords> = {
	"chart.created": { did: "created", unnamed: "a chart" },
	"chart.published": { did: "published", unnamed: "a chart" },
	"chart.unpublished": { did: "unpublished", unnamed: "a chart" },
	"chart.deleted": { did: "deleted", unnamed: "a chart" },
	"chart.restored": { did: "restored", unnamed: "a chart" },
	"chart.data_linked": { did: "linked", unnamed: "a chart", after: " to a data source" },
	"member.invited": { did: "invited", unnamed: "someone" },
	"member.joined": { did: "joined the workspace" },
	"member.removed": { did: "removed", unnamed: "a member", after: " from the workspace" },
	"member.left": { did: "left the workspace" },
	"member.role_changed": { did: "changed the role of", unnamed: "a member" },
	"key.created": { did: "created", before: "the API key ", unnamed: "an API key" },
	"key.revoked": { did: "revoked", before: "the API key ", unnamed: "an API key" },
	"assistant.connected": { did: "connected", before: "the assistant ", unnamed: "an assistant" },
	"assistant.disconnected": {
		did: "disconnected",
		before: "the assistant ",
		unnamed: "an assistant",
		// A used code or refresh token came back (src/oauth/token.ts): likely copied, so the connection ended.
		bySystem: { who: "The service", after: ": a sign-in code or token it had used was presented again" },
	},
	"sign_in.new_device": { did: "signed in on a new device" },
};

/** The actions to filter by, in the order the filter lists them, with their names. */
export const actionFilters: readonly { action: string; label: string }[] = [
	{ action: "chart.created", label: "Chart created" },
	{ action: "chart.published", label: "Chart published" },
	{ action: "chart.unpublished", label: "Chart unpublished" },
	{ action: "chart.deleted", label: "Chart deleted" },
	{ action: "chart.restored", label: "Chart restored" },
	{ action: "chart.data_linked", label: "Chart linked to data" },
	{ action: "member.invited", label: "Member invited" },
	{ action: "member.joined", label: "Member joined" },
	{ action: "member.removed", label: "Member removed" },
	{ action: "member.left", label: "Member left" },
	{ action: "member.role_changed", label: "Role changed" },
	{ action: "key.created", label: "Key created" },
	{ action: "key.revoked", label: "Key revoked" },
	{ action: "assistant.connected", label: "Assistant connected" },
	{ action: "assistant.disconnected", label: "Assistant disconnected" },
	{ action: "sign_in.new_device", label: "New device" },
];

/** People's names are their emails; a quoted name is a chart's, a key's or an assistant's, an email stands as it is. */
function named(target: NonNullable<ActivityEntry["target"]>): string {
	const name = target.name?.trim();
	if (!name) return "";
	return target.type === "member" || target.type === "invitation" ? name : `“${name}”`;
}

export function activityWords(entry: ActivityEntry, yourAccountId: string): ActivityWords {
	const known = actions[entry.action];
	const bySystem = entry.actor === null ? known?.bySystem : undefined;
	const who =
		bySystem?.who ??
		(entry.actor === null ? "Someone no longer here" : entry.actor.accountId === yourAccountId ? "You" : entry.actor.email);
	if (!known) return { who, did: entry.action.replaceAll("_", " ").replaceAll(".", ": "), what: null, after: "", href: null };
	const target = entry.target;
	const name = target ? named(target) : "";
	const what = known.unnamed === undefined ? null : name ? `${known.before ?? ""}${name}` : known.unnamed;
	// A deleted chart has no editor page to open; every other chart entry links to its chart.
	const href = target?.type === "chart" && entry.action !== "chart.deleted" ? `/charts/${encodeURIComponent(target.id)}` : null;
	return { who, did: known.did, what, after: bySystem?.after ?? known.after ?? "", href };
}

/** The whole sentence, for screen readers and tests: "You published “Seats by party”". */
export function activitySentence(words: ActivityWords): string {
	return `${words.who} ${words.did}${words.what ? ` ${words.what}` : ""}${words.after}`;
}
