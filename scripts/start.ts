/**
 * `npm start`: builds the storefront if needed, then starts the shop (server/main.ts), which migrates the
 * database, seeds the demo catalog when it is empty and serves http://localhost:3000.
 *
 * Production unless NODE_ENV says otherwise (decision 0017): React's production bundles, React Router's production
 * mode (no stack traces in answers), the API accepts only its real key. `npm run dev` (`--dev`) is development:
 * the `dev-api-key` and React Router's development errors. NODE_ENV is set before anything is imported, because
 * React picks its bundle when it is first loaded.
 */
const dev = process.argv.includes("--dev");
process.env.NODE_ENV = dev ? "development" : (process.env.NODE_ENV ?? "production");

const { buildIfNeeded } = await import("./build-if-needed.ts");
const { run } = await import("../server/main.ts");
buildIfNeeded();
await run();

export {};
