/** The embed client for one kind family (see `families/`): Line, bar (and race) and small multiples. */
import { cartesianFamily } from "./families/cartesian";
import { start } from "./hydrate";

start(cartesianFamily);
