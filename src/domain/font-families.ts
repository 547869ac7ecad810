/**
 * A theme's `fonts.family` list read as family names. Its own module (no font parser) so the
 * console can match a theme's families to uploaded fonts without bundling fontkit.
 */

/** The family names in a theme's `fonts.family` list, unquoted and lower-cased, for matching uploads. */
export function familyNames(list: string): string[] {
	return list
		.split(",")
		.map((name) =>
			name
				.trim()
				.replace(/^'(.*)'$/, "$1")
				.trim()
				.toLowerCase(),
		)
		.filter((name) => name !== "");
}
