/**
 * The Worker loads its API on the first API request and its renderer on the first drawing
 * (not at an isolate's start). Under vitest every module of them is fetched one by one
 * through vite's module runner, which on a busy machine can take longer than a test's timeout;
 * loading them here, before a file's tests, keeps that cost where the Worker's static imports
 * used to put it (setup), out of the first test of each file.
 */
await Promise.all([import("../../../src/api-app"), import("../../../src/render/drawing-exporters"), import("../../../src/embed/snapshot")]);

export {};
