/** The embed client for one kind family (see `families/`): Pies. */
import { pieFamily } from "./families/pie";
import { start } from "./hydrate";

start(pieFamily);
