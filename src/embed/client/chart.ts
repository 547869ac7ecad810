/** The embed client for every kind but maps (see `map.ts`): no base-map geometry inside. */
import { optionBuilders } from "../../render/kinds";
import { start } from "./hydrate";

start((input) => {
	if (input.kind === "map") throw new Error("a map's page loads the map client");
	return optionBuilders[input.kind](input);
});
