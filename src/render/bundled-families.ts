/**
 * The families of the bundled fonts (src/render/bundled-fonts.ts), apart from the fonts themselves, so
 * what only names them (the embed page's `@font-face` rules) does not load the renderer.
 */
export const primaryFamily = "Inter";
export const fallbackFamily = "DejaVu Sans";
