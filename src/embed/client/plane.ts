/** The embed client for one kind family (see `families/`): Scatter, dot, range and arrow charts. */
import { planeFamily } from "./families/plane";
import { start } from "./hydrate";

start(planeFamily);
