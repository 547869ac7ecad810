/** Small statistics helpers for the benchmark tables. */

export function percentile(sorted: number[], p: number): number {
	if (sorted.length === 0) return Number.NaN;
	const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
	return sorted[index] as number;
}

export function summarize(samples: number[]) {
	const sorted = [...samples].sort((a, b) => a - b);
	return {
		n: sorted.length,
		p50: percentile(sorted, 50),
		p99: percentile(sorted, 99),
		mean: sorted.reduce((a, b) => a + b, 0) / sorted.length,
	};
}

export function ms(value: number): string {
	return `${value.toFixed(2)} ms`;
}

/** Prints rows as a Markdown table (also used verbatim in the README). */
export function markdownTable(header: string[], rows: (string | number)[][]): string {
	const line = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
	return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}
