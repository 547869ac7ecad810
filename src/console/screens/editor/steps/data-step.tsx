/**
 * The Data step: your own CSV (paste, drop or choose a file → `PUT /v1/charts/{id}/data`) or
 * series from the statistics library (the chart's `series` references, saved by autosave).
 * The current data is an editable table (data/table-editor.tsx, saved as the chart's CSV) with
 * each column's detected type; linked data and library series show it read-only and say why. A
 * CSV the API refuses is shown as a table too, with the row and column the API names marked.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import type { Dataset } from "../../../../domain/dataset";
import { Icon } from "../../../components/icon";
import { announce } from "../../../lib/announce";
import { ApiFailure, api, describeFailure } from "../../../lib/api";
import type { Chart, SeriesReference } from "../../../lib/chart-types";
import { currentLocation } from "../../../lib/router";
import { useEditor } from "../editor-context";
import { kindLayouts, kindNames } from "../kind-info";
import { LinkedSource } from "./data/linked-source";
import { TableEditor } from "./data/table-editor";
import { type Refusal, RefusedTable } from "./data/tables";

interface Statistic {
	id: string;
	title: string;
	seriesName: string;
	source: { id: string; title: string };
	unit: string;
	frequency: string;
	firstPeriod: string | null;
	lastPeriod: string | null;
}

interface Source {
	id: string;
	title: string;
	attribution: string;
}

/** The API's message as a sentence (its messages may start with a field name in lower case). */
export function sentence(message: string): string {
	return message.charAt(0).toUpperCase() + message.slice(1);
}

function sourceNote(chart: Chart, dataset: Dataset | null, sources: Source[] | null): string | null {
	if (chart.seriesReferences.length > 0) {
		const ids = new Set(chart.seriesReferences.map((reference) => sourceIdOf(reference)));
		const named = (sources ?? []).filter((source) => ids.has(source.id));
		const count = `${chart.seriesReferences.length} ${chart.seriesReferences.length === 1 ? "series" : "series"} from the statistics library`;
		if (named.length === 0) return `${count}.`;
		return `${count}. Source: ${named.map((source) => source.attribution || source.title).join("; ")}.`;
	}
	if (!dataset) return null;
	const rows = dataset.columns[0]?.values.length ?? 0;
	const kind = chart.dataSource ? "Linked data, read from a URL" : "Your own data (CSV)";
	return `${kind}, ${rows.toLocaleString()} ${rows === 1 ? "row" : "rows"} × ${dataset.columns.length} ${dataset.columns.length === 1 ? "column" : "columns"}.`;
}

function sourceIdOf(reference: SeriesReference): string {
	if ("source" in reference) return reference.source;
	return reference.statistic.split(".")[0] ?? "";
}

/** A reference in words: the series name it resolved to, and the statistic or selection behind it. */
function referenceLabel(
	reference: SeriesReference,
	name: string | undefined,
	known: Map<string, Statistic>,
): { name: string; detail: string } {
	if ("statistic" in reference) {
		const statistic = known.get(reference.statistic);
		return { name: name ?? statistic?.seriesName ?? reference.statistic, detail: statistic?.title ?? reference.statistic };
	}
	const detail = `${reference.source}: ${Object.values(reference.select).join(", ")}`;
	return { name: name ?? detail, detail };
}

function CsvInput({
	onRefused,
	onUsed,
	onSending,
}: {
	onRefused: (refusal: Refusal | null) => void;
	onUsed(): void;
	/** Before the CSV is sent: the table's unsaved edits must not be saved over it. */
	onSending(): void;
}) {
	const { chart, adopt } = useEditor();
	const [text, setText] = useState("");
	const [busy, setBusy] = useState(false);
	const [dragging, setDragging] = useState(false);
	const [problem, setProblem] = useState<string | null>(null);
	const fileInput = useRef<HTMLInputElement>(null);

	async function send(csv: string, what: string) {
		if (!csv.trim()) {
			setProblem("There is nothing to use yet: paste a CSV with a header row, or choose a file.");
			return;
		}
		setBusy(true);
		setProblem(null);
		onSending();
		try {
			const answer = await api.put<Chart>(`/v1/charts/${encodeURIComponent(chart.id)}/data`, {
				text: { content: csv, type: "text/csv" },
			});
			adopt(answer.body, answer.etag);
			onRefused(null);
			onUsed();
			setText("");
			announce(`${what} is now the chart's data.`);
		} catch (error) {
			if (error instanceof ApiFailure && error.status === 422) {
				const { default: Papa } = await import("papaparse");
				const parsed = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ""), { header: false, skipEmptyLines: "greedy" });
				onRefused({
					message: error.message,
					row: typeof error.details?.row === "number" ? error.details.row : null,
					column: typeof error.details?.column === "string" ? error.details.column : null,
					rows: parsed.data.length > 0 ? parsed.data : null,
				});
				announce(`The data was not used: ${error.message}`);
			} else {
				setProblem(describeFailure(error));
				announce(`The data was not used: ${describeFailure(error)}`);
			}
		} finally {
			setBusy(false);
		}
	}

	async function readFile(file: File | undefined) {
		if (!file) return;
		if (file.size > 10 * 1024 * 1024) {
			setProblem(`${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; a CSV can be at most 10 MB.`);
			return;
		}
		await send(await file.text(), file.name);
	}

	return (
		<div class="csv-input">
			{/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for files; "Choose a file" inside is the keyboard way */}
			<div
				class={`drop-zone${dragging ? " dragging" : ""}${chart.hasData ? " compact" : ""}`}
				onDragOver={(event) => {
					event.preventDefault();
					setDragging(true);
				}}
				onDragLeave={() => setDragging(false)}
				onDrop={(event) => {
					event.preventDefault();
					setDragging(false);
					void readFile(event.dataTransfer?.files[0]);
				}}
			>
				<Icon name="upload" size={chart.hasData ? 18 : 24} />
				<p>
					<strong>Drop a CSV file here</strong>
					<span class="muted"> or </span>
				</p>
				<button type="button" class="button" disabled={busy} onClick={() => fileInput.current?.click()}>
					Choose a file
				</button>
				<input
					ref={fileInput}
					type="file"
					accept=".csv,.tsv,.txt,text/csv,text/plain"
					class="visually-hidden"
					tabIndex={-1}
					aria-label="CSV file"
					onChange={(event) => {
						void readFile(event.currentTarget.files?.[0]);
						event.currentTarget.value = "";
					}}
				/>
			</div>
			<div class="field">
				<label for="csv-paste">Paste CSV</label>
				<textarea
					id="csv-paste"
					class="textarea mono"
					rows={chart.hasData ? 5 : 8}
					value={text}
					data-native-undo=""
					spellcheck={false}
					placeholder={"year,China,India\n2000,71.4,62.9\n2005,72.9,64.8"}
					aria-describedby="csv-paste-hint"
					onInput={(event) => setText(event.currentTarget.value)}
				/>
				<span class="hint" id="csv-paste-hint">
					A header row, then one row per data point. Comma, semicolon or tab separated. This replaces the chart's data.
				</span>
			</div>
			{problem && (
				<p class="error-text" role="alert">
					{problem}
				</p>
			)}
			<div class="row-actions">
				<button type="button" class="button primary" disabled={busy} onClick={() => void send(text, "The pasted data")}>
					{busy ? "Loading the data…" : "Use this data"}
				</button>
			</div>
		</div>
	);
}

function LibraryInput() {
	const { chart, updateChart, fieldError } = useEditor();
	const [query, setQuery] = useState("");
	const [results, setResults] = useState<Statistic[] | null>(null);
	const [searching, setSearching] = useState(false);
	const [problem, setProblem] = useState<string | null>(null);
	const known = useRef(new Map<string, Statistic>());
	const references = chart.seriesReferences;
	const seriesError = fieldError("series");

	useEffect(() => {
		const words = query.trim();
		if (!words) {
			setResults(null);
			return;
		}
		const controller = new AbortController();
		const wait = window.setTimeout(() => {
			setSearching(true);
			api.get<{ statistics: Statistic[] }>(`/v1/statistics?search=${encodeURIComponent(words)}`, { signal: controller.signal }).then(
				({ body }) => {
					for (const statistic of body.statistics) known.current.set(statistic.id, statistic);
					setResults(body.statistics);
					setProblem(null);
					setSearching(false);
				},
				(error: unknown) => {
					if (error instanceof DOMException && error.name === "AbortError") return;
					setProblem(describeFailure(error));
					setSearching(false);
				},
			);
		}, 250);
		return () => {
			window.clearTimeout(wait);
			controller.abort();
		};
	}, [query]);

	const chosen = new Set(references.map((reference) => ("statistic" in reference ? reference.statistic : "")));

	return (
		<div class="library-input">
			{references.length > 0 && (
				<section aria-labelledby="chosen-series">
					<h3 id="chosen-series" class="section-label">
						Series in this chart
					</h3>
					<ul class="reference-list">
						{references.map((reference, index) => {
							const names = chart.series.length === references.length ? chart.series : [];
							const { name, detail } = referenceLabel(reference, names[index], known.current);
							const label = name;
							return (
								<li key={`${index}-${detail}`}>
									<span class="reference-name">
										<span>{name}</span>
										<span class="meta-text">{detail}</span>
									</span>
									<button
										type="button"
										class="button quiet icon"
										aria-label={`Remove ${label}`}
										title={`Remove ${label}`}
										onClick={() => updateChart({ series: references.filter((_, at) => at !== index) })}
									>
										<Icon name="close" />
									</button>
								</li>
							);
						})}
					</ul>
				</section>
			)}
			{seriesError && (
				<p class="error-text" role="alert">
					{seriesError}
				</p>
			)}
			<div class="field">
				<label for="library-search">Search the statistics library</label>
				<input
					id="library-search"
					class="input"
					type="search"
					value={query}
					data-native-undo=""
					placeholder="life expectancy china"
					onInput={(event) => setQuery(event.currentTarget.value)}
				/>
			</div>
			{problem && <p class="error-text">{problem}</p>}
			<div aria-live="polite" class="library-results">
				{searching && results === null && <p class="muted">Searching…</p>}
				{results && results.length === 0 && <p class="muted">Nothing matches “{query.trim()}”. Try fewer or shorter words.</p>}
				{results && results.length > 0 && (
					<ul class="statistic-list" aria-label="Statistics found">
						{results.map((statistic) => (
							<li key={statistic.id}>
								<div class="statistic-text">
									<span class="statistic-title">{statistic.title}</span>
									<span class="meta-text">
										{statistic.source.title} · {statistic.unit || statistic.frequency}
										{statistic.firstPeriod && statistic.lastPeriod ? ` · ${statistic.firstPeriod}–${statistic.lastPeriod}` : ""}
									</span>
								</div>
								{chosen.has(statistic.id) ? (
									<span class="meta-text added">
										<Icon name="check" /> Added
									</span>
								) : (
									<button
										type="button"
										class="button"
										aria-label={`Add ${statistic.title}`}
										onClick={() => {
											updateChart({ series: [...references, { statistic: statistic.id }] });
											announce(`${statistic.title} added`);
										}}
									>
										<Icon name="plus" /> Add
									</button>
								)}
							</li>
						))}
					</ul>
				)}
			</div>
		</div>
	);
}

/** Why the table cannot be edited here, or null when it can. */
export function readOnlyReason(chart: Chart): string | null {
	const linked = chart.dataSource;
	if (linked) {
		let host = linked.url;
		try {
			host = new URL(linked.url).host;
		} catch {
			// Shown as stored.
		}
		const every = linked.refreshMinutes ? ` every ${linked.refreshMinutes === 1 ? "minute" : `${linked.refreshMinutes} minutes`}` : "";
		return `This data is read from ${host}${every}, so edits here would be overwritten at the next read: change it at its source. You can still select and copy cells.`;
	}
	if (chart.seriesReferences.length > 0)
		return "These series come from the statistics library and are read afresh whenever the chart is drawn, so they cannot be edited here. To change numbers, copy the cells (Ctrl/Cmd+C) into a spreadsheet and paste them back as your own CSV.";
	return null;
}

/**
 * The chart's data as a table. Focus moves to it once it shows data other than `focusAfter` (after "Use this data" the button is disabled while sending, which left focus on
 * the page; the table is what the person wants to check next).
 */
function CurrentData({
	dataset,
	focusAfter,
	onFocused,
	control,
}: {
	dataset: Dataset;
	focusAfter?: Dataset | null;
	onFocused(): void;
	control?: { current: { discard(): void } | null };
}) {
	const { chart } = useEditor();
	const box = useRef<HTMLElement>(null);
	useEffect(() => {
		if (focusAfter === undefined || dataset === focusAfter) return;
		// The box, named "The chart's data", is read out first; an arrow key or Enter then moves into the grid.
		box.current?.focus();
		onFocused();
	}, [dataset, focusAfter]);
	const readOnly = readOnlyReason(chart);
	return (
		<section class="step-section" aria-labelledby="current-data">
			<h2 id="current-data" class="section-label">
				{readOnly ? "Current data" : "Check and edit the data"}
			</h2>
			<TableEditor dataset={dataset} readOnly={readOnly} boxRef={box} control={control} />
		</section>
	);
}

export function DataStep() {
	const { chart, preview } = useEditor();
	const fromLibrary = chart.seriesReferences.length > 0;
	// A chart made with "Search the statistics library" on the list opens on the library.
	const startsInLibrary = fromLibrary || (!chart.hasData && currentLocation().search.get("start") === "library");
	const [mode, setMode] = useState<"csv" | "library" | "url">(chart.dataSource ? "url" : startsInLibrary ? "library" : "csv");
	const [refusal, setRefusal] = useState<Refusal | null>(null);
	const [sources, setSources] = useState<Source[] | null>(null);
	const dataset = preview?.dataset ?? null;
	/** After "Use this data": the dataset shown before, so focus moves once the new one is drawn. */
	const [replacedData, setReplacedData] = useState<Dataset | null | undefined>(undefined);
	const table = useRef<{ discard(): void } | null>(null);

	useEffect(() => {
		if (!fromLibrary || sources) return;
		api.get<{ sources: Source[] }>("/v1/sources").then(
			({ body }) => setSources(body.sources),
			() => setSources([]),
		);
	}, [fromLibrary, sources]);

	const note = sourceNote(chart, dataset, sources);
	return (
		<div class="step-body">
			{note && (
				<p class="source-note">
					<Icon name="check" /> {note}
				</p>
			)}
			<div class="segmented" role="radiogroup" aria-label="Where the data comes from">
				{(
					[
						["csv", "Your data (CSV)"],
						["library", "Statistics library"],
						["url", "Link to a URL"],
					] as const
				).map(([value, label]) => (
					<label key={value} class={mode === value ? "selected" : undefined}>
						<input type="radio" name="data-mode" value={value} checked={mode === value} onChange={() => setMode(value)} />
						{label}
					</label>
				))}
			</div>
			{mode === "url" ? (
				<>
					<LinkedSource />
					{dataset && <CurrentData dataset={dataset} onFocused={() => undefined} />}
				</>
			) : mode === "csv" ? (
				<>
					{refusal && (
						<section class="refusal" aria-labelledby="refusal-title">
							<div class="banner error" role="alert">
								<Icon name="alert" />
								<div class="banner-text">
									<p id="refusal-title">
										<strong>
											This data was not used
											{refusal.row !== null ? `: row ${refusal.row}` : ""}
											{refusal.column !== null ? `${refusal.row !== null ? "," : ":"} column “${refusal.column}”` : ""}
										</strong>
									</p>
									<p>{sentence(refusal.message)}</p>
									<p class="muted">
										{/needs/.test(refusal.message)
											? ""
											: `A ${kindNames[chart.kind].toLowerCase()} chart needs ${kindLayouts[chart.kind]}. `}
										Fix the data and send it again, or pick another kind in the Chart step.
									</p>
								</div>
							</div>
							{refusal.rows && <RefusedTable refusal={refusal} />}
						</section>
					)}
					{dataset && !refusal && (
						<CurrentData dataset={dataset} focusAfter={replacedData} onFocused={() => setReplacedData(undefined)} control={table} />
					)}
					{!chart.hasData && !refusal && <p class="step-intro">Start with your data: drop a CSV file, choose one, or paste it below.</p>}
					{chart.hasData && (
						<h2 class="section-label replace-heading" id="replace-data">
							Replace the data
						</h2>
					)}
					<CsvInput onRefused={setRefusal} onUsed={() => setReplacedData(dataset)} onSending={() => table.current?.discard()} />
				</>
			) : (
				<>
					<LibraryInput />
					{dataset && <CurrentData dataset={dataset} onFocused={() => undefined} />}
				</>
			)}
		</div>
	);
}
