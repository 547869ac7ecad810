/**
 * The Data step: your own CSV (paste, drop or choose a file → `PUT /v1/charts/{id}/data`) or
 * series from the statistics library (the chart's `series` references, saved by autosave).
 * The current data is an editable table (data/table-editor.tsx, saved as the chart's CSV) with
 * each column's detected type; linked data and library series show it read-only and say why. A
 * CSV the API refuses is shown as a table too, with the row and column the API names marked.
 */
import { useEffect, useState } from "preact/hooks";
import type { Dataset } from "../../../../domain/dataset";
import { kindCatalog, kindPhrase } from "../../../../domain/kind-catalog";
import { Icon } from "../../../components/icon";
import { api } from "../../../lib/api";
import { currentLocation } from "../../../lib/router";
import { useEditor } from "../editor-context";
import { ColumnRolesPanel } from "./data/column-roles-panel";
import { CsvInput } from "./data/csv-input";
import { CurrentData } from "./data/current-data";
import { LibraryInput } from "./data/library-input";
import { LinkedSource } from "./data/linked-source";
import { type Source, sourceNote } from "./data/source-note";
import { useTableEditor } from "./data/table-context";
import { type Refusal, RefusedTable } from "./data/tables";

/** The API's message as a sentence (its messages may start with a field name in lower case). */
export function sentence(message: string): string {
	return message.charAt(0).toUpperCase() + message.slice(1);
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
	const table = useTableEditor();

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
			{mode !== "library" && <ColumnRolesPanel />}
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
										{/needs/.test(refusal.message) ? "" : `${kindPhrase(chart.kind, true)} needs ${kindCatalog[chart.kind].layout}. `}
										Fix the data and send it again, or pick another kind in the Chart step.
									</p>
								</div>
							</div>
							{refusal.rows && <RefusedTable refusal={refusal} />}
						</section>
					)}
					{dataset && !refusal && <CurrentData dataset={dataset} focusAfter={replacedData} onFocused={() => setReplacedData(undefined)} />}
					{!chart.hasData && !refusal && <p class="step-intro">Start with your data: drop a CSV file, choose one, or paste it below.</p>}
					{chart.hasData && (
						<h2 class="section-label replace-heading" id="replace-data">
							Replace the data
						</h2>
					)}
					<CsvInput onRefused={setRefusal} onUsed={() => setReplacedData(dataset)} onSending={() => table.save.discard()} />
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
