// voidref: the address a calculator's "Roll this" opens: the roller page with
// the calculator's inputs that the roller shares, as the roller keeps its own
// inputs in the URL ("?drifters-roll.skill=2", shared/url-state.js), so the
// roller shows that pool. Used by roller-link.js on the calculators' pages.
// No DOM here: the tests run it under node.
import { writeParams } from "./url-state.js";

/**
 * *href* (the roller page, with its anchor) carrying *inputs* for the roller
 * *roller*: of the fields the roller shares (*shared*: their defaults in the
 * roller), those whose value differs from the roller's default.
 * @param {string} href  absolute
 * @param {string} roller  the roller's key in the URL (its slug)
 * @param {Record<string, string>} shared  the roller's defaults of the fields it shares with the calculator
 * @param {Record<string, string>} inputs  the calculator's inputs
 */
export function rollHref(href, roller, shared, inputs) {
  const url = new URL(href);
  const params = new URLSearchParams();
  /** @type {Record<string, string>} */
  const carried = {};
  for (const name of Object.keys(shared)) if (name in inputs) carried[name] = inputs[name];
  writeParams(params, roller, carried, shared);
  url.search = params.toString();
  return url.href;
}
