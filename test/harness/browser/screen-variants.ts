/**
 * The modes and widths the quick tier's browser files check each console screen in (axe, and no
 * horizontal scrolling). Every mode at every width is four passes of axe per screen, most of
 * those files' time, so `npm test` checks each mode once and each width once (light at 1280 px,
 * dark at 390 px), CI's rest tier checks console-axe's screens in the other two, and a file run
 * alone or `npm run test:full` checks all four (scripts/test-browser.ts sets the variable).
 */
export interface ScreenVariant {
	mode: "light" | "dark";
	width: 1280 | 390;
}

/** `quick`: light at 1280 px and dark at 390 px; `others`: the other two; unset: all four. */
export const screenVariantsVar = "CHARTS_SCREEN_VARIANTS";

const quick: readonly ScreenVariant[] = [
	{ mode: "light", width: 1280 },
	{ mode: "dark", width: 390 },
];
const others: readonly ScreenVariant[] = [
	{ mode: "light", width: 390 },
	{ mode: "dark", width: 1280 },
];

export function screenVariants(): readonly ScreenVariant[] {
	const chosen = process.env[screenVariantsVar];
	if (chosen === "quick") return quick;
	if (chosen === "others") return others;
	if (chosen === undefined || chosen === "") return [...quick, ...others];
	throw new Error(`${screenVariantsVar} is "${chosen}": use quick, others, or leave it unset for all four`);
}

/** The variants grouped by mode, for a file that signs in once per mode and resizes. */
export function screenVariantsByMode(): { mode: ScreenVariant["mode"]; widths: ScreenVariant["width"][] }[] {
	const byMode = new Map<ScreenVariant["mode"], ScreenVariant["width"][]>();
	for (const { mode, width } of screenVariants()) byMode.set(mode, [...(byMode.get(mode) ?? []), width]);
	return [...byMode].map(([mode, widths]) => ({ mode, widths }));
}
