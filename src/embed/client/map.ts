/** The embed client for one kind family (see `families/`): Maps, with their base maps. */
import { mapFamily } from "./families/map";
import { start } from "./hydrate";

start(mapFamily);
