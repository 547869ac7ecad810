/** The bench-only route of `with-key-read.ts`, shared with the Node side of the bench (which cannot import the Worker). */
export const keyReadPath = "/bench/key-read";
