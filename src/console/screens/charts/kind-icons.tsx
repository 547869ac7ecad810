/**
 * The chart kinds as small pictures: `<KindIcon kind="pie" />` is a 48×32 drawing of a pie (their
 * names are in `src/domain/kind-catalog.ts`). Drawn in `currentColor` only
 * (marks solid, secondary marks and axes translucent), so the same icon sits in a list row, a
 * kind picker or a dark panel: set `color` on a parent. Shared with the editor's kind picker.
 */
import type { JSX } from "preact";
import type { ChartKind } from "../../../domain/kinds";

/** Secondary marks and axes: the same colour, lighter. */
const soft = { opacity: 0.4 };
const axis = { stroke: "currentColor", "stroke-width": 1.5, opacity: 0.35, "stroke-linecap": "round" } as const;
const line = { fill: "none", stroke: "currentColor", "stroke-width": 2, "stroke-linecap": "round", "stroke-linejoin": "round" } as const;

const baseline = () => <path d="M6 27.5h36" {...axis} />;

const drawings: Record<ChartKind, () => JSX.Element> = {
	line: () => (
		<>
			{baseline()}
			<path d="M6 24l8-4 8 2 8-7 12-3" {...line} {...soft} />
			<path d="M6 20l8-7 8 4 8-9 12-3" {...line} />
		</>
	),
	"horizontal-bar": () => (
		<>
			<path d="M7.5 4v24" {...axis} />
			<rect x="9" y="5" width="28" height="4.5" rx="1" />
			<rect x="9" y="11.5" width="20" height="4.5" rx="1" />
			<rect x="9" y="18" width="33" height="4.5" rx="1" {...soft} />
			<rect x="9" y="24" width="13" height="3.5" rx="1" {...soft} />
		</>
	),
	pie: () => (
		<>
			<circle cx="24" cy="16" r="11.5" {...soft} />
			<path d="M24 16V4.5a11.5 11.5 0 0 1 10.8 15.4z" />
		</>
	),
	scatter: () => (
		<>
			<path d="M7.5 4v23.5H42" {...axis} fill="none" />
			<circle cx="13" cy="22" r="2" />
			<circle cx="18" cy="17" r="2" {...soft} />
			<circle cx="22" cy="20" r="2" />
			<circle cx="27" cy="12" r="2" />
			<circle cx="32" cy="15" r="2" {...soft} />
			<circle cx="37" cy="8" r="2" />
		</>
	),
	themeriver: () => (
		<>
			<path d="M5 13c7-1 9-7 17-5s10 4 21 1v8c-8 2-12-2-19 0S11 21 5 19z" />
			<path d="M5 19c6 2 12-3 19-1s11 2 19 0v6c-8 2-12 0-19 1S11 26 5 24z" {...soft} />
		</>
	),
	multiples: () => (
		<>
			<rect x="5.75" y="4.75" width="17" height="10" rx="1.5" fill="none" {...axis} />
			<rect x="25.25" y="4.75" width="17" height="10" rx="1.5" fill="none" {...axis} />
			<rect x="5.75" y="17.25" width="17" height="10" rx="1.5" fill="none" {...axis} />
			<rect x="25.25" y="17.25" width="17" height="10" rx="1.5" fill="none" {...axis} />
			<path d="M8 12l4-3 3 1 5-4" {...line} stroke-width="1.6" />
			<path d="M28 12l4-1 3-3 5 1" {...line} stroke-width="1.6" />
			<path d="M8 24l4-4 3 2 5-2" {...line} stroke-width="1.6" />
			<path d="M28 22l4 1 3-4 5-1" {...line} stroke-width="1.6" />
		</>
	),
	map: () => (
		<>
			<path d="M7 9l7-4 7 2 2 6-3 5-6 1-5-3z" />
			<path d="M24 6l8-1 7 4 2 7-4 5-6-2-4-6z" {...soft} />
			<path d="M14 21l6-1 5 3-1 5-7 1-4-4z" {...soft} />
			<path d="M29 21l6 1 3 4-5 3-5-3z" />
		</>
	),
	dot: () => (
		<>
			<path d="M7 8.5h34M7 16h34M7 23.5h34" {...axis} />
			<circle cx="14" cy="8.5" r="2.6" {...soft} />
			<circle cx="30" cy="8.5" r="2.6" />
			<circle cx="19" cy="16" r="2.6" {...soft} />
			<circle cx="36" cy="16" r="2.6" />
			<circle cx="11" cy="23.5" r="2.6" {...soft} />
			<circle cx="25" cy="23.5" r="2.6" />
		</>
	),
	range: () => (
		<>
			<path d="M13 8.5h18M20 16h18M9 23.5h14" {...line} stroke-width="3.5" {...soft} />
			<circle cx="13" cy="8.5" r="2.6" />
			<circle cx="31" cy="8.5" r="2.6" />
			<circle cx="20" cy="16" r="2.6" />
			<circle cx="38" cy="16" r="2.6" />
			<circle cx="9" cy="23.5" r="2.6" />
			<circle cx="23" cy="23.5" r="2.6" />
		</>
	),
	arrow: () => (
		<>
			<circle cx="10" cy="8.5" r="2.2" {...soft} />
			<path d="M10 8.5h24m-4-3.5l4 3.5-4 3.5" {...line} />
			<circle cx="38" cy="16" r="2.2" {...soft} />
			<path d="M38 16H18m4-3.5L18 16l4 3.5" {...line} />
			<circle cx="14" cy="23.5" r="2.2" {...soft} />
			<path d="M14 23.5h14m-4-3.5l4 3.5-4 3.5" {...line} />
		</>
	),
	candlestick: () => (
		<>
			<path d="M11 5v22M21 8v18M31 4v16M39 9v18" {...line} stroke-width="1.5" {...soft} />
			<rect x="8" y="10" width="6" height="12" rx="1" />
			<rect x="18" y="12" width="6" height="8" rx="1" {...soft} />
			<rect x="28" y="7" width="6" height="9" rx="1" />
			<rect x="36" y="13" width="6" height="10" rx="1" {...soft} />
		</>
	),
	heatmap: () => (
		<>
			{[0, 1, 2].flatMap((row) =>
				[0, 1, 2, 3, 4].map((col) => (
					<rect
						key={`${row}-${col}`}
						x={6 + col * 7.5}
						y={5 + row * 7.5}
						width="6.5"
						height="6.5"
						rx="1"
						opacity={[0.25, 0.5, 0.9, 0.4, 0.7, 1, 0.3, 0.6, 0.2, 0.8, 0.45, 0.2, 0.75, 1, 0.35][row * 5 + col]}
					/>
				)),
			)}
		</>
	),
	treemap: () => (
		<>
			<rect x="5" y="4" width="20" height="24" rx="1.5" />
			<rect x="26.5" y="4" width="16.5" height="13" rx="1.5" {...soft} />
			<rect x="26.5" y="18.5" width="8.5" height="9.5" rx="1.5" opacity="0.7" />
			<rect x="36.5" y="18.5" width="6.5" height="9.5" rx="1.5" opacity="0.25" />
		</>
	),
	sankey: () => (
		<>
			<path d="M9 5c14 0 14 6 28 6v6C23 17 23 13 9 13z" {...soft} />
			<path d="M9 15c14 0 14 4 28 4v8c-14 0-14-6-28-6z" opacity="0.25" />
			<rect x="5" y="5" width="4" height="16" rx="1" />
			<rect x="37" y="11" width="4" height="16" rx="1" />
		</>
	),
	boxplot: () => (
		<>
			<path d="M15 4v6m0 12v6M33 7v5m0 10v6" {...line} stroke-width="1.5" />
			<path d="M11 4h8m-8 24h8M29 7h8m-8 21h8" {...line} stroke-width="1.5" />
			<rect x="10" y="10" width="10" height="12" rx="1" />
			<rect x="28" y="12" width="10" height="10" rx="1" {...soft} />
			<path d="M10 15h10M28 17h10" style={{ stroke: "var(--bg)" }} stroke-width="1.5" />
		</>
	),
	radar: () => (
		<>
			<path d="M24 3.5l11.3 6.5v13L24 29.5 12.7 23V10z" fill="none" {...axis} />
			<path d="M24 3.5v26M12.7 10l22.6 13M35.3 10L12.7 23" {...axis} stroke-width="1" />
			<path d="M24 7l8 5-2 9-6 4-8-4-2-8z" {...soft} />
			<path d="M24 7l8 5-2 9-6 4-8-4-2-8z" {...line} stroke-width="1.6" />
		</>
	),
	table: () => (
		<>
			<rect x="5" y="4" width="38" height="6" rx="1.5" />
			<path d="M6 15.5h36M6 21h36M6 26.5h36" {...axis} />
			<path d="M7 13h11M24 13h6M35 13h6M7 18.5h9M24 18.5h8M35 18.5h6M7 24h12M24 24h5M35 24h6" {...line} stroke-width="1.5" {...soft} />
		</>
	),
};

interface KindIconProps {
	kind: string;
	/** Width in CSS pixels; the height follows (3:2). */
	width?: number;
	/** An accessible name; without it the icon is decorative (the kind's name is written beside it). */
	label?: string;
	class?: string;
}

/** A small drawing of the kind, 48×32 by default, in `currentColor`. */
export function KindIcon({ kind, width = 48, label, class: className }: KindIconProps) {
	const draw = drawings[kind as ChartKind] ?? drawings.line;
	return (
		<svg
			class={className ? `kind-icon ${className}` : "kind-icon"}
			width={width}
			height={(width * 2) / 3}
			viewBox="0 0 48 32"
			fill="currentColor"
			role={label ? "img" : undefined}
			aria-label={label}
			aria-hidden={label ? undefined : "true"}
			focusable="false"
		>
			{draw()}
		</svg>
	);
}
