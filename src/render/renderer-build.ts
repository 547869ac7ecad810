/**
 * Which renderer drew a file: part of every export cache key (docs/design.md#d37), so a cached file is
 * never served once the drawing code, a drawing library or a bundled font changes.
 */

import { version as interVersion } from "../../node_modules/@expo-google-fonts/inter/package.json";
import { version as resvgVersion } from "../../node_modules/@resvg/resvg-wasm/package.json";
import { version as dejavuVersion } from "../../node_modules/dejavu-fonts-ttf/package.json";
import { version as echartsVersion } from "../../node_modules/echarts/package.json";
import { version as pdfkitVersion } from "../../node_modules/pdfkit/package.json";

/**
 * Bump whenever our own drawing code changes what a file looks like (option builders, SVG
 * post-processing, PNG or PDF settings). Library and font upgrades change the key by themselves.
 */
export const rendererRevision = 4;

export const rendererBuild = {
	revision: rendererRevision,
	echarts: echartsVersion,
	resvg: resvgVersion,
	pdfkit: pdfkitVersion,
	fonts: { inter: interVersion, dejavu: dejavuVersion },
} as const;
