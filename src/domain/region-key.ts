/**
 * A region's name or code as maps match it: accents and case dropped, every run of other
 * characters one space (`Côte d'Ivoire` → `cote d ivoire`). The layout check finds a region given
 * twice with it and the base maps (src/render/basemaps.ts) look regions up by it, so the two agree.
 */
export function regionKey(text: string): string {
	// Plain ASCII (codes, most names) skips Unicode normalisation: the check runs once per row.
	const plain = /^[\x20-\x7e]*$/.test(text) ? text : text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
	return plain
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, " ")
		.trim();
}
