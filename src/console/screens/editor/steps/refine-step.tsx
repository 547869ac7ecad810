/**
 * Refine: every known `meta` setting as a form generated from the zod schema the API validates
 * with (see `refine/refine-form.tsx`). The form and the schema load when the step first opens, so
 * the console's first screen does not wait for them.
 */
import type { ComponentType } from "preact";
import { useEffect, useState } from "preact/hooks";
import { describeFailure } from "../../../lib/api";
import "./steps.css";

let loading: Promise<ComponentType> | null = null;

function loadForm(): Promise<ComponentType> {
	loading ??= Promise.all([import("./refine/refine-form"), import("./refine/meta-schema").then((m) => m.loadMetaJsonSchema())]).then(
		([module]) => module.RefineForm,
	);
	return loading;
}

export function RefineStep() {
	const [Form, setForm] = useState<{ component: ComponentType } | null>(null);
	const [failure, setFailure] = useState<string | null>(null);
	const load = () => {
		setFailure(null);
		loadForm().then(
			(component) => setForm({ component }),
			(error: unknown) => {
				loading = null;
				setFailure(describeFailure(error));
			},
		);
	};
	useEffect(load, []);
	if (Form) return <Form.component />;
	if (failure) {
		return (
			<div class="step">
				<div class="banner error" role="alert">
					<span class="banner-text">The settings could not be loaded: {failure}</span>
					<button type="button" class="button" onClick={load}>
						Try again
					</button>
				</div>
			</div>
		);
	}
	return (
		<div class="step" role="status" aria-busy="true" aria-label="Loading the settings">
			{[0, 1, 2].map((i) => (
				<div key={i} class="skeleton refine-skeleton" />
			))}
		</div>
	);
}
