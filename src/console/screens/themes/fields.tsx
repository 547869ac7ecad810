/**
 * The studio's inputs: a colour (hex text and a picker), a number in a range, and the palette
 * list. Each keeps what is typed locally and passes on only valid values, so the theme being
 * previewed and saved is always a valid one; a value that is not says why at the field.
 */
import { useEffect, useState } from "preact/hooks";
import { Icon } from "../../components/icon";
import { isHexColor, movedPalette, nextPaletteColor, paletteLimits, pickerValue } from "./theme-model";

interface ColorFieldProps {
	id: string;
	label: string;
	hint?: string;
	value: string;
	onChange(value: string): void;
}

export function ColorField({ id, label, hint, value, onChange }: ColorFieldProps) {
	const [draft, setDraft] = useState(value);
	useEffect(() => setDraft(value), [value]);
	const invalid = !isHexColor(draft.trim());
	return (
		<div class="color-field">
			<input
				type="color"
				class="color-swatch"
				aria-label={`${label} picker`}
				value={pickerValue(value)}
				onInput={(e) => onChange(e.currentTarget.value)}
			/>
			<div class="color-text">
				<span class="color-label">
					<label for={id}>{label}</label>
					{hint && (
						<span id={`${id}-hint`} class="muted">
							{" "}
							· {hint}
						</span>
					)}
				</span>
				<input
					id={id}
					class="input tabular"
					value={draft}
					spellcheck={false}
					autocomplete="off"
					aria-invalid={invalid}
					aria-describedby={[hint ? `${id}-hint` : "", invalid ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined}
					onInput={(e) => {
						const text = e.currentTarget.value;
						setDraft(text);
						if (isHexColor(text.trim())) onChange(text.trim());
					}}
				/>
				{invalid && (
					<span id={`${id}-error`} class="error-text">
						Use a hex colour like #1a2b3c.
					</span>
				)}
			</div>
		</div>
	);
}

interface NumberFieldProps {
	id: string;
	label: string;
	unit?: string;
	value: number;
	min: number;
	max: number;
	onChange(value: number): void;
}

export function NumberField({ id, label, unit, value, min, max, onChange }: NumberFieldProps) {
	const [draft, setDraft] = useState(String(value));
	useEffect(() => setDraft(String(value)), [value]);
	const parsed = Number(draft);
	const invalid = draft.trim() === "" || !Number.isFinite(parsed) || parsed < min || parsed > max;
	return (
		<div class="field number-field">
			<label for={id}>
				{label}
				{unit && <span class="muted"> ({unit})</span>}
			</label>
			<input
				id={id}
				class="input tabular"
				type="number"
				inputMode="decimal"
				min={min}
				max={max}
				value={draft}
				aria-invalid={invalid}
				onInput={(e) => {
					const text = e.currentTarget.value;
					setDraft(text);
					const n = Number(text);
					if (text.trim() !== "" && Number.isFinite(n) && n >= min && n <= max) onChange(n);
				}}
			/>
			{invalid && (
				<span class="error-text">
					From {min} to {max}.
				</span>
			)}
		</div>
	);
}

export function PaletteEditor({ mode, palette, onChange }: { mode: string; palette: string[]; onChange(next: string[]): void }) {
	return (
		<fieldset class="palette-editor">
			<legend class="field-label">
				Palette{" "}
				<span class="muted">
					· series colours in order, {paletteLimits.min}–{paletteLimits.max}
				</span>
			</legend>
			<ol class="palette-list">
				{palette.map((color, index) => {
					const n = index + 1;
					return (
						// Keyed by position: colours may repeat, and a moved colour is a new value at that position.
						<li key={index} class="palette-item">
							<ColorField
								id={`palette-${mode}-${index}`}
								label={`Colour ${n}`}
								value={color}
								onChange={(value) => onChange(palette.map((c, i) => (i === index ? value : c)))}
							/>
							<div class="palette-actions">
								<button
									type="button"
									class="button quiet icon"
									aria-label={`Move colour ${n} up`}
									disabled={index === 0}
									onClick={() => onChange(movedPalette(palette, index, index - 1))}
								>
									<Icon name="chevronDown" class="flip" />
								</button>
								<button
									type="button"
									class="button quiet icon"
									aria-label={`Move colour ${n} down`}
									disabled={index === palette.length - 1}
									onClick={() => onChange(movedPalette(palette, index, index + 1))}
								>
									<Icon name="chevronDown" />
								</button>
								<button
									type="button"
									class="button quiet icon"
									aria-label={`Remove colour ${n}`}
									disabled={palette.length <= paletteLimits.min}
									onClick={() => onChange(palette.filter((_, i) => i !== index))}
								>
									<Icon name="close" />
								</button>
							</div>
						</li>
					);
				})}
			</ol>
			<button
				type="button"
				class="button"
				disabled={palette.length >= paletteLimits.max}
				onClick={() => onChange([...palette, nextPaletteColor(palette)])}
			>
				<Icon name="plus" /> Add colour
			</button>
			{palette.length >= paletteLimits.max && <span class="hint">A palette holds at most {paletteLimits.max} colours.</span>}
		</fieldset>
	);
}
