/**
 * The workspace's activity (`/activity`, docs/console.md, Teams): newest first, each entry in
 * words with its time, chart entries linking to the chart; filtered by person and by action,
 * 50 at a time with "Load more" following the API's cursor.
 */
import "./team.css";
import { useEffect, useRef, useState } from "preact/hooks";
import { LoadingRows, RetryBanner } from "../../components/list-states";
import { When } from "../../components/when";
import { describeFailure } from "../../lib/api";
import { Link } from "../../lib/router";
import { useSession } from "../../lib/session";
import { type ActivityEntry, type ActivityFilter, type Member, teamApi } from "../../lib/team-api";
import { actionFilters, activityWords } from "./activity-words";

function Entry({ entry, you }: { entry: ActivityEntry; you: string }) {
	const words = activityWords(entry, you);
	return (
		<li class="activity-row">
			<span class="activity-text">
				{words.who} {words.did}
				{words.what && " "}
				{words.what && (words.href ? <Link href={words.href}>{words.what}</Link> : words.what)}
				{words.after}
			</span>
			<span class="meta-text">
				<When iso={entry.at} never="" />
			</span>
		</li>
	);
}

export function ActivityScreen() {
	const { session } = useSession();
	const [filter, setFilter] = useState<ActivityFilter>({});
	const [entries, setEntries] = useState<ActivityEntry[] | null>(null);
	const [cursor, setCursor] = useState<string | null>(null);
	const [loadingMore, setLoadingMore] = useState(false);
	const [error, setError] = useState<string | null>(null);
	const [members, setMembers] = useState<Member[]>([]);
	// Answers to an earlier filter are dropped: only the latest request's page is shown.
	const latest = useRef(0);

	const loadPage = (from: string | null) => {
		const ticket = ++latest.current;
		setError(null);
		if (from) setLoadingMore(true);
		else setEntries(null);
		teamApi.activity(filter, from).then(
			(page) => {
				if (ticket !== latest.current) return;
				setEntries((shown) => (from ? [...(shown ?? []), ...page.activity] : page.activity));
				setCursor(page.nextCursor);
				setLoadingMore(false);
			},
			(failure: unknown) => {
				if (ticket !== latest.current) return;
				setError(describeFailure(failure));
				setLoadingMore(false);
			},
		);
	};
	useEffect(() => loadPage(null), [filter.accountId, filter.action]);
	useEffect(() => {
		teamApi.members().then(setMembers, () => setMembers([]));
	}, []);

	const filtered = Boolean(filter.accountId || filter.action);
	return (
		<section class="activity-screen" aria-labelledby="activity-title">
			<header class="screen-header">
				<div>
					<h1 id="activity-title">Activity</h1>
					<p class="muted">Who did what in the workspace, newest first.</p>
				</div>
			</header>
			<div class="activity-filters">
				<div class="field">
					<label for="activity-person">Person</label>
					<select
						id="activity-person"
						class="select"
						value={filter.accountId ?? ""}
						onChange={(e) => setFilter({ ...filter, accountId: e.currentTarget.value || undefined })}
					>
						<option value="">Everyone</option>
						{members.map((member) => (
							<option key={member.accountId} value={member.accountId}>
								{member.you ? `You (${member.email})` : member.email}
							</option>
						))}
					</select>
				</div>
				<div class="field">
					<label for="activity-action">Action</label>
					<select
						id="activity-action"
						class="select"
						value={filter.action ?? ""}
						onChange={(e) => setFilter({ ...filter, action: e.currentTarget.value || undefined })}
					>
						<option value="">Every action</option>
						{actionFilters.map((option) => (
							<option key={option.action} value={option.action}>
								{option.label}
							</option>
						))}
					</select>
				</div>
			</div>
			{error && (
				<RetryBanner message={`The activity could not be loaded: ${error}`} onRetry={() => loadPage(entries && cursor ? cursor : null)} />
			)}
			{entries === null && !error && <LoadingRows label="Loading the activity" frameClass="panel" rowClass="key-row" />}
			{entries?.length === 0 && (
				<p class="muted">{filtered ? "Nothing matches these filters." : "Nothing has happened in the workspace yet."}</p>
			)}
			{entries && entries.length > 0 && (
				<ol class="activity-list panel" aria-label="Activity, newest first">
					{entries.map((entry) => (
						<Entry key={entry.id} entry={entry} you={session.accountId} />
					))}
				</ol>
			)}
			{cursor && entries && (
				<button type="button" class="button activity-more" disabled={loadingMore} onClick={() => loadPage(cursor)}>
					{loadingMore ? "Loading…" : "Load more"}
				</button>
			)}
		</section>
	);
}
