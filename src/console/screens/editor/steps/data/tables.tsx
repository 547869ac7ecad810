/**
 * A refused CSV with the row and column the API names marked, in a scroll box that takes
 * keyboard focus (a scroll box must be reachable without a mouse). The chart's own data is the
 * editable table (table-editor.tsx).
 */

const shownRows = 50;

export interface Refusal {
	message: string;
	row: number | null;
	column: string | null;
	/** The refused CSV, parsed: the header, then the rows. */
	rows: string[][] | null;
}

/** The refused CSV with the API's row and column marked (rows numbered as in a spreadsheet). */
export function RefusedTable({ refusal }: { refusal: Refusal }) {
	const [header = [], ...body] = refusal.rows ?? [];
	const badColumn = refusal.column === null ? -1 : header.indexOf(refusal.column);
	const badIndex = refusal.row === null ? -1 : refusal.row - 2;
	const start = badIndex > shownRows - 5 ? Math.max(0, badIndex - 10) : 0;
	const visible = body.slice(start, start + shownRows);
	return (
		// biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable (and scrollable) by keyboard
		<section class="data-table-wrap" tabIndex={0} aria-label="The data you sent, with the problem marked">
			<table class="data-table refused">
				<thead>
					<tr class={refusal.row === 1 ? "bad-row" : undefined}>
						<th scope="col" class="row-number">
							<span class="visually-hidden">Row</span>1
						</th>
						{header.map((name, index) => (
							<th key={`${index}-${name}`} scope="col" class={index === badColumn ? "bad-column" : undefined}>
								<span class="column-name">{name || <em class="muted">no name</em>}</span>
							</th>
						))}
					</tr>
				</thead>
				<tbody>
					{visible.map((cells, offset) => {
						const index = start + offset;
						const badRow = index === badIndex;
						return (
							<tr key={index} class={badRow ? "bad-row" : undefined}>
								<th scope="row" class="row-number">
									{index + 2}
								</th>
								{header.map((_, column) => {
									const bad = badRow && (badColumn < 0 || column === badColumn);
									return (
										<td
											key={column}
											class={bad ? "bad-cell" : column === badColumn ? "bad-column" : undefined}
											aria-invalid={bad ? "true" : undefined}
											title={bad ? refusal.message : undefined}
										>
											{cells[column] ?? ""}
										</td>
									);
								})}
							</tr>
						);
					})}
				</tbody>
			</table>
		</section>
	);
}
