/**
 * The theme studio (`/themes/{id}`; docs/design.md#console-layout): one column of controls
 * (name, colours for light and dark, fonts, surfaces, logo) with the accessibility checks on top,
 * and beside it six sample charts in light and dark drawn live by the renderer's option builders.
 * Every change autosaves; checks warn and never block. Built-in themes open read-only, with a
 * way to make an editable copy.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "preact/hooks";
import { themeChecks } from "../../../domain/theme-checks";
import { Icon } from "../../components/icon";
import { SaveStatus } from "../../components/save-status";
import { announce } from "../../lib/announce";
import { ApiFailure, api, describeFailure } from "../../lib/api";
import { canEdit } from "../../lib/roles";
import { Link, navigate } from "../../lib/router";
import { useRole } from "../../lib/session";
import { ChecksPanel } from "./checks-panel";
import { ColorField, NumberField, PaletteEditor } from "./fields";
import { fontFamilies } from "./font-choices";
import { FontLibrary } from "./font-library";
import { LogoField } from "./logo-field";
import type { ConsoleTheme, ModeName, ThemeDefinition } from "./theme-model";
import { colorFields, withModeColors } from "./theme-model";
import { ThemePreview } from "./theme-preview";
import { useThemeAutosave } from "./use-theme-autosave";
import "./themes.css";

type Load = { state: "loading" } | { state: "missing" } | { state: "failed"; message: string } | { state: "ready"; theme: ConsoleTheme };

const gridLineChoices: { value: ThemeDefinition["surfaces"]["gridLines"]; label: string }[] = [
	{ value: "horizontal", label: "Horizontal" },
	{ value: "vertical", label: "Vertical" },
	{ value: "both", label: "Both" },
	{ value: "none", label: "None" },
];

async function copyTheme(definition: ThemeDefinition): Promise<ConsoleTheme> {
	const name = `${definition.name} copy`.slice(0, 100);
	const { body } = await api.post<ConsoleTheme>("/console/api/themes", { ...definition, name });
	return body;
}

function Section({ title, children, open = true }: { title: string; children: preact.ComponentChildren; open?: boolean }) {
	return (
		<details class="studio-section" open={open}>
			<summary>{title}</summary>
			<div class="studio-section-body">{children}</div>
		</details>
	);
}

function Studio({ theme, onSaved }: { theme: ConsoleTheme; onSaved(saved: ConsoleTheme): void }) {
	const autosave = useThemeAutosave(theme, onSaved);
	const { definition, change } = autosave;
	const [mode, setMode] = useState<ModeName>("light");
	const [families, setFamilies] = useState<{ bundled: string[]; uploaded: string[] }>({ bundled: ["Inter"], uploaded: [] });
	const [nameDraft, setNameDraft] = useState(definition.name);
	const [action, setAction] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
	const liveChecks = useMemo(() => themeChecks(definition), [definition]);
	// A viewer sees every theme as it is; a built-in theme is read-only for everyone.
	const viewer = !canEdit(useRole());
	const readOnly = theme.builtIn || viewer;

	useEffect(() => {
		fontFamilies().then(setFamilies);
	}, []);
	useEffect(() => {
		if (definition.name !== nameDraft.trim()) setNameDraft(definition.name);
	}, [definition.name]);

	// Ctrl/Cmd+Z undoes the last change to the theme, as in the chart editor.
	const undoRef = useRef(autosave.undo);
	undoRef.current = autosave.undo;
	useEffect(() => {
		if (readOnly) return;
		const onKey = (event: KeyboardEvent) => {
			if (event.key.toLowerCase() !== "z" || event.shiftKey || event.altKey || !(event.ctrlKey || event.metaKey)) return;
			if (undoRef.current()) event.preventDefault();
		};
		document.addEventListener("keydown", onKey);
		return () => document.removeEventListener("keydown", onKey);
	}, [readOnly]);

	const makeDefault = async () => {
		setAction({ busy: true, error: null });
		try {
			const { body } = await api.post<ConsoleTheme>(`/console/api/themes/${encodeURIComponent(theme.id)}/default`);
			onSaved(body);
			announce(`${definition.name} is now the default theme`);
			setAction({ busy: false, error: null });
		} catch (failure) {
			setAction({ busy: false, error: describeFailure(failure) });
		}
	};

	const makeCopy = async () => {
		setAction({ busy: true, error: null });
		try {
			const copy = await copyTheme(definition);
			announce(`Created ${copy.name}`);
			navigate(`/themes/${encodeURIComponent(copy.id)}`);
		} catch (failure) {
			setAction({ busy: false, error: describeFailure(failure) });
		}
	};

	const family = definition.fonts.family;
	const familyKnown = families.bundled.includes(family) || families.uploaded.includes(family);
	const logoFailure = autosave.failure?.path?.startsWith("logo") ? autosave.failure.message : null;
	const otherFailure = autosave.failure && !logoFailure ? autosave.failure.message : null;
	const nameInvalid = nameDraft.trim() === "";

	return (
		<div class="studio">
			<header class="studio-bar">
				<Link href="/themes" class="button quiet">
					<Icon name="back" /> Themes
				</Link>
				<h1 class="studio-title">{definition.name}</h1>
				{theme.isDefault && <span class="badge">Default</span>}
				{theme.builtIn && <span class="badge quiet">Built-in</span>}
				<div class="studio-bar-end">
					{!readOnly && <SaveStatus state={autosave.saveState} onRetry={autosave.retry} />}
					{!readOnly && (
						<button
							type="button"
							class="button quiet"
							disabled={!autosave.canUndo}
							onClick={() => autosave.undo()}
							aria-keyshortcuts="Control+Z Meta+Z"
							title="Undo (Ctrl+Z)"
						>
							<Icon name="undo" /> Undo
						</button>
					)}
					{!theme.isDefault && !readOnly && (
						<button type="button" class="button" disabled={action.busy} onClick={makeDefault}>
							Make default
						</button>
					)}
					{readOnly && !viewer && (
						<button type="button" class="button primary" disabled={action.busy} onClick={makeCopy}>
							Make an editable copy
						</button>
					)}
				</div>
			</header>
			{action.error && (
				<div class="banner error" role="alert">
					<span class="banner-text">{action.error}</span>
				</div>
			)}
			{otherFailure && (
				<div class="banner error" role="alert">
					<span class="banner-text">Not saved: {otherFailure}</span>
					<button type="button" class="button" onClick={autosave.retry}>
						Retry
					</button>
				</div>
			)}
			{readOnly && (
				<div class="banner">
					<span class="banner-text">
						{viewer
							? "You are a viewer: you can look at themes but not change them. The workspace's owner or an admin can give you editor access."
							: "Built-in themes cannot be changed. Make an editable copy to change its colours, fonts or logo."}
					</span>
				</div>
			)}
			<div class="studio-body">
				<form class="studio-controls" aria-label="Theme settings" onSubmit={(e) => e.preventDefault()}>
					<ChecksPanel
						checks={autosave.saveState === "saved" ? autosave.savedChecks : liveChecks}
						saved={autosave.saveState === "saved" && !readOnly}
					/>
					{/* Outside the fieldset: a built-in theme's dark colours can be looked at too. */}
					<div class="mode-switch">
						<span class="field-label" id="colour-mode-label">
							Colours for
						</span>
						<div class="segmented" role="radiogroup" aria-labelledby="colour-mode-label">
							{(["light", "dark"] as const).map((value) => (
								<label key={value} class={mode === value ? "selected" : undefined}>
									<input type="radio" name="colour-mode" value={value} checked={mode === value} onChange={() => setMode(value)} />
									<Icon name={value === "light" ? "sun" : "moon"} />
									{value === "light" ? "Light" : "Dark"}
								</label>
							))}
						</div>
					</div>
					<fieldset disabled={readOnly} class="studio-fieldset">
						<div class="field">
							<label for="theme-name">Theme name</label>
							<input
								id="theme-name"
								class="input"
								value={nameDraft}
								maxLength={100}
								aria-invalid={nameInvalid}
								onInput={(e) => {
									const text = e.currentTarget.value;
									setNameDraft(text);
									if (text.trim() !== "") change({ ...definition, name: text.trim() });
								}}
							/>
							{nameInvalid && <span class="error-text">A theme needs a name.</span>}
						</div>
						<Section title="Colours">
							<div class="color-grid">
								{colorFields.map((field) => (
									<ColorField
										key={`${mode}-${field.key}`}
										id={`color-${mode}-${field.key}`}
										label={field.label}
										hint={field.hint}
										value={definition.colors[mode][field.key]}
										onChange={(value) => change(withModeColors(definition, mode, { [field.key]: value }))}
									/>
								))}
							</div>
							<PaletteEditor
								key={mode}
								mode={mode}
								palette={definition.colors[mode].palette}
								onChange={(palette) => change(withModeColors(definition, mode, { palette }))}
							/>
						</Section>
						<Section title="Fonts">
							<div class="field">
								<label for="font-family">Font family</label>
								<select
									id="font-family"
									class="select"
									value={family}
									onChange={(e) => change({ ...definition, fonts: { ...definition.fonts, family: e.currentTarget.value } })}
								>
									<optgroup label="Bundled">
										{families.bundled.map((f) => (
											<option key={f} value={f}>
												{f}
											</option>
										))}
									</optgroup>
									{families.uploaded.length > 0 && (
										<optgroup label="Uploaded">
											{families.uploaded.map((f) => (
												<option key={f} value={f}>
													{f}
												</option>
											))}
										</optgroup>
									)}
									{!familyKnown && <option value={family}>{family} (not available: drawn with Inter)</option>}
								</select>
							</div>
							<FontLibrary
								readOnly={readOnly}
								onChanged={(uploadedFamily) => {
									void fontFamilies().then(setFamilies);
									if (uploadedFamily && !readOnly) change({ ...definition, fonts: { ...definition.fonts, family: uploadedFamily } });
								}}
							/>
							<div class="field-row">
								<NumberField
									id="title-size"
									label="Title size"
									unit="px"
									value={definition.fonts.titleSize}
									min={8}
									max={72}
									onChange={(titleSize) => change({ ...definition, fonts: { ...definition.fonts, titleSize } })}
								/>
								<NumberField
									id="body-size"
									label="Body size"
									unit="px"
									value={definition.fonts.bodySize}
									min={6}
									max={48}
									onChange={(bodySize) => change({ ...definition, fonts: { ...definition.fonts, bodySize } })}
								/>
							</div>
							<div class="field">
								<label for="title-weight">Title weight</label>
								<select
									id="title-weight"
									class="select"
									value={String(definition.fonts.titleWeight)}
									onChange={(e) =>
										change({
											...definition,
											fonts: { ...definition.fonts, titleWeight: Number(e.currentTarget.value) as ThemeDefinition["fonts"]["titleWeight"] },
										})
									}
								>
									<option value="400">Regular (400)</option>
									<option value="500">Medium (500)</option>
									<option value="600">Semibold (600)</option>
									<option value="700">Bold (700)</option>
								</select>
							</div>
						</Section>
						<Section title="Surfaces">
							<div class="field-row">
								<NumberField
									id="surface-padding"
									label="Padding"
									unit="px"
									value={definition.surfaces.padding}
									min={0}
									max={200}
									onChange={(padding) => change({ ...definition, surfaces: { ...definition.surfaces, padding } })}
								/>
								<NumberField
									id="surface-radius"
									label="Corner radius"
									unit="px"
									value={definition.surfaces.cornerRadius}
									min={0}
									max={50}
									onChange={(cornerRadius) => change({ ...definition, surfaces: { ...definition.surfaces, cornerRadius } })}
								/>
							</div>
							<div class="field">
								<label for="grid-lines">Grid lines</label>
								<select
									id="grid-lines"
									class="select"
									value={definition.surfaces.gridLines}
									onChange={(e) =>
										change({
											...definition,
											surfaces: { ...definition.surfaces, gridLines: e.currentTarget.value as ThemeDefinition["surfaces"]["gridLines"] },
										})
									}
								>
									{gridLineChoices.map((choice) => (
										<option key={choice.value} value={choice.value}>
											{choice.label}
										</option>
									))}
								</select>
							</div>
						</Section>
						<Section title="Logo">
							<LogoField
								themeId={theme.id}
								logo={definition.logo}
								saveFailure={logoFailure}
								onChange={(logo) => {
									const { logo: _old, ...rest } = definition;
									change(logo ? { ...rest, logo } : rest);
								}}
							/>
						</Section>
					</fieldset>
				</form>
				<ThemePreview theme={definition} />
			</div>
		</div>
	);
}

export function ThemeStudioScreen({ themeId }: { themeId: string }) {
	const [load, setLoad] = useState<Load>({ state: "loading" });
	const open = useCallback(() => {
		setLoad({ state: "loading" });
		api.get<ConsoleTheme>(`/console/api/themes/${encodeURIComponent(themeId)}`).then(
			({ body }) => setLoad({ state: "ready", theme: body }),
			(failure: unknown) =>
				setLoad(
					failure instanceof ApiFailure && failure.status === 404
						? { state: "missing" }
						: { state: "failed", message: describeFailure(failure) },
				),
		);
	}, [themeId]);
	useEffect(open, [open]);
	// The facts (default, chart count) follow each save; the definition stays the studio's own.
	const onSaved = useCallback((saved: ConsoleTheme) => {
		setLoad((current) =>
			current.state === "ready"
				? { state: "ready", theme: { ...current.theme, isDefault: saved.isDefault, chartCount: saved.chartCount } }
				: current,
		);
	}, []);

	if (load.state === "loading") {
		return <div class="studio-skeleton" role="status" aria-busy="true" aria-label="Loading the theme" />;
	}
	if (load.state === "missing") {
		return (
			<div class="empty-state panel">
				<h1>No such theme</h1>
				<p class="muted">It may have been deleted.</p>
				<Link href="/themes" class="button primary">
					Back to themes
				</Link>
			</div>
		);
	}
	if (load.state === "failed") {
		return (
			<div class="banner error" role="alert">
				<span class="banner-text">The theme could not load: {load.message}</span>
				<button type="button" class="button" onClick={open}>
					Try again
				</button>
			</div>
		);
	}
	return <Studio key={load.theme.id} theme={load.theme} onSaved={onSaved} />;
}
