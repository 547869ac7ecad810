/** A new password with its rule said under it, and the API's refusal in its place when there is one. */
import { minPasswordLength } from "../lib/passwords";

interface NewPasswordFieldProps {
	id: string;
	label: string;
	value: string;
	onInput(value: string): void;
	error?: string | null;
	autofocus?: boolean;
}

export function NewPasswordField({ id, label, value, onInput, error, autofocus }: NewPasswordFieldProps) {
	return (
		<div class="field">
			<label for={id}>{label}</label>
			<input
				id={id}
				class="input"
				type="password"
				autocomplete="new-password"
				minLength={minPasswordLength}
				required
				value={value}
				onInput={(e) => onInput(e.currentTarget.value)}
				aria-invalid={error ? "true" : undefined}
				aria-describedby={`${id}-hint`}
				autofocus={autofocus}
			/>
			<span class="hint" id={`${id}-hint`}>
				At least {minPasswordLength} characters. A sentence you can remember works well.
			</span>
		</div>
	);
}
