/**
 * The studio's live preview: six sample charts in light and dark side by side, drawn
 * in the page by the renderer's own option builders (the editor's engine, loaded lazily), and
 * redrawn whenever the theme being edited changes.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import type { PreviewChart, PreviewSource } from "../../preview/engine";
import { loadEngine } from "../../preview/load-engine";
import { sampleCharts } from "./sample-charts";
import type { ModeName, ThemeDefinition } from "./theme-model";

/** Light and dark side by side, one row per sample, so the same chart is compared across modes. */
const modes: { mode: ModeName; label: string }[] = [
	{ mode: "light", label: "Light" },
	{ mode: "dark", label: "Dark" },
];

function SampleCell({ label, source, mode, width }: { label: string; source: PreviewSource; mode: ModeName; width: number }) {
	const element = useRef<HTMLDivElement>(null);
	const chart = useRef<PreviewChart | null>(null);
	const drawCount = useRef(0);
	const [failure, setFailure] = useState<string | null>(null);
	const height = Math.round(width * 0.72);

	useEffect(() => {
		const target = element.current;
		if (!target || width < 40) return;
		const request = ++drawCount.current;
		loadEngine()
			.then(async (engine) => {
				if (request !== drawCount.current) return;
				chart.current ??= new engine.PreviewChart(target);
				await chart.current.draw(source, { width, height }, mode);
				if (request === drawCount.current) setFailure(null);
			})
			.catch((error: unknown) => {
				if (request === drawCount.current) setFailure(error instanceof Error ? error.message : String(error));
			});
	}, [source, width, height, mode]);

	useEffect(
		() => () => {
			chart.current?.dispose();
			chart.current = null;
		},
		[],
	);

	return (
		<figure class="sample">
			<div
				ref={element}
				class="sample-drawing"
				role="img"
				aria-label={`${label} chart, ${mode}`}
				style={{ width: `${width}px`, height: `${height}px` }}
			/>
			{failure && <figcaption class="error-text">Could not draw: {failure}</figcaption>}
		</figure>
	);
}

export function ThemePreview({ theme }: { theme: ThemeDefinition }) {
	const grid = useRef<HTMLDivElement>(null);
	const [cellWidth, setCellWidth] = useState(0);
	const charts = useMemo(() => sampleCharts(theme), [theme]);

	useLayoutEffect(() => {
		const element = grid.current;
		if (!element) return;
		const measure = () => {
			const first = element.querySelector<HTMLElement>(".sample-slot");
			if (first) {
				const style = window.getComputedStyle(first);
				setCellWidth(Math.floor(first.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight)));
			}
		};
		measure();
		const observer = new ResizeObserver(measure);
		observer.observe(element);
		return () => observer.disconnect();
	}, []);

	return (
		<section class="theme-preview" aria-label="Preview on sample charts" ref={grid}>
			<div class="sample-pair preview-heads" aria-hidden="true">
				{modes.map(({ mode, label }) => (
					<span key={mode} class="section-label">
						{label}
					</span>
				))}
			</div>
			{charts.map((chart) => (
				<div key={chart.id} class="sample-pair">
					{modes.map(({ mode }) => (
						<div key={mode} class="sample-slot" data-mode={mode}>
							{cellWidth > 0 && <SampleCell label={chart.label} source={chart.source} mode={mode} width={cellWidth} />}
						</div>
					))}
				</div>
			))}
		</section>
	);
}
