/**
 * The names a mistyped one was probably meant to be (`titel` → `title`, `heat-map` → `heatmap`),
 * for "did you mean" in warnings and errors. Compared without case, `-`, `_` or spaces, by
 * edit distance with a swap of two neighbours counting as one edit.
 */

/** How far a guess may be from the word: a short word needs a close match, or every guess would do. */
function allowedDistance(length: number): number {
	if (length <= 2) return 0;
	if (length <= 4) return 1;
	if (length <= 7) return 2;
	return 3;
}

function folded(name: string): string {
	return name.toLowerCase().replace(/[-_\s]/g, "");
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
export function editDistance(a: string, b: string): number {
	const rows = a.length + 1;
	const cols = b.length + 1;
	const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
	for (let i = 1; i < rows; i++) {
		for (let j = 1; j < cols; j++) {
			const cost = a[i - 1] === b[j - 1] ? 0 : 1;
			const row = d[i] as number[];
			const above = d[i - 1] as number[];
			let best = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + cost);
			if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
				best = Math.min(best, ((d[i - 2] as number[])[j - 2] as number) + 1);
			row[j] = best;
		}
	}
	return (d[a.length] as number[])[b.length] as number;
}

/**
 * Up to `limit` of `candidates` closest to `word`, closest first (ties in the candidates' order);
 * a candidate that contains the word, or that the word contains, counts as close when the shorter
 * is at least 3 characters (`bar` → `horizontal-bar`). Empty when none is close enough.
 */
export function closestNames(word: string, candidates: readonly string[], limit = 2): string[] {
	const target = folded(word);
	if (target.length === 0) return [];
	const scored: { name: string; distance: number }[] = [];
	for (const name of candidates) {
		const candidate = folded(name);
		if (candidate === target) return [name];
		const contains = Math.min(candidate.length, target.length) >= 3 && (candidate.includes(target) || target.includes(candidate));
		const distance = contains ? 0.5 : editDistance(target, candidate);
		if (distance <= allowedDistance(target.length)) scored.push({ name, distance });
	}
	return scored
		.sort((a, b) => a.distance - b.distance)
		.slice(0, limit)
		.map((entry) => entry.name);
}

/** `"a"`, `"a" or "b"`, `"a", "b" or "c"`. */
export function quotedChoices(names: readonly string[]): string {
	const quoted = names.map((name) => JSON.stringify(name));
	return quoted.length <= 1 ? (quoted[0] ?? "") : `${quoted.slice(0, -1).join(", ")} or ${quoted.at(-1)}`;
}
