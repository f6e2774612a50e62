import { Hono } from "hono";
import type { NshiftOption } from "./shapes.ts";

/**
 * The delivery checkout's part, played outside production (docs/decisions/0028): for a valid zip of Sweden (5
 * digits) or Norway (4 digits) it answers a pickup option with three pickup points near the zip and a home
 * delivery, priced per currency, free from a threshold; an unknown zip is a 400, a wrong token a 401. Answers
 * depend only on the zip, so tests and demos see the same points every time. Mount it at `/sandbox/nshift`.
 * `fail(status)` plays an outage (decision 0086): every request answers that status until `fail(null)`;
 * `received()` counts the requests it has been sent (answered or not), so a test can tell how often it was asked.
 */

export const NSHIFT_SANDBOX_CHECKOUT_ID = "sandbox-checkout";
export const NSHIFT_SANDBOX_TOKEN = "sandbox-token";

const PRICES: Record<string, { pickup: number; home: number; free: number }> = {
  SEK: { pickup: 39, home: 79, free: 499 },
  NOK: { pickup: 49, home: 99, free: 599 },
  DKK: { pickup: 29, home: 59, free: 399 },
  EUR: { pickup: 4.9, home: 8.9, free: 59 },
};

const STREETS = ["Storgatan", "Kirkeveien", "Torget", "Stationsvägen", "Hovedgata", "Parkvägen"];
const SHOPS = ["Matbutik", "Kiosk", "Bensinstasjon", "Dagligvare", "Servicebutik", "Postombud"];

export function createNshiftSandbox(opts: { token?: string; checkoutId?: string } = {}) {
  const token = opts.token ?? NSHIFT_SANDBOX_TOKEN;
  const checkoutId = opts.checkoutId ?? NSHIFT_SANDBOX_CHECKOUT_ID;
  let outage: 500 | 502 | 503 | 504 | null = null;
  let received = 0;
  const app = new Hono();
  app.get("/rs-extapi/v1/delivery-checkouts/:id", (c) => {
    received++;
    if (outage !== null) return c.json({ message: "The delivery checkout is unavailable" }, outage);
    if (c.req.header("authorization") !== `Bearer ${token}`) return c.json({ message: "Unauthorized" }, 401);
    if (c.req.param("id") !== checkoutId) return c.json({ message: "No such delivery checkout" }, 404);
    const country = c.req.query("tocountry") ?? "";
    const zip = (c.req.query("tozipcode") ?? "").replace(/\s/g, "");
    const currency = c.req.query("currency") ?? "";
    const valid = (country === "SE" && /^\d{5}$/.test(zip)) || (country === "NO" && /^\d{4}$/.test(zip));
    if (!valid) return c.json({ message: "Unknown zip code for the country" }, 400);
    const price = PRICES[currency];
    if (!price) return c.json({ message: "Unsupported currency" }, 400);
    const seed = Number(zip);
    const city = country === "SE" ? "Stockholm" : "Oslo";
    const agents = [0, 1, 2].map((i) => ({
      id: `${country}-${zip}-${i + 1}`,
      name: `${SHOPS[(seed + i) % SHOPS.length]} ${zip.slice(0, 3)}${i + 1}`,
      address1: `${STREETS[(seed + 2 * i) % STREETS.length]} ${((seed + i) % 40) + 1}`,
      zipcode: zip,
      city,
      distance: 200 + i * 350 + (seed % 100),
    }));
    const options: NshiftOption[] = [
      {
        id: "sandbox-pickup",
        name: country === "SE" ? "Hämta hos ombud" : "Hent på hentested",
        carrierId: "PLAB",
        serviceId: "P19",
        priceValue: price.pickup,
        currency,
        deliveryTimeFrom: 1,
        deliveryTimeTo: 3,
        freeShippingFrom: price.free,
        default: true,
        agents,
      },
      {
        id: "sandbox-home",
        name: country === "SE" ? "Hemleverans kväll" : "Hjemlevering kveld",
        carrierId: "BUDBEE",
        serviceId: "HOME",
        priceValue: price.home,
        currency,
        deliveryTimeFrom: 1,
        deliveryTimeTo: 2,
        freeShippingFrom: null,
        default: false,
      },
    ];
    return c.json(options);
  });
  return {
    app,
    /** Answers `status` (a 5xx: the provider is down) to every request from now on; null: answers again. */
    fail(status: 500 | 502 | 503 | 504 | null) {
      outage = status;
    },
    /** The delivery checkout requests received so far, failed and refused ones included. */
    received(): number {
      return received;
    },
  };
}
