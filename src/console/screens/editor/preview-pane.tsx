/**
 * The live preview (docs/design.md#d35): the chart drawn in the page by the server's own option builders
 * (loaded lazily, see preview/load-engine.ts) from the editor's copy of kind and meta, so every
 * edit redraws at once. A toolbar picks light or dark, a width (Fit, Tablet 768, Phone 390 or a
 * custom width, drawn as the embed draws for a reader that wide: preview-layout.ts), a simulated
 * colour-vision deficiency, and "Add note" to place notes on the chart (annotation-layer.tsx).
 * Under the chart, what was drawn (series, rows, warnings) and the colour checks.
 */
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import type { ColorCheck } from "../../../domain/color-checks";
import { kindPhrase } from "../../../domain/kind-catalog";
import type { Annotation } from "../../../domain/meta-settings";
import { Icon } from "../../components/icon";
import { useMode } from "../../lib/mode";
import type { PreviewChart, PreviewSource } from "../../preview/engine";
import { loadEngine } from "../../preview/load-engine";
import { AnnotationLayer } from "./annotation-layer";
import { ColorChecksPanel } from "./color-checks-panel";
import { CvdFilters, filterId, type Simulation, simulations } from "./cvd-filters";
import { useEditor } from "./editor-context";
import type { PreviewWidth } from "./preview-layout";
import { clampCustomWidth, customWidthRange, presetWidths, previewLayout } from "./preview-layout";
import "./preview.css";

const narrowScreen = window.matchMedia("(max-width: 900px)");

function plural(count: number, one: string, many: string): string {
	return `${count.toLocaleString()} ${count === 1 ? one : many}`;
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
	/** A viewer's preview: no notes to place, no colour to apply. */
	readOnly?: boolean;
}

export function PreviewPane({
	source,
	version,
	onBackToCurrent,
	loading,
	failure,
	hasData,
	folded = false,
	onUnfold,
	readOnly = false,
}: PreviewPaneProps) {
	const editor = useEditor();
	const consoleMode = useMode();
	const [chosenMode, setChosenMode] = useState<"light" | "dark" | null>(null);
	const [width, setWidth] = useState<PreviewWidth>(narrowScreen.matches ? "phone" : "auto");
	const [customWidth, setCustomWidth] = useState(480);
	const [customText, setCustomText] = useState("480");
	const [simulation, setSimulation] = useState<Simulation>("none");
	const [placing, setPlacing] = useState(false);
	const [miss, setMiss] = useState<string | null>(null);
	const [available, setAvailable] = useState(0);
	const [notes, setNotes] = useState<string[]>([]);
	const [checks, setChecks] = useState<ColorCheck[] | null>(null);
	const [drawFailure, setDrawFailure] = useState<string | null>(null);
	const [drawn, setDrawn] = useState(0);
	const stage = useRef<HTMLDivElement>(null);
	const canvas = useRef<HTMLDivElement>(null);
	const chart = useRef<PreviewChart | null>(null);
	const drawCount = useRef(0);
	const checkCount = useRef(0);

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

	// A table's height is its rows', measured by the engine once it has loaded (then drawn again).
	const [engine, setEngine] = useState<Awaited<ReturnType<typeof loadEngine>> | null>(null);
	useEffect(() => {
		if (shown?.kind === "table" && !engine) void loadEngine().then(setEngine, () => undefined);
	}, [shown?.kind]);
	const fitHeight =
		engine && shown?.kind === "table" ? (box: { width: number; height: number }) => engine.contentHeight(shown, box) : undefined;
	const layout = previewLayout(shown ?? { kind: "line", meta: {} }, width, customWidth, available || 800, fitHeight);
	const size = layout.drawing;

	useEffect(() => {
		const element = canvas.current;
		if (!shown || !element || available === 0) return;
		const request = ++drawCount.current;
		loadEngine()
			.then(async (engine) => {
				if (request !== drawCount.current) return;
				chart.current ??= new engine.PreviewChart(element);
				const result = await chart.current.draw(shown, size, mode);
				if (request !== drawCount.current) return;
				setNotes(result.notes);
				setDrawFailure(null);
				setDrawn(request);
			})
			.catch((error: unknown) => {
				if (request !== drawCount.current) return;
				setNotes([]);
				setDrawFailure(error instanceof Error ? error.message : String(error));
			});
	}, [shown, size.width, size.height, mode, available]);

	// The colour checks of what is shown, in both modes, as the API computes them.
	useEffect(() => {
		if (!shown) {
			setChecks(null);
			return;
		}
		const request = ++checkCount.current;
		loadEngine()
			.then((engine) => engine.colorChecks(shown))
			.then((found) => {
				if (request === checkCount.current) setChecks(found);
			})
			.catch(() => {
				// The data cannot be drawn: the drawing's own failure says so; nothing to check.
				if (request === checkCount.current) setChecks(null);
			});
	}, [shown]);

	// Esc stops placing notes, wherever the focus is.
	useEffect(() => {
		if (!placing) return;
		const stop = (event: KeyboardEvent) => {
			if (event.key === "Escape") setPlacing(false);
		};
		window.addEventListener("keydown", stop);
		return () => window.removeEventListener("keydown", stop);
	}, [placing]);

	useEffect(
		() => () => {
			chart.current?.dispose();
			chart.current = null;
		},
		[],
	);

	const rows = shown?.dataset.columns[0]?.values.length ?? 0;
	const warnings = drawFailure ? [...notes, `The data cannot be drawn as ${kindPhrase(shown?.kind ?? "line")}: ${drawFailure}`] : notes;
	const empty = !loading && !failure && !shown;
	const editable = !readOnly && !version && Boolean(source);
	const canPlace = editable && drawn > 0 && !drawFailure && chart.current?.hasPlot() === true;
	const annotations: readonly Annotation[] = source?.meta.annotations ?? [];
	const labelOf = (series: string) => source?.meta.seriesStyle?.[series]?.label?.trim() || series;
	const frameScale = layout.shown * (layout.frame.width / layout.drawing.width);
	const readerWidth = width === "auto" ? null : layout.frame.width;

	return (
		<section class={`preview-pane${folded ? " folded" : ""}`} aria-label="Preview">
			<CvdFilters />
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
					{[...presetWidths, { value: "custom" as const, label: "Custom", px: null }].map((option) => (
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
				{width === "custom" && (
					<label class="custom-width">
						<span class="visually-hidden">Custom preview width in pixels</span>
						<input
							class="input"
							type="number"
							inputMode="numeric"
							min={customWidthRange.min}
							max={customWidthRange.max}
							step={10}
							value={customText}
							onInput={(event) => {
								const text = event.currentTarget.value;
								setCustomText(text);
								const value = Number(text);
								if (text !== "" && value >= customWidthRange.min && value <= customWidthRange.max) setCustomWidth(Math.round(value));
							}}
							onBlur={() => {
								const value = clampCustomWidth(Number(customText));
								setCustomWidth(value);
								setCustomText(String(value));
							}}
						/>
						<span aria-hidden="true">px</span>
					</label>
				)}
				<label class="simulate" title="See the chart as a reader with a colour-vision deficiency does (green-, red- or blue-blind)">
					<span class="visually-hidden">Simulate colour vision</span>
					<select class="select" value={simulation} onChange={(event) => setSimulation(event.currentTarget.value as Simulation)}>
						{simulations.map((option) => (
							<option key={option.value} value={option.value}>
								{option.label}
							</option>
						))}
					</select>
				</label>
				{editable && (
					<button
						type="button"
						class={`button small${placing ? " selected" : ""}`}
						aria-pressed={placing}
						disabled={!canPlace}
						title={canPlace ? "Click on the chart to place a note; Esc stops" : "Notes go on charts with x and y axes"}
						onClick={() => {
							setMiss(null);
							setPlacing(!placing);
						}}
					>
						<Icon name="plus" /> Add note
					</button>
				)}
				<span class="meta-text preview-size tabular" title="The size the chart is drawn at, in pixels">
					{size.width} × {size.height}
				</span>
			</div>
			<WidthClasses
				classes={layout.classes}
				current={layout.classWidth}
				readerWidth={readerWidth}
				shown={layout.shown}
				onPick={(px) => {
					setWidth("custom");
					setCustomWidth(px);
					setCustomText(String(px));
				}}
			/>
			{version && (
				<div class="banner version-bar" role="status">
					<Icon name="history" />
					<span class="banner-text">Previewing version {version.number}</span>
					<button type="button" class="button" onClick={onBackToCurrent}>
						Back to current
					</button>
				</div>
			)}
			{(placing || miss) && (
				<p class="meta-text placing-hint" role="status">
					{miss ?? "Click on the chart where the note goes. It snaps to the category and value under the pointer. Esc stops."}
				</p>
			)}
			<div class="preview-stage" ref={stage} data-mode={mode}>
				<div
					class={`preview-canvas${!shown ? " placeholder" : ""}${loading && !shown ? " skeleton" : ""}`}
					style={{
						width: `${Math.round(layout.frame.width * layout.shown)}px`,
						height: `${Math.round(layout.frame.height * layout.shown)}px`,
					}}
				>
					<div
						class="preview-scaled"
						style={{
							width: `${size.width}px`,
							height: `${size.height}px`,
							transform: frameScale === 1 ? undefined : `scale(${frameScale})`,
						}}
					>
						<div
							ref={canvas}
							class="preview-drawing"
							// No synthesized bold or italic: a font without a bold face draws its title regular here,
							// as the PNG and PDF (which cannot synthesize one) do.
							style={{ fontSynthesis: "none", filter: simulation === "none" ? undefined : `url(#${filterId(simulation)})` }}
							hidden={!shown}
							role="img"
							aria-label={shown?.meta.title ?? "Chart preview"}
						/>
						{editable && shown && drawn > 0 && (
							<AnnotationLayer
								annotations={annotations}
								chart={chart.current}
								drawn={drawn}
								size={size}
								placing={placing}
								onPlaced={() => setPlacing(false)}
								onChange={(next) => {
									setMiss(null);
									editor.updateMeta({ annotations: next.length > 0 ? next : null });
								}}
								onMiss={setMiss}
							/>
						)}
					</div>
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
						{checks && checks.length > 0 && (
							<>
								<span aria-hidden="true"> · </span>
								<button
									type="button"
									class="link-button colour-count"
									onClick={() => document.getElementById("color-checks-title")?.scrollIntoView({ block: "nearest" })}
								>
									<Icon name="alert" /> {plural(checks.length, "colour warning", "colour warnings")}
								</button>
							</>
						)}
					</>
				) : (
					<span>{loading ? "Loading the preview…" : "Nothing to draw yet"}</span>
				)}
			</div>
			{shown && checks && (
				<ColorChecksPanel
					checks={checks}
					labelOf={labelOf}
					readOnly={!editable}
					onUse={(series, color) => editor.updateMeta({ seriesStyle: { [series]: { color } } })}
				/>
			)}
		</section>
	);
}

interface WidthClassesProps {
	classes: readonly number[];
	current: number;
	/** The reader's frame width previewed, or null for Fit. */
	readerWidth: number | null;
	shown: number;
	onPick(px: number): void;
}

/** The embed's width classes, the one a reader at the previewed width gets marked; each previews that width. */
function WidthClasses({ classes, current, readerWidth, shown, onPick }: WidthClassesProps) {
	const own = classes.at(-1);
	return (
		<div class="width-classes meta-text">
			<span id="width-classes-label">Embed layouts</span>
			<ul class="width-class-list" aria-labelledby="width-classes-label">
				{classes.map((px) => (
					<li key={px}>
						<button
							type="button"
							class={`width-class${px === current ? " current" : ""}`}
							aria-current={px === current ? "true" : undefined}
							title={px === own ? "The chart's own width: readers at this width or wider" : `Readers from ${px} px`}
							onClick={() => onPick(px)}
						>
							<span class="tabular">{px}</span>
							<span class="visually-hidden"> pixels{px === own ? ", the chart's own width" : ""}</span>
						</button>
					</li>
				))}
			</ul>
			<span class="width-class-says" aria-live="polite">
				{readerWidth === null
					? null
					: `A reader at ${readerWidth} px gets the ${current} px layout${readerWidth !== current ? `, scaled to ${readerWidth} px` : ""}.${shown < 1 ? ` Shown at ${Math.round(shown * 100)}%.` : ""}`}
			</span>
		</div>
	);
}
