/** The counting Worker's own route (`counting.ts`): the binding counts since the last read. */
export const countsPath = "/bench/counts";
