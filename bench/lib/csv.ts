/** A deterministic CSV of `rows` rows × 6 columns: a date, then five number series. */
export function makeCsv(rows: number): string {
	const lines = ["date,alpha,beta,gamma,delta,epsilon"];
	const start = Date.UTC(2000, 0, 1);
	for (let i = 0; i < rows; i++) {
		const day = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
		lines.push(`${day},${i},${(i * 7) % 1000},${(i % 97) / 4},${1_000_000 - i},${Math.sin(i / 10).toFixed(4)}`);
	}
	return `${lines.join("\n")}\n`;
}

/**
 * A deterministic CSV of `rows` rows × 8 columns, a date then seven number columns with
 * thousands and decimals, written with a decimal point (`,`-separated, grouped cells quoted) or
 * as Excel writes CSV in most of Europe (`;`-separated, `.` thousands and a decimal comma): the
 * same values either way, to set the two number styles' parse side by side.
 */
export function makeNumbersCsv(rows: number, mark: "point" | "comma"): string {
	const separator = mark === "comma" ? ";" : ",";
	const number = (value: number, digits: number) => {
		const text = value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
		const written = mark === "comma" ? text.replace(/[,.]/g, (char) => (char === "," ? "." : ",")) : text;
		return written.includes(separator) ? `"${written}"` : written;
	};
	const lines = [["date", "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta"].join(separator)];
	const start = Date.UTC(2000, 0, 1);
	for (let i = 0; i < rows; i++) {
		const day = new Date(start + (i % 20_000) * 86_400_000).toISOString().slice(0, 10);
		const cells = [i, (i * 7) % 1000, number((i % 97) / 4, 2), number(1_000_000 - i, 0), number(Math.sin(i / 10), 4)];
		lines.push([day, ...cells, number(i * 1.5, 1), number((i % 13) * 1234.5, 2)].join(separator));
	}
	return `${lines.join("\n")}\n`;
}
