/**
 * "Your data (CSV)": a drop zone, "Choose a file" and a paste box, each sending the text as the
 * chart's data (`PUT /v1/charts/{id}/data`). A CSV the API refuses (422) goes back to the step,
 * parsed, to be shown as a table with the problem marked (tables.tsx); other failures are said
 * here. Files over the API's 10 MB limit are refused before sending.
 */
import { useRef, useState } from "preact/hooks";
import { Icon } from "../../../../components/icon";
import { announce } from "../../../../lib/announce";
import { ApiFailure, api, describeFailure } from "../../../../lib/api";
import type { Chart } from "../../../../lib/chart-types";
import { useEditor } from "../../editor-context";
import type { Refusal } from "./tables";

export function CsvInput({
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
		if (busy) return;
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
				<button
					type="button"
					class="button"
					aria-disabled={busy ? "true" : undefined}
					onClick={() => {
						if (!busy) fileInput.current?.click();
					}}
				>
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
				{/* Busy, the button stays focusable (aria-disabled, a press ignored): disabled, it would drop focus to the page. */}
				<button
					type="button"
					class="button primary"
					aria-disabled={busy ? "true" : undefined}
					onClick={() => {
						if (!busy) void send(text, "The pasted data");
					}}
				>
					{busy ? "Loading the data…" : "Use this data"}
				</button>
			</div>
		</div>
	);
}
