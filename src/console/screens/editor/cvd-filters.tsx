/**
 * The simulated colour-vision preview: SVG filters with the very matrices the
 * checks use (Machado et al. 2009, severity 1.0, theme-checks.ts). They apply to linear RGB,
 * which is what `color-interpolation-filters="linearRGB"` gives a feColorMatrix, so the preview
 * shows what the checks compute.
 */
import type { Deficiency } from "../../../domain/theme-checks";
import { machado } from "../../../domain/theme-checks";

export type Simulation = "none" | Deficiency;

export const simulations: { value: Simulation; label: string }[] = [
	{ value: "none", label: "Normal vision" },
	{ value: "deuteranopia", label: "Deuteranopia" },
	{ value: "protanopia", label: "Protanopia" },
	{ value: "tritanopia", label: "Tritanopia" },
];

export const filterId = (deficiency: Deficiency) => `cvd-${deficiency}`;

function matrixValues(deficiency: Deficiency): string {
	const rows = machado[deficiency].map((row) => [...row, 0, 0].join(" "));
	return [...rows, "0 0 0 1 0"].join(" ");
}

export function CvdFilters() {
	return (
		<svg class="cvd-filters" aria-hidden="true" focusable="false" width="0" height="0">
			<defs>
				{(["deuteranopia", "protanopia", "tritanopia"] as const).map((deficiency) => (
					<filter key={deficiency} id={filterId(deficiency)} color-interpolation-filters="linearRGB">
						<feColorMatrix type="matrix" values={matrixValues(deficiency)} />
					</filter>
				))}
			</defs>
		</svg>
	);
}
