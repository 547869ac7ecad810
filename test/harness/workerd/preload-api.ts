/**
 * The API alone, loaded before a file's tests: for the isolated files that never draw (sign-in,
 * sessions, the statistics library, CSV exports). The renderer is most of the Worker's module
 * graph and, in a workerd of its own, most of such a file's start (a sessions file: 17 s of setup
 * with it, 6 s without, measured on a loaded 2-core machine). See preload-renderer.ts for why the
 * API is loaded here at all.
 */
await import("../../../src/api-app");

export {};
