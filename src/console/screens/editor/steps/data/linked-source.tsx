/**
 * "Link to a URL" in the Data step: link the chart to a CSV or JSON file on the web
 * (`PUT /v1/charts/{id}/data` with `{ url, refreshMinutes }`), then see how its reads go (last
 * read, last change, the last error in words) and read it now (`POST …/data/refresh`). A
 * published chart's embed follows the file by itself; this is where a person checks on it.
 */
import { useState } from "preact/hooks";
import { Icon } from "../../../../components/icon";
import { announce } from "../../../../lib/announce";
import { ApiFailure, api, describeFailure } from "../../../../lib/api";
import type { Chart } from "../../../../lib/chart-types";
import { exactTime, timeAgo } from "../../../../lib/format";
import { useEditor } from "../../editor-context";
import "./linked-source.css";

type DataSource = NonNullable<Chart["dataSource"]>;

const intervals: [minutes: number, label: string][] = [
	[1, "Every minute"],
	[5, "Every 5 minutes"],
	[15, "Every 15 minutes"],
	[60, "Every hour"],
	[360, "Every 6 hours"],
	[1440, "Once a day"],
];

function intervalLabel(minutes: number): string {
	return intervals.find(([m]) => m === minutes)?.[1] ?? `Every ${minutes} minutes`;
}

const statusWords: Record<NonNullable<DataSource["lastStatus"]>, string> = {
	ok: "new data read",
	unchanged: "no change",
	failed: "failed",
};

function When({ iso }: { iso: string | null }) {
	if (!iso) return <span>never</span>;
	return (
		<time dateTime={iso} title={exactTime(iso)}>
			{timeAgo(iso)}
		</time>
	);
}

/** The link's state: what it reads, how often, how the last read went. */
function SourceStatus({ source }: { source: DataSource }) {
	return (
		<>
			<dl class="linked-status">
				<div>
					<dt>Linked to</dt>
					<dd>
						<a href={source.url} target="_blank" rel="noopener noreferrer" class="linked-url">
							{source.url}
						</a>
					</dd>
				</div>
				<div>
					<dt>Reads</dt>
					<dd>{intervalLabel(source.refreshMinutes)}</dd>
				</div>
				<div>
					<dt>Last read</dt>
					<dd>
						<When iso={source.lastFetchedAt} />
						{source.lastStatus && <span class={`linked-outcome ${source.lastStatus}`}> · {statusWords[source.lastStatus]}</span>}
					</dd>
				</div>
				<div>
					<dt>Last change</dt>
					<dd>
						<When iso={source.lastChangedAt} />
					</dd>
				</div>
				<div>
					<dt>Next read</dt>
					<dd>
						<When iso={source.nextRefreshAt} />
					</dd>
				</div>
			</dl>
			{source.lastStatus === "failed" && source.lastError && (
				<div class="banner error linked-error">
					<Icon name="alert" />
					<div class="banner-text">
						<p>
							<strong>The last read failed.</strong> {source.lastError}
						</p>
						<p class="muted">The chart keeps its last good data; reads slow down while the file keeps failing.</p>
					</div>
				</div>
			)}
		</>
	);
}

export function LinkedSource() {
	const { chart, adopt } = useEditor();
	const source = chart.dataSource;
	const [editing, setEditing] = useState(source === null);
	const [url, setUrl] = useState(source?.url ?? "");
	const [minutes, setMinutes] = useState(source?.refreshMinutes ?? 5);
	const [busy, setBusy] = useState<"link" | "refresh" | null>(null);
	const [problem, setProblem] = useState<string | null>(null);
	const chartPath = `/v1/charts/${encodeURIComponent(chart.id)}`;

	async function link(event: Event) {
		event.preventDefault();
		if (!url.trim()) {
			setProblem("Give the address of a CSV or JSON file, starting with https://");
			return;
		}
		setBusy("link");
		setProblem(null);
		try {
			const answer = await api.put<Chart>(`${chartPath}/data`, {
				text: { content: JSON.stringify({ url: url.trim(), refreshMinutes: minutes }), type: "application/json" },
			});
			adopt(answer.body, answer.etag);
			setEditing(false);
			announce("The chart is linked; its data was read from the URL.");
		} catch (error) {
			const message = describeFailure(error);
			const where =
				error instanceof ApiFailure && typeof error.details?.row === "number"
					? ` (row ${error.details.row}${typeof error.details.column === "string" ? `, column “${error.details.column}”` : ""})`
					: "";
			setProblem(`${message}${where}`);
			announce(`The chart was not linked: ${message}`);
		} finally {
			setBusy(null);
		}
	}

	async function refresh() {
		setBusy("refresh");
		setProblem(null);
		try {
			const answer = await api.post<Chart>(`${chartPath}/data/refresh`);
			adopt(answer.body, answer.etag);
			const status = answer.body.dataSource?.lastStatus;
			announce(
				status === "failed"
					? `The read failed: ${answer.body.dataSource?.lastError ?? ""}`
					: status === "ok"
						? "New data was read."
						: "The file has not changed.",
			);
		} catch (error) {
			setProblem(describeFailure(error));
		} finally {
			setBusy(null);
		}
	}

	return (
		<section class="linked-source step-section" aria-labelledby="linked-source-title">
			<h2 id="linked-source-title" class="section-label">
				Linked data
			</h2>
			{source && !editing && (
				<>
					<SourceStatus source={source} />
					<div class="row-actions">
						<button type="button" class="button primary" disabled={busy !== null} onClick={() => void refresh()}>
							{busy === "refresh" ? "Reading…" : "Refresh now"}
						</button>
						<button type="button" class="button" disabled={busy !== null} onClick={() => setEditing(true)}>
							Change the link
						</button>
					</div>
				</>
			)}
			{editing && (
				<form class="linked-form" onSubmit={(event) => void link(event)}>
					{!source && (
						<p class="step-intro">
							Read the chart's data from a CSV or JSON file on the web, now and then on a schedule. A published chart follows the file
							without being published again.
						</p>
					)}
					<div class="field">
						<label for="linked-url">File address (URL)</label>
						<input
							id="linked-url"
							class="input mono"
							type="url"
							inputMode="url"
							value={url}
							data-native-undo=""
							spellcheck={false}
							placeholder="https://example.org/results.csv"
							aria-describedby="linked-url-hint"
							aria-invalid={problem ? "true" : undefined}
							onInput={(event) => setUrl(event.currentTarget.value)}
						/>
						<span class="hint" id="linked-url-hint">
							A public http(s) address of a CSV, or JSON rows. A Google Sheet published to the web (File › Share › Publish to web) works. Up
							to 10 MB, in the layout of the chart's kind.
						</span>
					</div>
					<div class="field">
						<label for="linked-interval">Read it</label>
						<select
							id="linked-interval"
							class="select"
							value={String(minutes)}
							onChange={(event) => setMinutes(Number(event.currentTarget.value))}
						>
							{intervals.map(([m, label]) => (
								<option key={m} value={String(m)}>
									{label}
								</option>
							))}
						</select>
					</div>
					<div class="row-actions">
						<button type="submit" class="button primary" disabled={busy !== null}>
							{busy === "link" ? "Reading the file…" : source ? "Link this file instead" : "Link and read now"}
						</button>
						{source && (
							<button type="button" class="button" disabled={busy !== null} onClick={() => setEditing(false)}>
								Cancel
							</button>
						)}
					</div>
				</form>
			)}
			{problem && (
				<p class="error-text" role="alert">
					{problem}
				</p>
			)}
		</section>
	);
}
