/**
 * Which column the chart draws as what (`meta.columns`), in the Data step: one picker per role
 * of the chart's kind (a list of boxes for the roles that take several columns), preset to the
 * roles in use, whether the person chose them or they were chosen from the columns' types, like
 * Datawrapper's column pickers and Flourish's bindings. A change is a settings edit (autosave,
 * undo); the API's refusal is shown here, with roles that would draw when there are some. The
 * grid below keeps showing the table as stored, every column.
 */
import { useEffect, useMemo, useState } from "preact/hooks";
import type { ColumnRoles } from "../../../../../domain/column-roles";
import { dayMonthOrderOf } from "../../../../../domain/csv-cells";
import type { Dataset } from "../../../../../domain/dataset";
import type { ChartKind } from "../../../../../domain/kinds";
import { Icon } from "../../../../components/icon";
import { ApiFailure } from "../../../../lib/api";
import { loadEngine } from "../../../../preview/load-engine";
import { dateOrderOf, givenRoles } from "../../../../preview/reading-settings";
import { useEditor } from "../../editor-context";
import { roleName } from "./column-role-names";
import "./column-roles-panel.css";

/** The domain's role functions: they come with the chart engine (they bring zod, the console's own code does not). */
type RoleTools = Awaited<ReturnType<typeof loadEngine>>["tableRoles"];

function useRoleTools(): RoleTools | null {
	const [tools, setTools] = useState<RoleTools | null>(null);
	useEffect(() => {
		let alive = true;
		loadEngine().then(
			(engine) => alive && setTools(engine.tableRoles),
			() => undefined,
		);
		return () => {
			alive = false;
		};
	}, []);
	return tools;
}

/** What a role of `kind` takes over all its forms: several columns in any of them. */
function takesSeveral(tools: RoleTools, kind: ChartKind, role: string): boolean {
	return tools.kindRoleForms[kind].some((form) => form.roles.some((spec) => spec.role === role && spec.many));
}

/** Text columns whose dates read either day-first or month-first (03/04/2024). */
function eitherWayDateColumns(dataset: Dataset): string[] {
	return dataset.columns
		.filter(
			(column) =>
				column.type === "text" && dayMonthOrderOf(column.values.map((cell) => (cell === null ? null : String(cell)))) === "ambiguous",
		)
		.map((column) => column.name);
}

/** A merge patch of `meta.columns` that leaves exactly `next` (the roles dropped set to null). */
function wholeRolesPatch(before: ColumnRoles | undefined, next: ColumnRoles): Record<string, unknown> {
	if (!before) return next;
	const patch: Record<string, unknown> = {};
	for (const role of new Set([...Object.keys(before), ...Object.keys(next)])) patch[role] = next[role] ?? null;
	return patch;
}

function sameRoles(a: ColumnRoles | undefined | null, b: ColumnRoles | undefined | null): boolean {
	return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** The roles the API proposed with its refusal (`details.columns`), if any. */
function proposedRoles(failure: ApiFailure): ColumnRoles | null {
	const proposed = failure.details?.columns;
	if (typeof proposed !== "object" || proposed === null || Array.isArray(proposed)) return null;
	return givenRoles({ columns: proposed }) ?? null;
}

/** The API's message in the pickers' words: its `meta.columns.y:` prefix becomes the role's plain name. */
function plainRefusal(kind: ChartKind, message: string): string {
	const prefixed = /^meta\.columns(?:\.([\w-]+))?: (.*)$/s.exec(message);
	if (!prefixed) return message.charAt(0).toUpperCase() + message.slice(1);
	const [, role, rest = ""] = prefixed;
	const said = rest.charAt(0).toUpperCase() + rest.slice(1);
	return role ? `${roleName(kind, role)}: ${rest}` : said;
}

export function ColumnRolesPanel() {
	const { chart, preview, updateMeta, saveFailure } = useEditor();
	const dataset = preview?.dataset ?? null;
	const kind = chart.kind;
	const given = givenRoles(chart.meta);
	const dateOrder = dateOrderOf(chart.meta);
	const [touched, setTouched] = useState(false);
	const tools = useRoleTools();
	const automatic = useMemo(
		() => (dataset && tools ? tools.automaticRoles(kind, dataset, dateOrder) : null),
		[tools, kind, dataset, dateOrder],
	);
	const eitherWay = useMemo(() => (dataset ? eitherWayDateColumns(dataset) : []), [dataset]);
	if (!dataset || !tools || chart.seriesReferences.length > 0 || preview?.fromStatistics) return null;
	const { columnsOf, rolesOf } = tools;

	const inUse: ColumnRoles = given ?? automatic ?? chart.columns ?? {};
	const names = dataset.columns.map((column) => column.name);
	const typeOf = (name: string) => dataset.columns.find((column) => column.name === name)?.type ?? "text";

	const choose = (next: ColumnRoles) => {
		setTouched(true);
		updateMeta({ columns: wholeRolesPatch(given, next) });
	};
	const setRole = (role: string, columns: string[]) => {
		const next: ColumnRoles = { ...inUse };
		if (columns.length === 0) delete next[role];
		else next[role] = takesSeveral(tools, kind, role) ? columns : (columns[0] as string);
		// Series from a column (the tidy form) draw one value column.
		const values = columnsOf(next, "y");
		if (next.series !== undefined && values.length > 1) next.y = [values[0] as string];
		choose(next);
	};

	const refusal =
		saveFailure instanceof ApiFailure &&
		saveFailure.status === 422 &&
		saveFailure.code === "invalid_data" &&
		(touched || saveFailure.details?.columns)
			? saveFailure
			: null;
	const proposal = refusal ? (proposedRoles(refusal) ?? automatic) : null;
	const offered = proposal && !sameRoles(proposal, given) ? proposal : null;

	return (
		<section class="column-roles" aria-labelledby="column-roles-title">
			<div class="column-roles-head">
				<h2 class="section-label" id="column-roles-title">
					Columns in the chart
				</h2>
				{given ? (
					<button
						type="button"
						class="button quiet"
						onClick={() => {
							setTouched(true);
							updateMeta({ columns: null });
						}}
					>
						Choose automatically
					</button>
				) : (
					<span class="meta-text column-roles-auto">
						<Icon name="check" size={14} /> Chosen automatically
					</span>
				)}
			</div>
			<div class="column-roles-fields">
				{rolesOf(kind).map((role) => {
					const many = takesSeveral(tools, kind, role);
					const chosen = columnsOf(inUse, role);
					const id = `column-role-${role}`;
					const title = (
						<>
							{roleName(kind, role)} <code class="role-id">{role}</code>
						</>
					);
					if (many) {
						return (
							<fieldset key={role} class="field column-role many">
								<legend class="field-label">{title}</legend>
								<div class="column-role-boxes">
									{names.map((name) => (
										<label key={name} class="checkbox">
											<input
												type="checkbox"
												checked={chosen.includes(name)}
												onChange={(event) => {
													const on = (event.currentTarget as HTMLInputElement).checked;
													setRole(role, on ? names.filter((n) => n === name || chosen.includes(n)) : chosen.filter((n) => n !== name));
												}}
											/>
											<span>{name}</span>
										</label>
									))}
								</div>
							</fieldset>
						);
					}
					return (
						<div key={role} class="field column-role">
							<label for={id}>{title}</label>
							<select
								id={id}
								class="select"
								value={chosen[0] ?? ""}
								onChange={(event) => {
									const name = (event.currentTarget as HTMLSelectElement).value;
									setRole(role, name === "" ? [] : [name]);
								}}
							>
								<option value="">Not used</option>
								{names.map((name) => (
									<option key={name} value={name}>
										{name} ({typeOf(name)})
									</option>
								))}
							</select>
						</div>
					);
				})}
			</div>
			{refusal && (
				<div class="banner error column-roles-refusal" role="alert">
					<Icon name="alert" />
					<div class="banner-text">
						<p>
							<strong>These columns cannot be drawn</strong>
						</p>
						<p>{plainRefusal(kind, refusal.message)}</p>
						{offered && (
							<button type="button" class="button" onClick={() => choose(offered)}>
								Use these columns
							</button>
						)}
					</div>
				</div>
			)}
			{eitherWay.length > 0 && (
				<fieldset class="field column-roles-dates">
					<legend class="field-label">
						Dates in “{eitherWay.join("”, “")}” <code class="role-id">dateOrder</code>
					</legend>
					<div class="segmented">
						{(
							[
								["", "As written"],
								["day-first", "Day first"],
								["month-first", "Month first"],
							] as const
						).map(([value, label]) => (
							<label key={value} class="segment">
								<input
									type="radio"
									name="date-order"
									value={value}
									checked={(dateOrder ?? "") === value}
									onChange={() => {
										setTouched(true);
										updateMeta({ dateOrder: value === "" ? null : value });
									}}
								/>
								<span>{label}</span>
							</label>
						))}
					</div>
					<p class="hint">Every date here reads either way (03/04 is 3 April or 4 March). As written, they are labels in row order.</p>
				</fieldset>
			)}
		</section>
	);
}
