/**
 * The Chart step: the kind (thumbnails in a radio group) and the variants that apply to it.
 * A kind the data does not fit is refused by the API (422); the frame keeps the old kind and
 * this step explains the misfit: the API's message and the layout the kind needs.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { kindCatalog, kindPhrase } from "../../../../domain/kind-catalog";
import type { ChartKind } from "../../../../domain/kinds";
import { Icon } from "../../../components/icon";
import { announce } from "../../../lib/announce";
import { useEditor } from "../editor-context";
import { type Variant, variantsOf } from "../kind-info";
import { KindPicker } from "../kind-picker";
import { useSuggestedKinds } from "../use-suggested-kinds";
import { sentence } from "./data-step";
import { proposalLabel, proposedRoles, wholeRolesPatch, withoutProposalJson } from "./kind-proposal";
import "./chart-step.css";

function VariantControl({ variant }: { variant: Variant }) {
	const { chart, updateMeta, fieldError } = useEditor();
	const meta = chart.meta;
	const error = fieldError(`meta.${variant}`);
	const errorText = error ? (
		<p class="error-text" id={`variant-${variant}-error`}>
			{error}
		</p>
	) : null;
	const described = error ? `variant-${variant}-error` : undefined;
	const check = (label: string) => (
		<div class="field">
			<label class="checkbox">
				<input
					type="checkbox"
					checked={meta[variant] === true}
					aria-describedby={described}
					onChange={(event) => updateMeta({ [variant]: event.currentTarget.checked ? true : null })}
				/>
				{label}
			</label>
			{errorText}
		</div>
	);
	const choose = (label: string, options: [string, string][], fallback: string) => (
		<div class="field">
			<label for={`variant-${variant}`}>{label}</label>
			<select
				id={`variant-${variant}`}
				class="select"
				value={typeof meta[variant] === "string" ? (meta[variant] as string) : fallback}
				aria-invalid={error ? "true" : undefined}
				aria-describedby={described}
				onChange={(event) => {
					const value = event.currentTarget.value;
					updateMeta({ [variant]: value === fallback ? null : value });
				}}
			>
				{options.map(([value, text]) => (
					<option key={value} value={value}>
						{text}
					</option>
				))}
			</select>
			{errorText}
		</div>
	);
	switch (variant) {
		case "area":
			return check("Fill the area under the lines");
		case "stack":
			return choose(
				"Stacking",
				[
					["none", "Side by side"],
					["stacked", "Stacked"],
					["percent", "Stacked to 100%"],
				],
				"none",
			);
		case "orientation":
			return choose(
				"Direction",
				[
					["horizontal", "Horizontal bars"],
					["vertical", "Vertical columns"],
				],
				"horizontal",
			);
		case "sort":
			return check("Sort from largest to smallest");
		case "donut":
			return check("Donut (a hole in the middle)");
		case "halfPie":
			return check("Half circle");
		case "connected":
			return check("Join the points in order");
		case "basemap":
			return choose(
				"Base map",
				[
					["auto", "Chosen from the regions"],
					["world", "World"],
					["us-states", "US states"],
				],
				"auto",
			);
		case "period":
			return (
				<div class="field">
					<label for="variant-period">Period shown</label>
					<input
						id="variant-period"
						class="input"
						value={typeof meta.period === "string" ? meta.period : ""}
						placeholder="The latest"
						aria-invalid={error ? "true" : undefined}
						aria-describedby={described ?? "variant-period-hint"}
						onInput={(event) => updateMeta({ period: event.currentTarget.value.trim() || null })}
					/>
					<span class="hint" id="variant-period-hint">
						A period of the library data, like 2020 or 2020-03. Empty shows the latest.
					</span>
					{errorText}
				</div>
			);
	}
}

export function ChartStep() {
	const { chart, updateChart, fieldError, kindRefusalDetails, preview } = useEditor();
	const [attempted, setAttempted] = useState<ChartKind | null>(null);
	// The kind just drawn with the proposed roles: focus goes to its radio once it is checked.
	const [adopted, setAdopted] = useState<ChartKind | null>(null);
	const body = useRef<HTMLDivElement>(null);
	const misfit = fieldError("kind");
	const proposal = misfit && attempted ? proposedRoles(kindRefusalDetails) : null;
	useEffect(() => {
		if (!adopted || chart.kind !== adopted) return;
		setAdopted(null);
		body.current?.querySelector<HTMLInputElement>('input[name="chart-kind"]:checked')?.focus();
	}, [adopted, chart.kind]);
	const variants = variantsOf(chart.kind, chart.seriesReferences.length > 0 || preview?.fromStatistics === true);
	const suggested = useSuggestedKinds(chart.seriesReferences.length > 0 ? null : preview);
	return (
		<div class="step-body" ref={body}>
			<section class="step-section" aria-labelledby="kind-heading">
				<h2 id="kind-heading" class="section-label">
					Kind of chart
				</h2>
				{misfit && attempted && (
					<div class="banner error misfit" role="alert">
						<Icon name="alert" />
						<div class="banner-text">
							<p>
								<strong>Your data does not fit {kindPhrase(attempted)}</strong>, so it stays {kindPhrase(chart.kind)}.
							</p>
							<p>{sentence(proposal ? withoutProposalJson(misfit) : misfit)}</p>
							{!/needs/.test(misfit) && (
								<p class="muted">
									{kindPhrase(attempted, true)} needs {kindCatalog[attempted].layout}.
								</p>
							)}
							{proposal ? (
								<>
									<p class="muted">It can be drawn with these columns (undo takes it back):</p>
									<button
										type="button"
										class="button misfit-proposal"
										onClick={() => {
											const words = proposalLabel(attempted, proposal);
											setAdopted(attempted);
											updateChart({ kind: attempted, meta: { columns: wholeRolesPatch(chart.meta.columns, proposal) } });
											announce(`${words.replace(/^Draw it as/, "Drawn as")}.`);
										}}
									>
										{proposalLabel(attempted, proposal)}
									</button>
								</>
							) : (
								<p class="muted">Change the data in the Data step, or pick a kind that fits it.</p>
							)}
						</div>
					</div>
				)}
				<KindPicker
					value={chart.kind}
					suggested={suggested}
					onChange={(kind) => {
						setAttempted(kind);
						updateChart({ kind });
					}}
				/>
				<p class="hint muted" id="kind-layout">
					{kindPhrase(chart.kind, true)} needs {kindCatalog[chart.kind].layout}.
				</p>
			</section>
			{variants.length > 0 && (
				<section class="step-section" aria-labelledby="variants-heading">
					<h2 id="variants-heading" class="section-label">
						{kindCatalog[chart.kind].label} options
					</h2>
					{variants.map((variant) => (
						<VariantControl key={variant} variant={variant} />
					))}
				</section>
			)}
		</div>
	);
}
