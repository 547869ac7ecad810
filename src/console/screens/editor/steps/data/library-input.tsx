/**
 * "Statistics library": the series this chart draws from the library (each removable) and a
 * search (`GET /v1/statistics`, a quarter second after the last key) whose results can be added.
 * The chosen series are the chart's `series` references, saved by the editor's autosave.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { Icon } from "../../../../components/icon";
import { announce } from "../../../../lib/announce";
import { api, describeFailure } from "../../../../lib/api";
import type { SeriesReference } from "../../../../lib/chart-types";
import { useEditor } from "../../editor-context";

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

export function LibraryInput() {
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
					<h2 id="chosen-series" class="section-label">
						Series in this chart
					</h2>
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
