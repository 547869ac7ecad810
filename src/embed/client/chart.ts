/** The embed client for one kind family (see `families/`): Every kind but maps: what pages published before the per-family split name. */
import { everyKindFamily } from "./families/every-kind";
import { start } from "./hydrate";

start(everyKindFamily);
