/**
 * Every kind but maps in one client: what pages published before the split name
 * (`/_client/chart.js` and its hashes), so they keep drawing whatever kind they are.
 */
import { optionBuilders } from "../../../render/kinds";
import { cartesianFamily } from "./cartesian";
import type { ClientFamily } from "./family";
import { otherFamily } from "./other";
import { pieFamily } from "./pie";
import { planeFamily } from "./plane";

export const everyKindFamily: ClientFamily = {
	parts: [...new Set([...cartesianFamily.parts, ...pieFamily.parts, ...planeFamily.parts, ...otherFamily.parts])],
	builders: optionBuilders,
};
