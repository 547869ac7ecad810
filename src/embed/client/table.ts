/** The embed client for one kind family (see `families/`): Tables. */
import { tableFamily } from "./families/table";
import { start } from "./hydrate";

start(tableFamily);
