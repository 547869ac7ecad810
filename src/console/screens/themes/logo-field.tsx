/**
 * The theme's logo: a PNG, JPEG or SVG file read in the page into the data URI the theme stores
 * (renders never fetch URLs, D20). It is sent on its own, at once, so a file the API refuses (an
 * SVG with scripts or external references, see formats/svg/logo.ts) is named at this field and the
 * rest of the theme keeps saving.
 */
import { ApiFailure, api, describeFailure } from "../../lib/api";
import { fileSize } from "../../lib/format";
import { useSubmit } from "../../lib/use-submit";
import { NumberField } from "./fields";
import type { ConsoleTheme, ThemeDefinition } from "./theme-model";

type Logo = NonNullable<ThemeDefinition["logo"]>;
const types = ["image/png", "image/jpeg", "image/svg+xml"];
/** The theme schema's limit is 512 KiB of data URI; base64 makes a file 4/3 as long. */
const maxFileBytes = Math.floor(((512 * 1024 - 40) * 3) / 4);

const positions: { value: Logo["position"]; label: string }[] = [
	{ value: "top-right", label: "Top right" },
	{ value: "bottom-right", label: "Bottom right" },
	{ value: "bottom-left", label: "Bottom left" },
];

function readDataUri(file: File): Promise<string> {
	return new Promise((resolve, reject) => {
		const reader = new FileReader();
		reader.onload = () => resolve(String(reader.result));
		reader.onerror = () => reject(new Error("The file could not be read."));
		reader.readAsDataURL(file);
	});
}

interface LogoFieldProps {
	themeId: string;
	logo: Logo | undefined;
	onChange(logo: Logo | undefined): void;
	/** A failure of the autosave that names the logo. */
	saveFailure: string | null;
}

export function LogoField({ themeId, logo, onChange, saveFailure }: LogoFieldProps) {
	const { busy, error, submit, setError } = useSubmit({
		describe: (failure) => (failure instanceof ApiFailure ? failure.message : describeFailure(failure)),
	});

	const upload = async (file: File) => {
		setError(null);
		if (!types.includes(file.type)) return setError(`${file.name} is not a PNG, JPEG or SVG file.`);
		if (file.size > maxFileBytes)
			return setError(`${file.name} is ${fileSize(file.size)}; a logo can be at most ${fileSize(maxFileBytes)}.`);
		await submit(async () => {
			const next: Logo = { dataUri: await readDataUri(file), width: logo?.width ?? 80, position: logo?.position ?? "top-right" };
			await api.patch<ConsoleTheme>(`/console/api/themes/${encodeURIComponent(themeId)}`, { logo: next });
			onChange(next);
		});
	};

	const shown = error ?? saveFailure;
	return (
		<div class="logo-field">
			{logo && (
				<div class="logo-current">
					<img src={logo.dataUri} alt="The theme's logo" />
				</div>
			)}
			<div class="field">
				<label for="logo-file">{logo ? "Replace logo" : "Upload a logo"}</label>
				<input
					id="logo-file"
					type="file"
					class="input"
					accept={types.join(",")}
					disabled={busy}
					aria-describedby="logo-hint"
					onChange={(e) => {
						const file = e.currentTarget.files?.[0];
						e.currentTarget.value = "";
						if (file) void upload(file);
					}}
				/>
				<span id="logo-hint" class="hint">
					PNG, JPEG or SVG, at most {fileSize(maxFileBytes)}. SVG logos may not contain scripts, event attributes or links to other files.
				</span>
				{busy && <span class="hint">Uploading…</span>}
				{shown && (
					<span class="error-text" role="alert">
						{shown}
					</span>
				)}
			</div>
			{logo && (
				<>
					<NumberField
						id="logo-width"
						label="Logo width"
						unit="px"
						value={logo.width}
						min={8}
						max={400}
						onChange={(width) => onChange({ ...logo, width })}
					/>
					<div class="field">
						<label for="logo-position">Position</label>
						<select
							id="logo-position"
							class="select"
							value={logo.position}
							onChange={(e) => onChange({ ...logo, position: e.currentTarget.value as Logo["position"] })}
						>
							{positions.map((p) => (
								<option key={p.value} value={p.value}>
									{p.label}
								</option>
							))}
						</select>
					</div>
					<div>
						<button type="button" class="button" onClick={() => onChange(undefined)}>
							Remove logo
						</button>
					</div>
				</>
			)}
		</div>
	);
}
