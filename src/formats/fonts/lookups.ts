/**
 * How much shaping an uploaded font's GSUB and GPOS tables can make a renderer do,
 * read once at upload from the tables' bytes, so a font that would cost seconds at export is
 * refused instead.
 *
 * fontkit shapes every label a PDF draws. At each glyph it tries the lookups of the active
 * features, and a contextual rule that matches applies further lookups by index; fontkit follows
 * those nested lookups without any limit. So a lookup that reaches itself recurses until the
 * stack overflows, and lookups whose rules each apply the next lookup several times multiply:
 * fan-out^depth applications at every glyph, from a few hundred bytes. The sample the inspection
 * shapes rarely matches such a rule. Here every contextual subtable's rules are read (with a cap
 * on the rules read, since offsets may share data) and each lookup's worst case is computed: one
 * application of a subtable, plus the most nested applications any one of its rules makes (a
 * subtable applies at most one rule). Refused: a lookup that reaches itself, nesting deeper than
 * `maxLookupNesting`, and more than `maxLookupApplications` applications per glyph, all lookups
 * together.
 */

/** How deep contextual lookups may nest (HarfBuzz stops at 64, the original limit was 6; fonts use 1 to 3). */
export const maxLookupNesting = 8;
/** Lookup subtable applications at one glyph position, every lookup and what it nests counted. */
export const maxLookupApplications = 50_000;
/** Contextual rules read at upload (offsets may point at shared data, so this is counted, not the size). */
const maxRulesRead = 500_000;

/** The layout tables break a limit; the message says which, for the 422. */
export class LookupError extends Error {
	override name = "LookupError";
}

interface Table {
	offset: number;
	length: number;
}

/** The lookup types that nest other lookups, and the extension type, in each table. */
const kinds = {
	GSUB: { context: 5, chained: 6, extension: 7 },
	GPOS: { context: 7, chained: 8, extension: 9 },
} as const;

class LayoutReader {
	rulesRead = 0;
	constructor(
		readonly view: DataView,
		readonly table: Table,
		readonly name: string,
	) {}

	u16(at: number): number {
		if (at < this.table.offset || at + 2 > this.table.offset + this.table.length)
			throw new LookupError(`its ${this.name} table points outside itself`);
		return this.view.getUint16(at);
	}

	u32(at: number): number {
		return this.u16(at) * 0x10000 + this.u16(at + 2);
	}

	/** The lookup indexes of one rule's records, `count` of them starting at `at`. */
	records(at: number, count: number): number[] {
		if (++this.rulesRead > maxRulesRead)
			throw new LookupError(`its ${this.name} table has more than ${maxRulesRead} contextual rules to read`);
		return Array.from({ length: count }, (_, i) => this.u16(at + i * 4 + 2));
	}

	/** Rules of a format 1 or 2 subtable: rule sets at `setsAt` (offsets from `base`), each rule read by `rule`. */
	ruleSets(base: number, setsAt: number, rule: (at: number) => number[]): number[][] {
		const rules: number[][] = [];
		const sets = this.u16(setsAt);
		for (let s = 0; s < sets; s++) {
			const setOffset = this.u16(setsAt + 2 + s * 2);
			if (setOffset === 0) continue;
			const set = base + setOffset;
			const count = this.u16(set);
			for (let r = 0; r < count; r++) rules.push(rule(set + this.u16(set + 2 + r * 2)));
		}
		return rules;
	}

	/** Sequence context (GSUB 5, GPOS 7): the nested lookups of each rule. */
	context(at: number): number[][] {
		const format = this.u16(at);
		const rule = (r: number) => this.records(r + 4 + (this.u16(r) - 1) * 2, this.u16(r + 2));
		if (format === 1) return this.ruleSets(at, at + 4, rule);
		if (format === 2) return this.ruleSets(at, at + 6, rule);
		if (format === 3) {
			const glyphs = this.u16(at + 2);
			return [this.records(at + 6 + glyphs * 2, this.u16(at + 4))];
		}
		return [];
	}

	/** Chained sequence context (GSUB 6, GPOS 8): the nested lookups of each rule. */
	chained(at: number): number[][] {
		const format = this.u16(at);
		const rule = (r: number) => {
			const input = r + 2 + this.u16(r) * 2;
			const lookahead = input + 2 + Math.max(0, this.u16(input) - 1) * 2;
			const records = lookahead + 2 + this.u16(lookahead) * 2;
			return this.records(records + 2, this.u16(records));
		};
		if (format === 1) return this.ruleSets(at, at + 4, rule);
		if (format === 2) return this.ruleSets(at, at + 10, rule);
		if (format === 3) {
			const input = at + 4 + this.u16(at + 2) * 2;
			const lookahead = input + 2 + this.u16(input) * 2;
			const records = lookahead + 2 + this.u16(lookahead) * 2;
			return [this.records(records + 2, this.u16(records))];
		}
		return [];
	}
}

/** For each subtable of each lookup, the nested lookups of each of its rules (none for a plain lookup). */
function nestedLookups(reader: LayoutReader, kind: (typeof kinds)[keyof typeof kinds]): number[][][][] {
	const { offset } = reader.table;
	const list = offset + reader.u16(offset + 8);
	const count = reader.u16(list);
	const lookups: number[][][][] = [];
	for (let l = 0; l < count; l++) {
		const lookup = list + reader.u16(list + 2 + l * 2);
		const lookupType = reader.u16(lookup);
		const subtables: number[][][] = [];
		for (let s = 0; s < reader.u16(lookup + 4); s++) {
			let at = lookup + reader.u16(lookup + 6 + s * 2);
			let type = lookupType;
			if (type === kind.extension) {
				const extended = reader.u16(at + 2);
				if (extended === kind.extension) throw new LookupError(`its ${reader.name} lookup ${l} extends into another extension`);
				at += reader.u32(at + 4);
				type = extended;
			}
			subtables.push(type === kind.context ? reader.context(at) : type === kind.chained ? reader.chained(at) : []);
		}
		lookups.push(subtables);
	}
	return lookups;
}

interface Reach {
	/** Subtable applications at one glyph position, nested ones included. */
	applications: number;
	/** Levels of lookups it nests below itself. */
	depth: number;
}

/** Each lookup's worst-case applications at one glyph position, refusing cycles and deep nesting. */
function applications(lookups: readonly number[][][][], name: string): number[] {
	const known: (Reach | undefined)[] = [];
	const visiting = new Set<number>();
	const tooDeep = () => new LookupError(`its ${name} lookups nest more than ${maxLookupNesting} deep`);
	/** `level`: how deep in nested lookups this one is applied; checked on the way down, so a long chain stops early. */
	const visit = (index: number, level: number): Reach => {
		const done = known[index];
		if (done) {
			if (level + done.depth > maxLookupNesting) throw tooDeep();
			return done;
		}
		if (level > maxLookupNesting) throw tooDeep();
		const subtables = lookups[index];
		if (!subtables) return { applications: 0, depth: 0 }; // fontkit skips a record naming no lookup
		if (visiting.has(index)) throw new LookupError(`its ${name} lookup ${index} applies itself through its own rules`);
		visiting.add(index);
		const reach: Reach = { applications: 0, depth: 0 };
		for (const rules of subtables) {
			let worstRule = 0;
			for (const rule of rules) {
				let sum = 0;
				for (const nested of rule) {
					const below = visit(nested, level + 1);
					sum += below.applications;
					reach.depth = Math.max(reach.depth, below.depth + 1);
				}
				worstRule = Math.max(worstRule, sum);
			}
			reach.applications = Math.min(Number.MAX_SAFE_INTEGER, reach.applications + 1 + worstRule);
		}
		visiting.delete(index);
		known[index] = reach;
		return reach;
	};
	return lookups.map((_, index) => visit(index, 0).applications);
}

/** Throws `LookupError` when the font's GSUB or GPOS could make shaping one glyph cost more than the limits allow. */
export function checkLookups(view: DataView, tables: ReadonlyMap<string, Table>): void {
	let total = 0;
	for (const name of ["GSUB", "GPOS"] as const) {
		const table = tables.get(name);
		if (!table || table.length < 10) continue;
		const reader = new LayoutReader(view, table, name);
		for (const cost of applications(nestedLookups(reader, kinds[name]), name)) total += cost;
		if (total > maxLookupApplications)
			throw new LookupError(`its GSUB and GPOS lookups could apply more than ${maxLookupApplications} times at a single glyph`);
	}
}
