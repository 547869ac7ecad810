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
