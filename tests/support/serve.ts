import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import {
  createNshiftSandbox,
  NSHIFT_SANDBOX_CHECKOUT_ID,
  NSHIFT_SANDBOX_TOKEN,
} from "#integrations/shipping/nshift/index.ts";

/** A fetch handler (a Hono app, a provider's sandbox) served on a free port of 127.0.0.1, for a test. */
export async function serveLocal(fetch: (request: Request) => Response | Promise<Response>) {
  const server = serve({ fetch, port: 0, hostname: "127.0.0.1" }) as Server;
  await new Promise<void>((r) => server.once("listening", () => r()));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Closes it, ending connections still open (a handler that never answers). */
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/**
 * The nShift sandbox on a server of its own, where the shop reaches it as its configured delivery checkout (not the
 * in-process sandbox `NSHIFT_BASE_URL=sandbox` gives), so a test can switch it down (`sandbox.fail(503)`) and up
 * again (`sandbox.fail(null)`). `env` is what startShop needs to use it.
 */
export async function serveNshiftSandbox() {
  const sandbox = createNshiftSandbox();
  const app = new Hono();
  app.route("/sandbox/nshift", sandbox.app);
  const server = await serveLocal(app.fetch);
  return {
    sandbox,
    close: server.close,
    env: {
      NSHIFT_BASE_URL: `${server.origin}/sandbox/nshift`,
      NSHIFT_CHECKOUT_ID: NSHIFT_SANDBOX_CHECKOUT_ID,
      NSHIFT_TOKEN: NSHIFT_SANDBOX_TOKEN,
    },
  };
}
