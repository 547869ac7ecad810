/**
 * The live preview (DESIGN D35): the chart drawn in the page by the server's own option builders
 * (loaded lazily, see preview/load-engine.ts) from the editor's copy of kind and meta, so every
 * edit redraws at once. A toolbar picks light or dark and a width (Fit, Tablet 768, Phone 390);
 * under the chart, what was drawn: series, rows and warnings.
 */
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import { drawingSize } from "../../../render/pixel-budget";
import { Icon } from "../../components/icon";
import { useMode } from "../../lib/mode";
import type { PreviewChart, PreviewSource } from "../../preview/engine";
import { loadEngine } from "../../preview/load-engine";
import { kindNames } from "./kind-info";

export type PreviewWidth = "auto" | "tablet" | "phone";
const widths: { value: PreviewWidth; label: string; px: number | null }[] = [
	{ value: "auto", label: "Fit", px: null },
	{ value: "tablet", label: "Tablet", px: 768 },
	{ value: "phone", label: "Phone", px: 390 },
];

const narrowScreen = window.matchMedia("(max-width: 900px)");

function plural(count: number, one: string, many: string): string {
	return `${count.toLocaleString()} ${count === 1 ? one : many}`;
}

/** The drawing's size: the chart's own aspect (meta w/h, else 800×500) at the chosen width, never wider than the frame. */
export function previewSize(meta: PreviewSource["meta"], choice: PreviewWidth, available: number): { width: number; height: number } {
	const own = drawingSize(meta, {});
	const wanted = widths.find((w) => w.value === choice)?.px ?? own.width;
	const width = Math.max(200, Math.min(wanted, Math.floor(available)));
	const height = Math.round((width * own.height) / own.width);
	// Narrow layouts grow taller rather than shrinking everything (D38).
	return { width, height: width < 480 ? Math.max(height, Math.min(own.height, 340)) : height };
}

export interface PreviewPaneProps {
	source: PreviewSource | null;
	/** A past version shown instead (History), with its number. */
	version: { number: number; source: PreviewSource | null } | null;
	onBackToCurrent(): void;
	loading: boolean;
	failure: string | null;
	hasData: boolean;
	/** Folded to a one-line bar (phone widths, while a step's text field has focus). */
	folded?: boolean;
	onUnfold?(): void;
}

export function PreviewPane({ source, version, onBackToCurrent, loading, failure, hasData, folded = false, onUnfold }: PreviewPaneProps) {
	const consoleMode = useMode();
	const [chosenMode, setChosenMode] = useState<"light" | "dark" | null>(null);
	const [width, setWidth] = useState<PreviewWidth>(narrowScreen.matches ? "phone" : "auto");
	const [available, setAvailable] = useState(0);
	const [notes, setNotes] = useState<string[]>([]);
	const [drawFailure, setDrawFailure] = useState<string | null>(null);
	const stage = useRef<HTMLDivElement>(null);
	const canvas = useRef<HTMLDivElement>(null);
	const chart = useRef<PreviewChart | null>(null);
	const drawCount = useRef(0);

	const shown = version ? version.source : source;
	const metaMode = shown?.meta.mode;
	const mode = chosenMode ?? (metaMode === "light" || metaMode === "dark" ? metaMode : consoleMode);

	useLayoutEffect(() => {
		const element = stage.current;
		if (!element) return;
		const measure = () => {
			const style = window.getComputedStyle(element);
			setAvailable(element.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight));
		};
		measure();
		const observer = new ResizeObserver(measure);
		observer.observe(element);
		return () => observer.disconnect();
	}, []);

	const size = shown ? previewSize(shown.meta, width, available || 800) : previewSize({}, width, available || 800);

	useEffect(() => {
		const element = canvas.current;
		if (!shown || !element || available === 0) return;
		const request = ++drawCount.current;
		loadEngine()
			.then(async (engine) => {
				if (request !== drawCount.current) return;
				chart.current ??= new engine.PreviewChart(element);
				const drawn = await chart.current.draw(shown, size, mode);
				if (request !== drawCount.current) return;
				setNotes(drawn.notes);
				setDrawFailure(null);
			})
			.catch((error: unknown) => {
				if (request !== drawCount.current) return;
				setNotes([]);
				setDrawFailure(error instanceof Error ? error.message : String(error));
			});
	}, [shown, size.width, size.height, mode, available]);

	useEffect(
		() => () => {
			chart.current?.dispose();
			chart.current = null;
		},
		[],
	);

	const rows = shown?.dataset.columns[0]?.values.length ?? 0;
	const warnings = drawFailure
		? [...notes, `The data cannot be drawn as a ${kindNames[shown?.kind ?? "line"].toLowerCase()} chart: ${drawFailure}`]
		: notes;
	const empty = !loading && !failure && !shown;

	return (
		<section class={`preview-pane${folded ? " folded" : ""}`} aria-label="Preview">
			<button
				type="button"
				class="button quiet preview-unfold"
				aria-expanded="false"
				onMouseDown={(event) => event.preventDefault()}
				onClick={onUnfold}
			>
				Preview <Icon name="chevronDown" />
			</button>
			<div class="preview-toolbar">
				<div class="segmented small" role="radiogroup" aria-label="Preview in light or dark">
					{(["light", "dark"] as const).map((value) => (
						<label key={value} class={mode === value ? "selected" : undefined} title={value === "light" ? "Preview light" : "Preview dark"}>
							<input type="radio" name="preview-mode" value={value} checked={mode === value} onChange={() => setChosenMode(value)} />
							<Icon name={value === "light" ? "sun" : "moon"} />
							<span class="visually-hidden">{value === "light" ? "Preview light" : "Preview dark"}</span>
						</label>
					))}
				</div>
				<div class="segmented small" role="radiogroup" aria-label="Preview width">
					{widths.map((option) => (
						<label key={option.value} class={width === option.value ? "selected" : undefined}>
							<input
								type="radio"
								name="preview-width"
								value={option.value}
								checked={width === option.value}
								onChange={() => setWidth(option.value)}
							/>
							{option.label}
							{option.px && <span class="visually-hidden"> ({option.px} pixels)</span>}
						</label>
					))}
				</div>
				<span class="meta-text preview-size tabular" title="The size the chart is drawn at, in pixels">
					{size.width} × {size.height}
				</span>
			</div>
			{version && (
				<div class="banner version-bar" role="status">
					<Icon name="history" />
					<span class="banner-text">Previewing version {version.number}</span>
					<button type="button" class="button" onClick={onBackToCurrent}>
						Back to current
					</button>
				</div>
			)}
			<div class="preview-stage" ref={stage} data-mode={mode}>
				<div
					class={`preview-canvas${!shown ? " placeholder" : ""}${loading && !shown ? " skeleton" : ""}`}
					style={{ width: `${size.width}px`, height: `${size.height}px` }}
				>
					<div
						ref={canvas}
						class="preview-drawing"
						// No synthesized bold or italic: a font without a bold face draws its title regular here,
						// as the PNG and PDF (which cannot synthesize one) do.
						style={{ fontSynthesis: "none" }}
						hidden={!shown}
						role="img"
						aria-label={shown?.meta.title ?? "Chart preview"}
					/>
					{empty && (
						<p class="preview-empty muted">
							{hasData ? "The data could not be loaded." : "No data yet. Add some in the Data step and the chart appears here."}
						</p>
					)}
					{failure && !shown && <p class="preview-empty error-text">The preview could not load: {failure}</p>}
				</div>
			</div>
			<div class="preview-facts meta-text">
				{shown ? (
					<>
						<span>{plural(shown.seriesNames.length, "series", "series")}</span>
						<span aria-hidden="true"> · </span>
						<span>{plural(rows, "row", "rows")}</span>
						<span aria-hidden="true"> · </span>
						{warnings.length === 0 ? (
							<span>0 warnings</span>
						) : (
							<details class="warnings">
								<summary>
									<Icon name="alert" /> {plural(warnings.length, "warning", "warnings")}
								</summary>
								<ul>
									{warnings.map((warning) => (
										<li key={warning}>{warning}</li>
									))}
								</ul>
							</details>
						)}
					</>
				) : (
					<span>{loading ? "Loading the preview…" : "Nothing to draw yet"}</span>
				)}
			</div>
		</section>
	);
}
