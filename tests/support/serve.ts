import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";

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
