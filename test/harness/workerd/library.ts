/**
 * Loads the real demo library (vega-datasets, through the same converter and import SQL as
 * `npm run library:import`) into the test database, once per test file.
 */
import { env } from "cloudflare:workers";
import co2 from "../../../node_modules/vega-datasets/data/co2-concentration.csv?raw";
import gapminder from "../../../node_modules/vega-datasets/data/gapminder.json?raw";
import globalTemp from "../../../node_modules/vega-datasets/data/global-temp.csv?raw";
import iowaElectricity from "../../../node_modules/vega-datasets/data/iowa-electricity.csv?raw";
import ohlc from "../../../node_modules/vega-datasets/data/ohlc.json?raw";
import sp500 from "../../../node_modules/vega-datasets/data/sp500.csv?raw";
import stocks from "../../../node_modules/vega-datasets/data/stocks.csv?raw";
import usEmployment from "../../../node_modules/vega-datasets/data/us-employment.csv?raw";
import { importSourceSql } from "../library/import-sql";
import { vegaLibrary } from "../library/vega-datasets";

let loading: Promise<void> | undefined;

export function loadLibrary(): Promise<void> {
	loading ??= (async () => {
		const library = vegaLibrary({ gapminder, stocks, sp500, usEmployment, co2, globalTemp, iowaElectricity, ohlc });
		const statements = library.sources.flatMap((source) => importSourceSql(source, "test", Date.now()));
		await env.DB.batch(statements.map((statement) => env.DB.prepare(statement)));
	})();
	return loading;
}
