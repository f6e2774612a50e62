import { buildIfNeeded } from "../../scripts/build-if-needed.ts";

/** Browser tests need the storefront build (a clean clone has no build/): build it once, when stale. */
export default function setup() {
  buildIfNeeded();
}
