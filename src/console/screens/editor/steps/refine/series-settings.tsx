/**
 * Settings keyed by series name (`seriesTransform`, `seriesStyle`, and any record the schema
 * gains): one fold-out per series of the chart, holding every such setting for that series.
 */
import { FieldControl, Fold, ObjectFields, SetBadge } from "./controls";
import type { Field } from "./schema-fields";
import { isPlainObject } from "./schema-fields";
import { TransformOps } from "./transform-ops";
import { withKey } from "./values";

type RecordField = Extract<Field, { control: "record" }>;

interface Props {
	fields: RecordField[];
	meta: Record<string, unknown>;
	series: readonly string[];
	/** A new value for a record field as a whole (undefined removes it). */
	onChange(field: RecordField, value: Record<string, unknown> | undefined): void;
	errorAt(path: string): string | undefined;
}

function entryOf(record: unknown, name: string): unknown {
	return isPlainObject(record) && Object.hasOwn(record, name) ? record[name] : undefined;
}

/** "Series transform" → "Transform", "Series style" → "Style". */
function groupLabel(label: string): string {
	const rest = label.replace(/^series\s+/i, "");
	return rest.charAt(0).toUpperCase() + rest.slice(1);
}

function pathOf(field: RecordField, name: string): string {
	return `meta.${field.key}.${name}`;
}

function TransformGroup({
	field,
	name,
	value,
	onChange,
	errorAt,
}: {
	field: RecordField;
	name: string;
	value: unknown;
	onChange(value: unknown): void;
	errorAt(path: string): string | undefined;
}) {
	const entry = isPlainObject(value) ? value : undefined;
	const others = field.value.control === "object" ? field.value.fields.filter((f) => f.key !== "hidden" && f.key !== "ops") : [];
	const hidden = entry?.hidden === true;
	const path = pathOf(field, name);
	return (
		<div class="series-group">
			<label class="checkbox">
				<input
					type="checkbox"
					checked={hidden}
					onChange={(event) => onChange(withKey(entry, "hidden", (event.currentTarget as HTMLInputElement).checked || undefined))}
				/>
				Hide {name}
			</label>
			<p class="hint">Hidden series stay in the data and the CSV export but are not drawn.</p>
			<TransformOps
				series={name}
				value={entry?.ops}
				error={errorAt(`${path}.ops`) ?? errorAt(`${path}.hidden`)}
				onChange={(ops) => onChange(withKey(entry, "ops", ops))}
			/>
			{others.length > 0 && <ObjectFields fields={others} value={entry} path={path} onChange={onChange} />}
		</div>
	);
}

export function SeriesSettings({ fields, meta, series, onChange, errorAt }: Props) {
	const stale = new Set<string>();
	for (const field of fields) {
		const record = meta[field.key];
		if (isPlainObject(record)) for (const key of Object.keys(record)) if (!series.includes(key)) stale.add(key);
	}
	const names = [...series, ...stale];
	if (names.length === 0) {
		return <p class="meta-text">Settings per series appear here once the chart has data.</p>;
	}
	const change = (field: RecordField, name: string, value: unknown) => {
		const record = isPlainObject(meta[field.key]) ? (meta[field.key] as Record<string, unknown>) : undefined;
		onChange(field, withKey(record, name, value));
	};
	return (
		<div class="series-list">
			{names.map((name) => {
				const values = fields.map((field) => entryOf(meta[field.key], name));
				const isStale = stale.has(name);
				return (
					<Fold
						key={name}
						className="series-fold"
						title={name}
						attention={fields.some((field) => !!errorAt(pathOf(field, name)))}
						badge={
							<>
								{isStale && <span class="set-badge warn">Not in the data</span>}
								<SetBadge value={Object.fromEntries(fields.map((field, i) => [field.key, values[i]]))} />
							</>
						}
					>
						{isStale && (
							<div class="banner warn">
								<span class="banner-text">
									The data has no series called “{name}”, so the API refuses these settings. Remove them, or rename the column in the data.
								</span>
								<button
									type="button"
									class="button"
									onClick={() => {
										for (const field of fields) if (entryOf(meta[field.key], name) !== undefined) change(field, name, undefined);
									}}
								>
									Remove settings for {name}
								</button>
							</div>
						)}
						{fields.map((field, i) => {
							const value = values[i];
							const path = pathOf(field, name);
							return (
								<section key={field.key} class="series-section" aria-label={`${groupLabel(field.label)} of ${name}`}>
									<h4 class="section-label">{groupLabel(field.label)}</h4>
									{field.key === "seriesTransform" ? (
										<TransformGroup
											field={field}
											name={name}
											value={value}
											errorAt={errorAt}
											onChange={(next) => change(field, name, next)}
										/>
									) : field.value.control === "object" ? (
										<ObjectFields fields={field.value.fields} value={value} path={path} onChange={(next) => change(field, name, next)} />
									) : (
										<FieldControl
											field={field.value}
											value={value}
											path={path}
											labelOverride={`${groupLabel(field.label)} of ${name}`}
											onChange={(next) => change(field, name, next)}
										/>
									)}
								</section>
							);
						})}
					</Fold>
				);
			})}
		</div>
	);
}
