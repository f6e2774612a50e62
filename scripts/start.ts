/**
 * `npm start`: builds the storefront if needed, then starts the shop (server/main.ts), which migrates the
 * database, seeds the demo catalog when it is empty and serves http://localhost:3000.
 *
 * Production unless NODE_ENV says otherwise (decision 0017): React's production bundles, React Router's production
 * mode (no stack traces in answers), the API accepts only its real key. `npm run dev` (`--dev`) is development:
 * the `dev-api-key` and React Router's development errors. NODE_ENV is set before anything is imported, because
 * React picks its bundle when it is first loaded.
 *
 * package.json's start script caps V8's young generation (`--max-semi-space-size=16`, decision 0069): on a machine
 * with gigabytes to spare V8 lets it grow to 128 MB, ~120 MB of the shop's resident memory, used or not. And it keeps
 * WebAssembly in V8's baseline compiler, Liftoff (`--no-wasm-tier-up --no-wasm-dynamic-tiering`, decision 0071):
 * TurboFan compiling PGlite's SQL parser alone took ~580 MB for a second, a peak of ~830 MB against ~300 MB
 * without; the price is ~20 % more CPU per uncached PGlite query. V8 reads its flags only when it starts, so they
 * are on the command line, not set here.
 */
const dev = process.argv.includes("--dev");
process.env.NODE_ENV = dev ? "development" : (process.env.NODE_ENV ?? "production");

const { buildIfNeeded } = await import("./build-if-needed.ts");
const { run } = await import("../server/main.ts");
buildIfNeeded();
await run();

export {};
