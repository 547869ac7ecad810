/** Line icons drawn inline (no icon font, no third-party request); decorative unless labelled. */
import type { SVGAttributes } from "preact";

const paths = {
	logo: "M4 20V10M10 20V4M16 20v-7M22 20H2",
	chevronDown: "M6 9l6 6 6-6",
	chevronRight: "M9 6l6 6-6 6",
	back: "M15 6l-6 6 6 6",
	more: "M5 12h.01M12 12h.01M19 12h.01",
	plus: "M12 5v14M5 12h14",
	folder: "M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z",
	search: "M11 18a7 7 0 1 1 0-14 7 7 0 0 1 0 14zM21 21l-5-5",
	sun: "M12 17a5 5 0 1 0 0-10 5 5 0 0 0 0 10zM12 1v2M12 21v2M4.2 4.2l1.4 1.4M18.4 18.4l1.4 1.4M1 12h2M21 12h2M4.2 19.8l1.4-1.4M18.4 5.6l1.4-1.4",
	moon: "M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z",
	check: "M5 12l5 5L20 7",
	close: "M6 6l12 12M18 6L6 18",
	copy: "M9 9h10v10H9zM5 15V5h10",
	upload: "M12 16V4M7 9l5-5 5 5M4 20h16",
	download: "M12 4v12M7 11l5 5 5-5M4 20h16",
	alert: "M12 9v4M12 17h.01M10.3 3.9L1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z",
	undo: "M9 14L4 9l5-5M4 9h11a5 5 0 0 1 0 10h-3",
	history: "M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5M12 7v5l3 3",
	external: "M14 4h6v6M10 14L20 4M19 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1h5",
	trash: "M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3",
} as const;

export type IconName = keyof typeof paths;

export function Icon({
	name,
	size = 16,
	label,
	...rest
}: { name: IconName; size?: number; label?: string } & SVGAttributes<SVGSVGElement>) {
	return (
		<svg
			width={size}
			height={size}
			viewBox="0 0 24 24"
			fill="none"
			stroke="currentColor"
			stroke-width="2"
			stroke-linecap="round"
			stroke-linejoin="round"
			aria-hidden={label ? undefined : "true"}
			role={label ? "img" : undefined}
			aria-label={label}
			{...rest}
		>
			<path d={paths[name]} />
		</svg>
	);
}
