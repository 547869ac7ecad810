/**
 * JSON rows read straight into a table of cell texts, with the data limits checked while reading
 * rather than after `JSON.parse` has built the whole value: a 10 MiB single row of a million keys
 * is refused at its 501st column, having built 500 strings, not a million-key object and its
 * array (1.6 s and +280 MB that way, near an isolate's 128 MB).
 *
 * Only the shape a chart's data can take is read: an array of rows, each an object (its keys are
 * columns, in order of first appearance across the rows) or an array (the first is the header),
 * with cells that are strings, numbers, booleans or null. Anything nested is refused at once,
 * with its row and column, without reading it.
 */
import { maxCsvColumns, maxCsvRows } from "./csv-cells";
import { InvalidDataError } from "./invalid-data";

/**
 * At most this many cells (rows × columns) from JSON rows: what a 10 MiB CSV of one-character
 * cells holds. A CSV pays a byte for every cell; an object row pays nothing for a key it leaves
 * out, so without this a few thousand `{}` rows after one wide row would be millions of cells.
 */
export const maxJsonCells = 5_000_000;

/** Header then rows of cell texts, as a CSV parser gives them; rows of only empty cells are left out, as in a CSV. */
export interface JsonTable {
	header: string[];
	rows: string[][];
}

const numberToken = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const plainInteger = /^(?:0|-?[1-9]\d{0,14})$/;

function isBlank(cells: readonly string[]): boolean {
	return cells.every((cell) => cell.trim() === "");
}

/** A cursor over the text that reads only what rows of scalars need. */
class RowReader {
	private at = 0;

	constructor(private readonly text: string) {
		if (text.charCodeAt(0) === 0xfeff) this.at = 1;
	}

	invalid(expected: string): InvalidDataError {
		const found = this.at < this.text.length ? `“${this.text[this.at]}”` : "the end of the text";
		return new InvalidDataError(`The source is not valid JSON: expected ${expected} at character ${this.at + 1}, found ${found}.`);
	}

	/** The next character after whitespace, without taking it ("" at the end). */
	peek(): string {
		const text = this.text;
		let at = this.at;
		for (let code = text.charCodeAt(at); code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09; code = text.charCodeAt(++at));
		this.at = at;
		return text[at] ?? "";
	}

	take(char: string, expected = `“${char}”`): void {
		if (this.peek() !== char) throw this.invalid(expected);
		this.at++;
	}

	/** Takes a "," between rows; a "," before the closing "]" is not JSON. */
	nextRow(): boolean {
		if (!this.accept(",")) return false;
		if (this.peek() === "]") throw this.invalid("a row after “,”");
		return true;
	}

	/** Takes `char` if it comes next. */
	accept(char: string): boolean {
		if (this.peek() !== char) return false;
		this.at++;
		return true;
	}

	end(): void {
		if (this.peek() !== "") throw this.invalid("the end of the text after the array");
	}

	string(): string {
		this.take('"', "a string");
		const text = this.text;
		const start = this.at - 1;
		let at = this.at;
		let escaped = false;
		for (;;) {
			const code = text.charCodeAt(at);
			if (Number.isNaN(code)) {
				this.at = at;
				throw this.invalid("the closing quote of a string");
			}
			if (code === 0x22) break;
			// An escape, or a control character JSON forbids: JSON.parse below decodes or refuses it.
			if (code < 0x20) escaped = true;
			if (code === 0x5c) {
				escaped = true;
				at++;
			}
			at++;
		}
		this.at = at + 1;
		if (!escaped) return text.slice(start + 1, at);
		try {
			return JSON.parse(text.slice(start, at + 1)) as string;
		} catch {
			this.at = start;
			throw new InvalidDataError(
				`The source is not valid JSON: the string at character ${start + 1} has a bad escape or a control character.`,
			);
		}
	}

	/** A cell's text, as a CSV of the same data would hold it; null when the value is an object or array. */
	cell(): string | null {
		const next = this.peek();
		if (next === '"') return this.string();
		if (next === "{" || next === "[") return null;
		for (const [word, text] of [
			["true", "true"],
			["false", "false"],
			["null", ""],
		] as const) {
			if (this.text.startsWith(word, this.at)) {
				this.at += word.length;
				return text;
			}
		}
		numberToken.lastIndex = this.at;
		const match = numberToken.exec(this.text);
		if (!match) throw this.invalid("a value");
		const token = match[0];
		this.at += token.length;
		// A plain integer reads as JavaScript writes it; anything else (1.50, 1e3, -0) is rewritten as JSON.parse's number would be.
		return plainInteger.test(token) ? token : String(Number(token));
	}
}

function nested(row: number, column: string): InvalidDataError {
	return new InvalidDataError(
		`Row ${row}, column "${column}" holds an object or array; each cell must be a string, number, boolean or null.`,
		{ row, column },
	);
}

function tooManyColumns(): InvalidDataError {
	return new InvalidDataError(`The JSON source has more than ${maxCsvColumns} columns, the limit.`);
}

function tooManyRows(): InvalidDataError {
	return new InvalidDataError(`The JSON source has more than ${maxCsvRows} data rows, the limit.`);
}

function tooManyCells(): InvalidDataError {
	return new InvalidDataError(
		`The JSON source has more than ${maxJsonCells.toLocaleString("en")} cells (rows × columns), the limit: leave out columns or rows.`,
	);
}

/** Cells of one array until its `]`; `limit` cells at most, or `overflow` is thrown. */
function arrayCells(reader: RowReader, row: number, names: readonly string[] | null, limit: number, overflow: () => Error): string[] {
	const cells: string[] = [];
	if (reader.accept("]")) return cells;
	do {
		if (cells.length >= limit) throw overflow();
		const cell = reader.cell();
		if (cell === null) throw nested(row, names?.[cells.length] ?? `column ${cells.length + 1}`);
		cells.push(cell);
	} while (reader.accept(","));
	reader.take("]", "“,” or “]”");
	return cells;
}

/** Rows that are arrays: the first is the header; each row is held to the header's length as it is read. */
function arrayRows(reader: RowReader): JsonTable {
	const header = arrayCells(reader, 1, null, maxCsvColumns, tooManyColumns);
	const rows: string[][] = [];
	for (let row = 2; reader.nextRow(); row++) {
		if (!reader.accept("["))
			throw new InvalidDataError(`Row ${row} of the JSON source is not an array; every row must be one (or every row an object).`, { row });
		const cells = arrayCells(
			reader,
			row,
			header,
			header.length,
			() => new InvalidDataError(`Row ${row} has more cells than the header's ${header.length}.`, { row }),
		);
		if (isBlank(cells)) continue;
		if (cells.length !== header.length)
			throw new InvalidDataError(`Row ${row} has ${cells.length} cells; the header has ${header.length}.`, { row });
		if (rows.length >= maxCsvRows) throw tooManyRows();
		if ((rows.length + 1) * header.length > maxJsonCells) throw tooManyCells();
		rows.push(cells);
	}
	return { header, rows };
}

/** Rows that are objects: a column per key, in order of first appearance; a row lacking a key has an empty cell there. */
function objectRows(reader: RowReader): JsonTable {
	const columns = new Map<string, number>();
	const sparse: string[][] = [];
	for (let row = 2; ; row++) {
		if (!reader.accept("{"))
			throw new InvalidDataError(`Row ${row} of the JSON source is not an object; every row must be one (or every row an array).`, { row });
		const cells: string[] = [];
		if (!reader.accept("}")) {
			do {
				const key = reader.string();
				reader.take(":");
				let index = columns.get(key);
				if (index === undefined) {
					if (columns.size >= maxCsvColumns) throw tooManyColumns();
					index = columns.size;
					columns.set(key, index);
				}
				const cell = reader.cell();
				if (cell === null) throw nested(row, key);
				// Kept dense (gaps filled as they open) so V8 stores the row as a plain array. A key given
				// twice in a row keeps its last value, as JSON.parse does.
				while (cells.length < index) cells.push("");
				cells[index] = cell;
			} while (reader.accept(","));
			reader.take("}", "“,” or “}”");
		}
		if (!isBlank(cells)) {
			if (sparse.length >= maxCsvRows) throw tooManyRows();
			if ((sparse.length + 1) * columns.size > maxJsonCells) throw tooManyCells();
			sparse.push(cells);
		}
		if (!reader.nextRow()) break;
	}
	const width = columns.size;
	const rows = sparse.map((cells) => (cells.length === width ? cells : [...cells, ...new Array<string>(width - cells.length).fill("")]));
	return { header: [...columns.keys()], rows };
}

/**
 * JSON rows as a header and rows of cell texts (numbers as JavaScript writes them, booleans as
 * `true`/`false`, null as empty), refused with `InvalidDataError` as soon as they pass a limit.
 */
export function readJsonRows(text: string): JsonTable {
	const reader = new RowReader(text);
	if (reader.peek() !== "[") {
		if (reader.peek() === "") throw reader.invalid("a value");
		throw new InvalidDataError("The JSON source must be an array of rows (objects, or arrays after a header array).");
	}
	reader.take("[");
	if (reader.accept("]")) {
		reader.end();
		throw new InvalidDataError("The JSON source is an empty array: it has no rows.");
	}
	const table = reader.accept("[") ? arrayRows(reader) : objectRows(reader);
	reader.take("]", "“,” or “]”");
	reader.end();
	return table;
}
