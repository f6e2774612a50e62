import { request as httpRequest } from "node:http";
import { sql } from "drizzle-orm";
import { queryRows } from "#tests/support/db.ts";
import type { Shop } from "#tests/support/shop.ts";

/**
 * What the security probes share: requests as a browser on the shop's own page sends them (same-origin), as
 * another site's page sends them, and counts of what a refused request must not have changed.
 */

export type Fields = Record<string, string>;

/** A form post to the shop as its own page sends it (Sec-Fetch-Site: same-origin), redirects not followed. */
export function post(
  shop: Shop,
  path: string,
  fields: Fields | string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${shop.origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "sec-fetch-site": "same-origin",
      origin: shop.origin,
      ...headers,
    },
    body: typeof fields === "string" ? fields : new URLSearchParams(fields),
  });
}

/** The cart route's JSON answer (as the cart store asks for it). */
export async function cartJson(shop: Shop, fields: Fields, headers: Record<string, string> = {}) {
  const response = await post(shop, "/api/cart", fields, { accept: "application/json", ...headers });
  // biome-ignore lint/suspicious/noExplicitAny: the cart route's JSON; each probe asserts what it reads.
  const body = (await response.json().catch(() => null)) as any;
  return { response, status: response.status, body, cookie: response.headers.get("set-cookie") };
}

/** The cart id of a `mili-cart` Set-Cookie. */
export function cartIdOf(setCookie: string | null): string | undefined {
  return /mili-cart=([0-9a-f-]{36})/.exec(setCookie ?? "")?.[1];
}

export async function count(shop: Shop, table: "carts" | "newsletter_subscriptions"): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    shop.db.db,
    sql`select count(*)::int as n from ${sql.identifier(table)}`,
  );
  return row?.n ?? 0;
}

/** Everything a cart route could change, as one comparable value. */
export async function cartState(shop: Shop) {
  const [row] = await queryRows<{ carts: number; items: number; versions: number }>(
    shop.db.db,
    sql`select (select count(*)::int from carts) as carts, (select count(*)::int from cart_items) as items,
      (select coalesce(sum(version), 0)::int from carts) as versions`,
  );
  return row;
}

/** A SKU that can be bought in Norway (in stock, active, with a NOK price). */
export async function buyableSku(shop: Shop): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    shop.db.db,
    sql`select s.id from skus s join products p on p.id = s.product_id
      join prices pr on pr.sku_id = s.id and pr.market_alias = 'no'
      where s.active and p.active and s.in_stock > 5 and p.type = 'product'
      order by s.id limit 1`,
  );
  if (!row) throw new Error("no buyable SKU in the seeded catalog");
  return row.id;
}

/**
 * Sends a request's head and the first bytes of a body that claims `declared` bytes, and resolves with the
 * answer's status and how many body bytes had been sent when it came: a body limit that is checked before the body
 * is read answers at once. The socket is destroyed afterwards.
 */
export function declaredBody(
  shop: Shop,
  path: string,
  opts: {
    declared: number;
    contentType: string;
    first?: Buffer;
    chunked?: boolean;
    extraHeaders?: Record<string, string>;
  },
): Promise<{ status: number; sentBytes: number; connection: string | undefined; body: string }> {
  const url = new URL(path, shop.origin);
  return new Promise((resolve, reject) => {
    let sent = 0;
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: "POST",
        headers: {
          "content-type": opts.contentType,
          "sec-fetch-site": "same-origin",
          origin: shop.origin,
          ...(opts.chunked
            ? { "transfer-encoding": "chunked" }
            : { "content-length": String(opts.declared) }),
          ...opts.extraHeaders,
        },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () => {
          resolve({ status: res.statusCode ?? 0, sentBytes: sent, connection: res.headers.connection, body });
          req.destroy();
        });
      },
    );
    req.on("error", (error) => {
      // The server may close the connection right after answering; the answer counts, not the socket.
      if (!(error as NodeJS.ErrnoException).code?.startsWith("E")) reject(error);
    });
    const chunk = opts.first ?? Buffer.alloc(16 * 1024, "a");
    // Keep sending, slowly, up to the declared size: the answer must come long before the end.
    const send = () => {
      if (req.destroyed || sent >= opts.declared) return;
      sent += chunk.length;
      req.write(chunk, () => setTimeout(send, 5));
    };
    send();
  });
}
