/** The embed client for maps: the map builder with its base maps (world, US states). */
import { mapOption } from "../../render/kinds/map";
import { withSettings } from "../../render/settings";
import { start } from "./hydrate";

start(withSettings(mapOption));
