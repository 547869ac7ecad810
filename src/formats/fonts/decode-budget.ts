/**
 * How much an uploaded font's tables may unpack to while it is inspected. fontkit decodes a
 * table (with restructure) the first time it is used, following every offset, and offsets may
 * share data: a few bytes of a GPOS feature list set to 0x28 (10,280 features, each pointing at
 * a list of 10,280 lookup indexes) made a 700 KB font decode 10⁸ numbers, 25 s of CPU, when
 * the sample was shaped. Counting every array item restructure decodes bounds that work for
 * every table at once; fontkit catches what a table's decoder throws (the table then reads as
 * missing), so the budget also remembers being spent and the inspection fails after it.
 *
 * Only an inspection spends the budget; an export later draws the same bytes, whose tables were
 * decoded in full under it.
 */
import { Array as ArrayT } from "restructure";

/** Array items decoded while one font is inspected. DejaVu Serif decodes about 17,000 (docs/themes-and-fonts.md). */
export const maxDecodedItems = 1_000_000;

export class DecodeBudgetError extends Error {
	override name = "DecodeBudgetError";
}

interface Budget {
	remaining: number;
	spent: boolean;
	/** The budget this one runs inside (a test counting an inspection's items), charged too. */
	outer: Budget | null;
}

let active: Budget | null = null;

function anySpent(): boolean {
	for (let budget = active; budget; budget = budget.outer) if (budget.spent) return true;
	return false;
}

const decodeArray = ArrayT.prototype.decode;
ArrayT.prototype.decode = function decodeCounted(this: ArrayT, stream: unknown, parent?: unknown): unknown[] {
	if (anySpent()) throw new DecodeBudgetError("spent");
	const items = decodeArray.call(this, stream, parent);
	for (let budget = active; budget; budget = budget.outer) {
		budget.remaining -= items.length;
		if (budget.remaining < 0) budget.spent = true;
	}
	if (anySpent()) throw new DecodeBudgetError("spent");
	return items;
};

function run<T>(items: number, work: (budget: Budget) => T): T {
	const budget: Budget = { remaining: items, spent: false, outer: active };
	active = budget;
	try {
		return work(budget);
	} finally {
		active = budget.outer;
	}
}

/** Runs `work` (one font's inspection) with the budget; throws `DecodeBudgetError` when its tables unpack to more. */
export function withDecodeBudget<T>(work: () => T, items = maxDecodedItems): T {
	return run(items, (budget) => {
		const spentError = () => new DecodeBudgetError(`its tables unpack to more than ${items.toLocaleString("en-US")} entries`);
		try {
			const result = work();
			if (budget.spent) throw spentError();
			return result;
		} catch (error) {
			throw budget.spent ? spentError() : error;
		}
	});
}

/** How many array items `work` made restructure decode (for calibrating the budget in tests). */
export function countDecodedItems(work: () => void): number {
	return run(Number.MAX_SAFE_INTEGER, (budget) => {
		work();
		return Number.MAX_SAFE_INTEGER - budget.remaining;
	});
}
