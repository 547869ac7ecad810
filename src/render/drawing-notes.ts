/**
 * What a drawing leaves out. Every kind draws from a bounded number of marks (docs/design.md#d25); when
 * a kind cuts its data to fit (downsampling, aggregating, folding into "Other", capping rows),
 * it says so in a sentence here, and the sentences go out as render warnings.
 */

const count = new Intl.NumberFormat("en-US");

export class DrawingNotes {
	readonly sentences: string[] = [];

	add(sentence: string): void {
		this.sentences.push(sentence);
	}

	/** "drawn from 2,000 of 150,000 rows (downsampled); the CSV export has them all" */
	cut(drawn: number, total: number, unit: string, how: string): void {
		if (drawn >= total) return;
		this.add(`drawn from ${count.format(drawn)} of ${count.format(total)} ${unit} (${how}); the CSV export has them all`);
	}
}

/** For callers that only want the option (the embed page's client): notes are dropped. */
export function discardedNotes(): DrawingNotes {
	return new DrawingNotes();
}

export function formatCount(n: number): string {
	return count.format(n);
}
