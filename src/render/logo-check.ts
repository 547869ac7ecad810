/**
 * The logo as it may be drawn. Logos are checked when a theme is written (formats/svg/logo.ts), but
 * themes stored before those checks were tightened may hold a logo that now fails them,
 * such as a 16000×16000 PNG that takes an export past a Worker's memory. Such a theme keeps
 * drawing, without its logo, and the drawing says why in `X-Render-Warnings`; an SVG logo that
 * passes is drawn as the checks rewrite it. Nothing stored is changed: fixing the logo in the
 * theme studio brings it back.
 */
import { checkLogo, type LogoCheck } from "../formats/svg/logo";
import type { RenderInput } from "./input";

/** Checks of the few logos an isolate draws in turn; an SVG check reads the whole file, so it is not repeated for every export. */
const recent = new Map<string, LogoCheck>();
const remembered = 4;

function checked(dataUri: string): LogoCheck {
	const known = recent.get(dataUri);
	if (known) return known;
	const result = checkLogo(dataUri);
	if (recent.size >= remembered) recent.delete(recent.keys().next().value as string);
	recent.set(dataUri, result);
	return result;
}

export interface DrawableLogo {
	input: RenderInput;
	/** Why the stored logo is left out, as a sentence for `X-Render-Warnings`; null when it is drawn. */
	warning: string | null;
}

export function withDrawableLogo(input: RenderInput): DrawableLogo {
	const logo = input.theme.logo;
	if (!logo) return { input, warning: null };
	const result = checked(logo.dataUri);
	if (result.problem !== undefined) {
		const { logo: _left, ...theme } = input.theme;
		return {
			input: { ...input, theme },
			warning: `the theme's logo was left out: ${result.problem.replace(/\.$/, "")}; upload it again in the theme studio`,
		};
	}
	if (result.dataUri === logo.dataUri) return { input, warning: null };
	return { input: { ...input, theme: { ...input.theme, logo: { ...logo, dataUri: result.dataUri } } }, warning: null };
}
