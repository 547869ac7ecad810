/**
 * Publish & export: publish or republish the live embed (D17), its URL and iframe snippet with a
 * copy button, unpublish, and PNG / SVG / PDF / CSV downloads with D16's options.
 */
import { useEffect, useId, useRef, useState } from "preact/hooks";
import { ConfirmDialog } from "../../../components/dialog";
import { Icon } from "../../../components/icon";
import { announce } from "../../../lib/announce";
import { ApiFailure, api, describeFailure } from "../../../lib/api";
import type { Chart } from "../../../lib/chart-types";
import { useEditor } from "../editor-context";
import type { Version } from "./history/versions";
import { changesSincePublished, lastPublishedVersion } from "./history/versions";
import type { ExportFormat, ExportSettings } from "./publish/downloads";
import { describeExportFailure, download, worthRetrying } from "./publish/downloads";
import { type EmbedSnippets, embedSnippets } from "./publish/embed-code";
import { EmbedCode } from "./publish/embed-code-panel";
import "./steps.css";

function publishFailure(error: unknown): string {
	if (error instanceof ApiFailure) {
		if (error.status === 412)
			return "The chart changed since this page loaded it (perhaps in another tab), so nothing was published. Reload the chart and publish again.";
		if (error.code === "export_busy" || error.status === 503) {
			const wait = error.retryAfter ?? 5;
			return `Other charts are being drawn right now. Try again in ${wait} second${wait === 1 ? "" : "s"}.`;
		}
	}
	return describeFailure(error);
}

const formats: { id: ExportFormat; label: string; hint: string }[] = [
	{ id: "png", label: "PNG", hint: "An image for the web and social media" },
	{ id: "svg", label: "SVG", hint: "A vector drawing to edit in Illustrator or Figma" },
	{ id: "pdf", label: "PDF", hint: "A vector file for print" },
	{ id: "csv", label: "CSV", hint: "The data as the chart shows it" },
];

function SizeInput({
	label,
	value,
	placeholder,
	onChange,
}: {
	label: string;
	value?: number;
	placeholder: number;
	onChange(n?: number): void;
}) {
	const id = useId();
	const [text, setText] = useState(value ? String(value) : "");
	const n = Number(text);
	const problem = text !== "" && (!Number.isFinite(n) || n < 100 || n > 4000) ? "Enter 100 to 4000." : null;
	return (
		<div class="field">
			<label for={id}>{label}</label>
			<input
				id={id}
				class="input number-input"
				type="number"
				min={100}
				max={4000}
				step={1}
				value={text}
				placeholder={String(placeholder)}
				aria-invalid={problem ? "true" : undefined}
				aria-describedby={problem ? `${id}-error` : undefined}
				onInput={(event) => {
					const raw = (event.currentTarget as HTMLInputElement).value;
					setText(raw);
					const next = Number(raw);
					onChange(raw !== "" && Number.isFinite(next) && next >= 100 && next <= 4000 ? next : undefined);
				}}
			/>
			{problem && (
				<p class="error-text" id={`${id}-error`}>
					{problem}
				</p>
			)}
		</div>
	);
}

export function Downloads({ chart, saved }: { chart: Chart; saved: boolean }) {
	const ids = useId();
	const [format, setFormat] = useState<ExportFormat>("png");
	const [settings, setSettings] = useState<ExportSettings>({ scale: 2 });
	const [busy, setBusy] = useState(false);
	const [result, setResult] = useState<{ kind: "ok" | "error"; text: string; warnings?: string[]; retry?: boolean } | null>(null);
	const drawing = format !== "csv";
	const metaW = typeof chart.meta.w === "number" ? chart.meta.w : 800;
	const metaH = typeof chart.meta.h === "number" ? chart.meta.h : 500;
	const set = (patch: Partial<ExportSettings>) => setSettings((old) => ({ ...old, ...patch }));
	const run = async () => {
		setBusy(true);
		setResult(null);
		try {
			const { name, warnings } = await download(chart.id, format, settings);
			setResult({ kind: "ok", text: `Downloaded ${name}.`, warnings });
			announce(`Downloaded ${name}`);
		} catch (error) {
			const text = describeExportFailure(error);
			setResult({ kind: "error", text, retry: worthRetrying(error) });
			announce(text);
		} finally {
			setBusy(false);
		}
	};
	const label = formats.find((f) => f.id === format)?.label ?? format;
	return (
		<section class="step-block" aria-labelledby={`${ids}-heading`}>
			<h2 id={`${ids}-heading`} class="section-label">
				Download
			</h2>
			{!chart.hasData && <p class="meta-text">Add data in the Data step to download the chart.</p>}
			<fieldset class="field">
				<legend class="field-label">Format</legend>
				<div class="segmented wide">
					{formats.map((f) => (
						<label key={f.id} class="segment" title={f.hint}>
							<input type="radio" name={`${ids}-format`} value={f.id} checked={format === f.id} onChange={() => setFormat(f.id)} />
							<span>{f.label}</span>
						</label>
					))}
				</div>
				<p class="hint">{formats.find((f) => f.id === format)?.hint}</p>
			</fieldset>
			{drawing && (
				<div class="download-options">
					<div class="two-up">
						<SizeInput label="Width (px)" value={settings.w} placeholder={metaW} onChange={(w) => set({ w })} />
						<SizeInput label="Height (px)" value={settings.h} placeholder={metaH} onChange={(h) => set({ h })} />
					</div>
					{format === "png" && (
						<div class="field">
							<label for={`${ids}-scale`}>Resolution</label>
							<select
								id={`${ids}-scale`}
								class="select"
								value={String(settings.scale ?? 2)}
								onChange={(event) => set({ scale: Number((event.currentTarget as HTMLSelectElement).value) })}
							>
								{[1, 2, 3, 4].map((scale) => (
									<option key={scale} value={String(scale)}>
										{scale}× ({(settings.w ?? metaW) * scale} × {(settings.h ?? metaH) * scale} px){scale === 2 ? " · default" : ""}
									</option>
								))}
							</select>
						</div>
					)}
					<fieldset class="field">
						<legend class="field-label">Colours</legend>
						<div class="segmented">
							{(
								[
									["", "Chart’s own"],
									["light", "Light"],
									["dark", "Dark"],
								] as const
							).map(([mode, text]) => (
								<label key={mode} class="segment">
									<input
										type="radio"
										name={`${ids}-mode`}
										checked={(settings.mode ?? "") === mode}
										onChange={() => set({ mode: mode || undefined })}
									/>
									<span>{text}</span>
								</label>
							))}
						</div>
					</fieldset>
					<label class="checkbox">
						<input
							type="checkbox"
							checked={!!settings.transparent}
							onChange={(event) => set({ transparent: (event.currentTarget as HTMLInputElement).checked })}
						/>
						Transparent background
					</label>
				</div>
			)}
			<div class="row">
				{/* Busy, the button stays focusable (aria-disabled, a press ignored): disabled, it would drop focus to the page. */}
				<button
					type="button"
					class="button"
					disabled={!chart.hasData}
					aria-disabled={busy ? "true" : undefined}
					onClick={() => {
						if (!busy) void run();
					}}
				>
					<Icon name="download" />
					{busy ? `Preparing ${label}…` : `Download ${label}`}
				</button>
				{!saved && <span class="meta-text">Downloads use the last saved version.</span>}
			</div>
			{result && (
				<div class={`banner ${result.kind === "error" ? "error" : "ok"}`} role={result.kind === "error" ? "alert" : "status"}>
					<span class="banner-text">
						{result.text}
						{result.warnings && result.warnings.length > 0 && (
							<>
								{" "}
								The file notes:
								<ul class="warnings">
									{result.warnings.map((warning) => (
										<li key={warning}>{warning}</li>
									))}
								</ul>
							</>
						)}
					</span>
					{result.retry && (
						<button type="button" class="button" onClick={() => void run()}>
							Try again
						</button>
					)}
				</div>
			)}
		</section>
	);
}

export function PublishStep() {
	const editor = useEditor();
	const { chart } = editor;
	const [published, setPublished] = useState<number | null>(null);
	const [since, setSince] = useState<{ changes: string[]; more: number }>({ changes: [], more: 0 });
	const [snippets, setSnippets] = useState<EmbedSnippets | null>(null);
	const [busy, setBusy] = useState<"publish" | "unpublish" | null>(null);
	const [error, setError] = useState<string | null>(null);
	const [confirming, setConfirming] = useState(false);
	const headingId = useId();
	const step = useRef<HTMLDivElement>(null);
	/** Where focus goes once publishing ends (the button was disabled meanwhile, so focus was lost). */
	const [focusNext, setFocusNext] = useState<"copy" | "publish" | null>(null);
	useEffect(() => {
		if (!focusNext || busy) return;
		// Published: copying the embed code is the next thing to do. Refused: back to the button.
		const name = focusNext === "copy" ? "Copy embed code" : null;
		const buttons = Array.from(step.current?.querySelectorAll<HTMLButtonElement>("button") ?? []);
		const target = name
			? buttons.find((button) => button.textContent?.trim() === name)
			: step.current?.querySelector<HTMLButtonElement>(".publish-button");
		target?.focus();
		setFocusNext(null);
	}, [focusNext, busy, chart.published?.embedUrl]);

	const loadVersions = () =>
		api.get<{ versions: Version[] }>(`/v1/charts/${encodeURIComponent(chart.id)}/versions`).then(
			({ body }) => {
				setPublished(lastPublishedVersion(body.versions));
				setSince(changesSincePublished(body.versions));
			},
			() => {
				setPublished(null);
				setSince({ changes: [], more: 0 });
			},
		);
	// Reloaded after each saved change too, so "what changed since" follows the edits.
	useEffect(() => {
		void loadVersions();
	}, [chart.id, chart.published?.embedUrl, chart.version]);

	const adoptFresh = async () => {
		const { body, etag } = await api.get<Chart>(`/v1/charts/${encodeURIComponent(chart.id)}`);
		editor.adopt(body, etag);
		await loadVersions();
	};

	const publish = async () => {
		setBusy("publish");
		setError(null);
		try {
			const { body } = await api.post<{ embedUrl: string } & EmbedSnippets>(
				`/v1/charts/${encodeURIComponent(chart.id)}/publish`,
				undefined,
				{
					ifMatch: editor.etag || undefined,
				},
			);
			setSnippets({ iframe: body.iframe, responsiveIframe: body.responsiveIframe });
			await adoptFresh();
			announce(chart.published ? "Republished: the embed shows the latest version" : "Published");
			setFocusNext("copy");
		} catch (failure) {
			const text = publishFailure(failure);
			setError(text);
			announce(text);
			setFocusNext("publish");
		} finally {
			setBusy(null);
		}
	};

	const unpublish = async () => {
		setBusy("unpublish");
		setError(null);
		try {
			const { body, etag } = await api.delete<Chart>(`/v1/charts/${encodeURIComponent(chart.id)}/publish`, {
				ifMatch: editor.etag || undefined,
			});
			editor.adopt(body, etag);
			setSnippets(null);
			setConfirming(false);
			await loadVersions();
			announce("Unpublished: the embed no longer shows the chart");
		} catch (failure) {
			setConfirming(false);
			const text = publishFailure(failure);
			setError(text);
			announce(text);
		} finally {
			setBusy(null);
		}
	};

	const saving = editor.saveState === "saving" || editor.saveState === "unsaved";
	const url = chart.published?.embedUrl ?? null;
	const changedSince = url && published !== null && chart.version > published;
	return (
		<div class="step publish-step" ref={step}>
			<section class="step-block" aria-labelledby={headingId}>
				<div class="publish-status">
					<h2 id={headingId} class="section-label">
						Live embed
					</h2>
					{url ? (
						<span class="status-pill published">
							<Icon name="check" size={14} /> Published{published !== null ? ` · last published version ${published}` : ""}
						</span>
					) : (
						<span class="status-pill">Draft</span>
					)}
				</div>
				<p class="meta-text">
					{url
						? changedSince
							? "You changed the chart since it was published. Republish to update it in every article that embeds it."
							: "Articles that embed this chart show it as published. Republishing updates them in place; the link stays the same."
						: "Publishing makes a live embed: a link and a code for your article. It stays private until then."}
				</p>
				{changedSince && since.changes.length > 0 && (
					<div class="changes-since">
						<p class="meta-text" id={`${headingId}-since`}>
							Changed since version {published}:
						</p>
						<ul class="changes-since-list" aria-labelledby={`${headingId}-since`}>
							{since.changes.map((change, i) => (
								// Two versions may say the same thing; their place in the list tells them apart.
								<li key={`${i}:${change}`}>{change}</li>
							))}
							{since.more > 0 && <li>and {since.more === 1 ? "1 more change" : `${since.more} more changes`} (see History)</li>}
						</ul>
					</div>
				)}
				<div class="row">
					<button
						type="button"
						class="button primary publish-button"
						disabled={busy !== null || saving || !chart.hasData}
						onClick={() => void publish()}
					>
						{busy === "publish" ? (url ? "Republishing…" : "Publishing…") : url ? "Republish" : "Publish"}
					</button>
					{url && (
						<button type="button" class="button quiet danger-text" disabled={busy !== null} onClick={() => setConfirming(true)}>
							Unpublish
						</button>
					)}
					{saving && <span class="meta-text">Saving your last change…</span>}
					{!chart.hasData && <span class="meta-text">Add data in the Data step first.</span>}
				</div>
				{error && (
					<div class="banner error" role="alert">
						<span class="banner-text">{error}</span>
						{error.startsWith("The chart changed") && (
							<button type="button" class="button" onClick={() => void adoptFresh().then(() => setError(null))}>
								Reload the chart
							</button>
						)}
					</div>
				)}
				{url && <EmbedCode url={url} snippets={snippets ?? embedSnippets(chart.meta, chart.name, url)} />}
			</section>
			<Downloads chart={chart} saved={!saving} />
			<ConfirmDialog
				title={`Unpublish “${chart.name}”?`}
				open={confirming}
				confirmLabel="Unpublish"
				danger
				busy={busy === "unpublish"}
				onConfirm={() => void unpublish()}
				onClose={() => setConfirming(false)}
			>
				<p>
					The embed stops working: every article that embeds this chart shows an empty frame instead of it. The chart stays here, and
					publishing again brings the embed back at the same link.
				</p>
			</ConfirmDialog>
		</div>
	);
}
