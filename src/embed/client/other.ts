/** The embed client for one kind family (see `families/`): Candlestick, treemap, sankey, boxplot, heatmap, themeriver and radar. */
import { otherFamily } from "./families/other";
import { start } from "./hydrate";

start(otherFamily);
