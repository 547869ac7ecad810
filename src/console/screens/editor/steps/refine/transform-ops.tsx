/**
 * A series' transform pipeline (`meta.seriesTransform[name].ops`, docs/contract.md#section-2-4): steps applied in
 * order, each a function and its number. The functions and their rules are the API's
 * (`src/domain/transforms.ts`); this says them in words.
 */
import { useEffect, useId, useState } from "preact/hooks";
import { transformFunctions } from "../../../../../domain/transform-functions";
import { Icon } from "../../../../components/icon";
import { isPlainObject } from "./schema-fields";

interface Op {
	fn: string;
	args?: unknown[];
}

type Param = { label: string; whole: boolean; min?: number; nonZero?: boolean; start: number } | null;

const described: Record<string, { label: string; param: Param }> = {
	divide: { label: "Divide by", param: { label: "Divide by", whole: false, nonZero: true, start: 1000 } },
	multiply: { label: "Multiply by", param: { label: "Multiply by", whole: false, start: 100 } },
	rollsum: { label: "Rolling sum", param: { label: "Periods", whole: true, min: 1, start: 12 } },
	rollmean: { label: "Rolling mean", param: { label: "Periods", whole: true, min: 1, start: 12 } },
	index100: { label: "Index to 100 at the first value", param: null },
	cumulative: { label: "Running total", param: null },
};

function describe(fn: string) {
	return described[fn] ?? { label: fn, param: null };
}

export function blankOp(fn: string): Op {
	const param = describe(fn).param;
	return param ? { fn, args: [param.start] } : { fn };
}

function problemOf(param: NonNullable<Param>, raw: string): string | null {
	const n = Number(raw);
	if (raw.trim() === "" || !Number.isFinite(n)) return "Enter a number.";
	if (param.whole && !Number.isInteger(n)) return "Enter a whole number.";
	if (param.min !== undefined && n < param.min) return `Enter ${param.min} or more.`;
	if (param.nonZero && n === 0) return "Dividing by 0 is not possible.";
	return null;
}

function ArgInput({ op, index, series, onChange }: { op: Op; index: number; series: string; onChange(op: Op): void }) {
	const id = useId();
	const param = describe(op.fn).param;
	const value = op.args?.[0];
	const [text, setText] = useState(value === undefined ? "" : String(value));
	const [problem, setProblem] = useState<string | null>(null);
	useEffect(() => {
		if (Number(text) !== value) {
			setText(value === undefined ? "" : String(value));
			setProblem(null);
		}
	}, [value]);
	if (!param) return null;
	return (
		<div class="field op-arg">
			<label for={id} class="visually-hidden">
				{param.label} (step {index + 1} of {series})
			</label>
			<input
				id={id}
				class="input number-input"
				type="number"
				step={param.whole ? 1 : "any"}
				min={param.min}
				value={text}
				aria-invalid={problem ? "true" : undefined}
				aria-describedby={problem ? `${id}-error` : undefined}
				onInput={(event) => {
					const raw = (event.currentTarget as HTMLInputElement).value;
					setText(raw);
					const why = problemOf(param, raw);
					setProblem(why);
					if (!why) onChange({ ...op, args: [Number(raw)] });
				}}
			/>
			{param.whole && <span class="meta-text">periods</span>}
			{problem && (
				<p class="error-text" id={`${id}-error`} role="alert">
					{problem}
				</p>
			)}
		</div>
	);
}

export function TransformOps({
	series,
	value,
	onChange,
	error,
}: {
	series: string;
	value: unknown;
	onChange(ops: Op[] | undefined): void;
	error?: string;
}) {
	const selectId = useId();
	const ops: Op[] = Array.isArray(value) ? value.filter(isPlainObject).map((op) => op as unknown as Op) : [];
	const write = (next: Op[]) => onChange(next.length > 0 ? next : undefined);
	const move = (from: number, to: number) => {
		const next = [...ops];
		const [moved] = next.splice(from, 1);
		if (moved) next.splice(to, 0, moved);
		write(next);
	};
	return (
		<fieldset class="ops">
			<legend class="field-label">Calculations</legend>
			<p class="hint">Applied to the values in order, before drawing.</p>
			{ops.length > 0 && (
				<ol class="op-list">
					{ops.map((op, i) => (
						<li key={i} class="op-row">
							<span class="op-number tabular" aria-hidden="true">
								{i + 1}
							</span>
							<label for={`${selectId}-${i}`} class="visually-hidden">
								Step {i + 1} of {series}
							</label>
							<select
								id={`${selectId}-${i}`}
								class="select op-fn"
								value={op.fn}
								onChange={(event) => {
									const next = [...ops];
									next[i] = blankOp((event.currentTarget as HTMLSelectElement).value);
									write(next);
								}}
							>
								{(transformFunctions as readonly string[]).includes(op.fn) ? null : <option value={op.fn}>{op.fn}</option>}
								{transformFunctions.map((fn) => (
									<option key={fn} value={fn}>
										{describe(fn).label}
									</option>
								))}
							</select>
							<ArgInput op={op} index={i} series={series} onChange={(changed) => write(ops.map((old, j) => (j === i ? changed : old)))} />
							<div class="op-actions">
								<button
									type="button"
									class="button quiet icon"
									aria-label={`Move step ${i + 1} of ${series} up`}
									title="Move up"
									disabled={i === 0}
									onClick={() => move(i, i - 1)}
								>
									<Icon name="chevronRight" style={{ transform: "rotate(-90deg)" }} />
								</button>
								<button
									type="button"
									class="button quiet icon"
									aria-label={`Move step ${i + 1} of ${series} down`}
									title="Move down"
									disabled={i === ops.length - 1}
									onClick={() => move(i, i + 1)}
								>
									<Icon name="chevronDown" />
								</button>
								<button
									type="button"
									class="button quiet icon"
									aria-label={`Remove step ${i + 1} of ${series}`}
									title="Remove"
									onClick={() => write(ops.filter((_, j) => j !== i))}
								>
									<Icon name="close" />
								</button>
							</div>
						</li>
					))}
				</ol>
			)}
			<div>
				<button type="button" class="button" disabled={ops.length >= 20} onClick={() => write([...ops, blankOp("divide")])}>
					<Icon name="plus" /> Add calculation
				</button>
			</div>
			{error && (
				<p class="error-text" role="alert">
					<Icon name="alert" size={14} /> {error}
				</p>
			)}
		</fieldset>
	);
}
