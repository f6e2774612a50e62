import { run } from "../server/main.ts";
import { buildIfNeeded } from "./build-if-needed.ts";

/**
 * `npm start`: builds the storefront if needed, then starts the shop (server/main.ts), which migrates the
 * database, seeds the demo catalog when it is empty and serves http://localhost:3000.
 */
buildIfNeeded();
await run();
