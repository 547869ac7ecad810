/**
 * Stylesheet parts of the embed page that belong to its extras (`reader-extras.ts`) and table
 * controls (`table-controls-html.ts`), apart from them: the page (`page.ts`) needs only the CSS,
 * and the embed host that serves its 404 and 500 pages should not load what writes a data table.
 */

/**
 * The extras' look (muted, small, beside the chart's own type), and the print stylesheet: a
 * printed page shows the chart in light mode, without the controls and extras meant for screens.
 */
export const readerExtrasCss =
	".extras{display:flex;flex-wrap:wrap;gap:4px 16px;align-items:baseline;padding:4px 16px 8px;font:13px/1.45 Inter,system-ui,sans-serif}" +
	".extras a,.extras summary{color:inherit;opacity:.8;cursor:pointer}.extras a:hover,.extras summary:hover{opacity:1}" +
	".extras :focus-visible{outline:2px solid currentColor;outline-offset:2px}" +
	".extras-table[open]{flex-basis:100%}.table-scroll{overflow-x:auto;margin-top:6px}" +
	".extras table{border-collapse:collapse;font-variant-numeric:tabular-nums}.extras caption{text-align:left;font-weight:600;padding-bottom:4px}" +
	".extras th,.extras td{text-align:left;padding:3px 12px 3px 0;border-bottom:1px solid rgba(127,127,127,.3);white-space:nowrap}" +
	".extras td.number{text-align:right}.extras-note{margin:4px 0 0;opacity:.8}" +
	"@media print{html{background:#fff!important;color-scheme:light!important}main>.mode-dark{display:none!important}main>.mode-light{display:block!important}.race-controls,.table-controls,.extras{display:none!important}}";

/** For a `<noscript>` in the page's head: without JavaScript the controls never act, so they are not shown (the status stays). */
export const tableControlsNoscriptCss = ".table-controls input,.table-controls button{display:none}";
