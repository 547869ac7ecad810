/** The console's entry: styles, then the app into `#app`. */
import "./styles.css";
import { render } from "preact";
import { App } from "./app";

const root = document.getElementById("app");
if (root) render(<App />, root);
