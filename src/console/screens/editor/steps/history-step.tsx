/**
 * History: the chart's versions (what each changed, who, when; D12), any of
 * them shown in the preview, and restore, which brings a version back as a new version (nothing
 * is lost). One person's autosaves of one field within a minute come as one item ("v4–7").
 */
import { useEffect, useId, useRef, useState } from "preact/hooks";
import { ConfirmDialog } from "../../../components/dialog";
import { Icon } from "../../../components/icon";
import { announce } from "../../../lib/announce";
import { ApiFailure, api, describeFailure } from "../../../lib/api";
import type { Chart } from "../../../lib/chart-types";
import { exactTime, timeAgo } from "../../../lib/format";
import { useSession } from "../../../lib/session";
import { useEditor } from "../editor-context";
import type { Version } from "./history/versions";
import { authorInWords, versionInWords, versionLabel } from "./history/versions";
import "./steps.css";
import "./history/history.css";

type Load = { state: "loading" } | { state: "failed"; message: string } | { state: "ready"; versions: Version[] };

/** The frame's optional extra: which version the preview shows. */
type MaybePreviewed = { previewedVersion?: number | null };

export function HistoryStep() {
	const editor = useEditor();
	const { chart } = editor;
	const { session } = useSession();
	const [load, setLoad] = useState<Load>({ state: "loading" });
	const [localSelected, setLocalSelected] = useState<number | null>(null);
	const [confirming, setConfirming] = useState<number | null>(null);
	const [busy, setBusy] = useState(false);
	const [problem, setProblem] = useState<{ text: string; conflict: boolean } | null>(null);
	const listRef = useRef<HTMLOListElement>(null);
	const headingId = useId();

	const frameSelected = (editor as unknown as MaybePreviewed).previewedVersion;
	const selected = frameSelected !== undefined ? frameSelected : localSelected;

	const refresh = async () => {
		try {
			const { body } = await api.get<{ versions: Version[] }>(`/v1/charts/${encodeURIComponent(chart.id)}/versions`);
			setLoad({ state: "ready", versions: [...body.versions].sort((a, b) => b.version - a.version) });
		} catch (error) {
			setLoad({ state: "failed", message: describeFailure(error) });
		}
	};
	// Every saved change is a version: the list follows the chart's version.
	useEffect(() => {
		void refresh();
	}, [chart.id, chart.version]);
	// Leaving the step shows the current chart again.
	useEffect(() => () => editor.previewVersion(null), []);

	const select = (version: number | null) => {
		setLocalSelected(version);
		editor.previewVersion(version);
		announce(version === null ? "The preview shows the current chart" : `The preview shows version ${version}`);
	};

	const restore = async (version: number) => {
		setBusy(true);
		setProblem(null);
		try {
			const { body, etag } = await api.post<Chart>(`/v1/charts/${encodeURIComponent(chart.id)}/versions/${version}/restore`, undefined, {
				ifMatch: editor.etag || undefined,
			});
			setConfirming(null);
			setLocalSelected(null);
			editor.previewVersion(null);
			editor.adopt(body, etag);
			await refresh();
			announce(`Version ${version} restored as version ${body.version}`);
		} catch (error) {
			setConfirming(null);
			const conflict = error instanceof ApiFailure && error.status === 412;
			const text = conflict
				? "Someone else changed this chart since you opened it, so nothing was restored. The list now shows their changes; reload the chart, then restore again if you still want to."
				: describeFailure(error);
			setProblem({ text, conflict });
			announce(text);
			if (conflict) await refresh();
		} finally {
			setBusy(false);
		}
	};

	const reload = async () => {
		try {
			const { body, etag } = await api.get<Chart>(`/v1/charts/${encodeURIComponent(chart.id)}`);
			editor.adopt(body, etag);
			setProblem(null);
		} catch (error) {
			setProblem({ text: describeFailure(error), conflict: false });
		}
	};

	/** Arrow keys move between versions (docs/design.md#console-keyboard). */
	const onKeyDown = (event: KeyboardEvent) => {
		if (!["ArrowDown", "ArrowUp", "Home", "End"].includes(event.key)) return;
		const buttons = [...(listRef.current?.querySelectorAll<HTMLButtonElement>("button.version-select") ?? [])];
		const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
		if (index < 0) return;
		event.preventDefault();
		const next =
			event.key === "Home"
				? 0
				: event.key === "End"
					? buttons.length - 1
					: Math.min(buttons.length - 1, Math.max(0, index + (event.key === "ArrowDown" ? 1 : -1)));
		buttons[next]?.focus();
	};

	const saving = editor.saveState === "saving" || editor.saveState === "unsaved";
	const author = (id: string) => authorInWords(id, session.accountId);

	return (
		<div class="step history-step">
			<section class="step-block" aria-labelledby={headingId}>
				<h2 id={headingId} class="section-label">
					Versions
				</h2>
				<p class="meta-text">
					Every saved change is a version, with what it changed, who and when. Pick one to see it in the preview; restoring it adds a new
					version, so nothing is lost.
				</p>
				{problem && (
					<div class="banner error" role="alert">
						<span class="banner-text">{problem.text}</span>
						{problem.conflict && (
							<button type="button" class="button" onClick={() => void reload()}>
								Reload the chart
							</button>
						)}
					</div>
				)}
				{load.state === "loading" && (
					<ul class="versions" aria-busy="true" aria-label="Loading versions">
						{[0, 1, 2, 3].map((i) => (
							<li key={i} class="version-skeleton">
								<span class="skeleton line" />
							</li>
						))}
					</ul>
				)}
				{load.state === "failed" && (
					<div class="banner error" role="alert">
						<span class="banner-text">The versions could not be loaded: {load.message}</span>
						<button type="button" class="button" onClick={() => void refresh()}>
							Try again
						</button>
					</div>
				)}
				{load.state === "ready" && (
					<ol class="versions" ref={listRef} aria-label="Versions, newest first" onKeyDown={onKeyDown}>
						{load.versions.map((version, i) => {
							const current = i === 0;
							const isSelected = current ? selected === null : selected === version.version;
							const what = versionInWords(version);
							return (
								<li key={version.version} class={`version${isSelected ? " selected" : ""}`}>
									<button
										type="button"
										class="version-select"
										aria-pressed={isSelected}
										// Named by what it shows ("v3 Updated Current You · 2 min ago"), not a label of its own
										// that a person using speech input could not say from the screen. The spaces keep the
										// parts apart in that name; the grid lays the parts out.
										onClick={() => select(current ? null : version.version)}
									>
										<span class="version-number tabular">{versionLabel(version)}</span>{" "}
										<span class="version-what">
											<span class="version-summary">{what}</span>
											{current && " "}
											{current && <span class="set-badge">Current</span>}
										</span>{" "}
										<span class="version-meta meta-text">
											<span title={version.authorAccountId === session.accountId ? undefined : `Account ${version.authorAccountId}`}>
												{author(version.authorAccountId)}
											</span>
											{" · "}
											<time dateTime={version.createdAt} title={exactTime(version.createdAt)}>
												{timeAgo(version.createdAt)}
											</time>
										</span>
									</button>
									{isSelected && !current && (
										<div class="version-actions">
											<span class="meta-text">
												<Icon name="history" size={14} /> The preview shows this version.
											</span>
											<div class="row">
												<button
													type="button"
													class="button primary"
													disabled={busy || saving}
													onClick={() => setConfirming(version.version)}
												>
													Restore this version
												</button>
												<button type="button" class="button quiet" onClick={() => select(null)}>
													Back to current
												</button>
											</div>
											{saving && <span class="meta-text">Saving your last change…</span>}
										</div>
									)}
								</li>
							);
						})}
					</ol>
				)}
			</section>
			<ConfirmDialog
				title={`Restore version ${confirming ?? ""}?`}
				open={confirming !== null}
				confirmLabel="Restore"
				busy={busy}
				onConfirm={() => confirming !== null && void restore(confirming)}
				onClose={() => setConfirming(null)}
			>
				<p>
					The chart’s data, kind and settings go back to how they were in version {confirming}. This is saved as a new version, so the
					current version stays in the history.
					{chart.published ? " The published embed does not change until you publish again." : ""}
				</p>
			</ConfirmDialog>
		</div>
	);
}
