/**
 * The Refine step's form (loaded lazily by `../refine-step.tsx`, as it carries zod): every known `meta` setting, as a form generated from the zod schema the API validates
 * with (`refine/meta-schema.ts` → `refine/schema-fields.ts`), so a setting added to the schema
 * appears here with no console change. Settings keyed by series get one fold-out per series of
 * the chart; settings the schema does not know (made through the API) are shown and kept.
 */
import { useId, useMemo } from "preact/hooks";
import { useEditor } from "../../editor-context";
import { FieldControl, Fold, FormContext, type FormEnvironment, ObjectFields, SetBadge } from "./controls";
import { excludedFromForm, metaJsonSchema } from "./meta-schema";
import type { Field } from "./schema-fields";
import { fieldsFor, fieldsForKind, unknownKeys } from "./schema-fields";
import { SeriesSettings } from "./series-settings";
import { ThemePicker } from "./theme-picker";
import { useThemeDefaults } from "./use-theme-defaults";
import { diffPatch } from "./values";

/** The frame's field errors, when it offers them (an optional member of the editor's contract). */
type MaybeFieldErrors = { fieldError?(path: string): string | null | undefined };

interface Grouped {
	text: Field[];
	look: Field[];
	sections: Field[];
	series: Extract<Field, { control: "record" }>[];
	advanced: Field[];
}

function group(fields: Field[]): Grouped {
	const grouped: Grouped = { text: [], look: [], sections: [], series: [], advanced: [] };
	for (const field of fields) {
		if (field.control === "text") grouped.text.push(field);
		else if (field.control === "record") grouped.series.push(field);
		else if (field.control === "json") grouped.advanced.push(field);
		else if (field.control === "object" || field.control === "list" || field.control === "items") grouped.sections.push(field);
		else grouped.look.push(field);
	}
	return grouped;
}

export function RefineForm() {
	const editor = useEditor();
	const { chart } = editor;
	const meta = chart.meta;
	const suggestionsId = useId();
	const schema = metaJsonSchema();
	const fields = useMemo(() => fieldsFor(schema, [], excludedFromForm), [schema]);
	const shown = fieldsForKind(fields, chart.kind, meta);
	const shownKeys = shown.map((field) => field.key).join(",");
	const grouped = useMemo(() => group(shown.filter((field) => field.key !== "theme")), [fields, shownKeys]);
	const hasTheme = fields.some((field) => field.key === "theme");
	const others = unknownKeys(schema, meta);
	const otherJson = JSON.stringify(Object.fromEntries(others.map((key) => [key, meta[key]])), null, 2);

	const themeDefaults = useThemeDefaults(editor.preview);
	const errorAt = (path: string) => (editor as unknown as MaybeFieldErrors).fieldError?.(path) ?? undefined;
	const environment: FormEnvironment = { errorAt, defaultAt: (path) => themeDefaults[path], suggestions: chart.series, suggestionsId };
	const settingOf = (key: string) => (Object.hasOwn(meta, key) ? meta[key] : undefined);
	const change = (key: string, next: unknown) => {
		const patch = diffPatch(settingOf(key), next);
		if (patch !== null && typeof patch === "object" && !Array.isArray(patch) && Object.keys(patch).length === 0) return;
		editor.updateMeta(Object.fromEntries([[key, patch]]));
	};
	const control = (field: Field) => (
		<FieldControl
			key={field.key}
			field={field}
			value={settingOf(field.key)}
			path={`meta.${field.key}`}
			onChange={(next) => change(field.key, next)}
		/>
	);

	return (
		<FormContext.Provider value={environment}>
			<div class="step refine-step">
				<datalist id={suggestionsId}>
					{chart.series.map((name) => (
						<option key={name} value={name} />
					))}
				</datalist>
				<Fold title="Text" initiallyOpen className="step-section">
					<div class="field-stack">{grouped.text.map(control)}</div>
				</Fold>
				<Fold title="Look and size" initiallyOpen className="step-section">
					<div class="field-stack">
						{hasTheme && (
							<ThemePicker value={settingOf("theme")} error={errorAt("meta.theme")} onChange={(next) => change("theme", next)} />
						)}
						{grouped.look.map(control)}
					</div>
				</Fold>
				{grouped.sections.map((field) => (
					<Fold
						key={field.key}
						title={field.label}
						badge={<SetBadge value={settingOf(field.key)} />}
						className="step-section"
						attention={!!errorAt(`meta.${field.key}`)}
					>
						{field.control === "object" ? (
							<>
								{field.hint && <p class="hint">{field.hint}</p>}
								<ObjectFields
									fields={field.fields}
									value={settingOf(field.key)}
									path={`meta.${field.key}`}
									onChange={(next) => change(field.key, next)}
								/>
							</>
						) : (
							control(field)
						)}
					</Fold>
				))}
				{grouped.series.length > 0 && (
					<Fold
						title="Series"
						badge={<SetBadge value={Object.fromEntries(grouped.series.map((field) => [field.key, settingOf(field.key)]))} />}
						className="step-section"
						attention={grouped.series.some((field) => !!errorAt(`meta.${field.key}`))}
					>
						<p class="hint">Colours, names, visibility and calculations for each series.</p>
						<SeriesSettings
							fields={grouped.series}
							meta={meta}
							series={chart.series}
							errorAt={errorAt}
							onChange={(field, next) => change(field.key, next)}
						/>
					</Fold>
				)}
				{grouped.advanced.length > 0 && (
					<Fold title="Advanced" className="step-section">
						<div class="field-stack">{grouped.advanced.map(control)}</div>
					</Fold>
				)}
				{others.length > 0 && (
					<Fold title="Other settings (from the API)" className="step-section" initiallyOpen={false}>
						<p class="hint">
							Settings this editor has no controls for, made through the API. They are kept as they are and saved with the chart.
						</p>
						<label class="visually-hidden" for={`${suggestionsId}-others`}>
							Other settings (from the API), read only
						</label>
						<textarea
							id={`${suggestionsId}-others`}
							class="textarea code"
							readOnly
							rows={Math.min(12, otherJson.split("\n").length)}
							value={otherJson}
						/>
					</Fold>
				)}
			</div>
		</FormContext.Provider>
	);
}
