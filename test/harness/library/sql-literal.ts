/**
 * SQL text with values quoted in, for the few places that must produce plain SQL statements
 * (the library import runs through `wrangler d1 execute --file`, which cannot bind parameters).
 */
export type SqlValue = string | number | boolean | null;

export function literal(value: SqlValue): string {
	if (value === null) return "NULL";
	if (typeof value === "boolean") return value ? "1" : "0";
	if (typeof value === "number") {
		if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
		return String(value);
	}
	return `'${value.replaceAll("'", "''")}'`;
}

/** Fills `?` placeholders with quoted literals, in order. */
export function sql(text: string, ...values: SqlValue[]): string {
	let index = 0;
	const filled = text.replace(/\?/g, () => {
		if (index >= values.length) throw new Error(`too few values for: ${text}`);
		return literal(values[index++] as SqlValue);
	});
	if (index !== values.length) throw new Error(`too many values for: ${text}`);
	return filled;
}
