/** The names of the series transforms (docs/contract.md#section-2-4), apart from their schema so the console can list them without zod. */
export const transformFunctions = ["divide", "multiply", "rollsum", "rollmean", "index100", "cumulative"] as const;
