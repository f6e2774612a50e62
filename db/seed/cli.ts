import { parseArgs } from "node:util";
import { asc } from "drizzle-orm";
import { openDatabase } from "../client.ts";
import { giftCards } from "../schema/index.ts";
import { seed, seedIfEmpty } from "./index.ts";

/**
 * `npm run seed -- [--products N] [--reset]`: seeds the database in DATABASE_URL (or var/db). Without --reset
 * an already seeded database is left as it is; --reset empties it first (e.g. for the 100,000-product
 * benchmark catalog). `--gift-cards` lists the demo shop's gift cards (their codes are random: see commerce.ts).
 */
const { values } = parseArgs({
  options: {
    products: { type: "string", default: "2000" },
    reset: { type: "boolean", default: false },
    "gift-cards": { type: "boolean", default: false },
  },
});
const products = Number(values.products);
if (!Number.isInteger(products) || products < 1) {
  console.error("--products must be a positive whole number");
  process.exit(1);
}
const handle = await openDatabase({ url: process.env.DATABASE_URL, dir: process.env.PGLITE_DIR ?? "var/db" });
try {
  if (values.reset) {
    await handle.db.execute("drop schema if exists public cascade");
    await handle.db.execute("drop schema if exists drizzle cascade");
    await handle.db.execute("create schema public");
  }
  await handle.migrate();
  if (values["gift-cards"]) {
    const cards = await handle.db
      .select({
        code: giftCards.code,
        currency: giftCards.currencyCode,
        balance: giftCards.balanceMinor,
        expires: giftCards.expiresAt,
      })
      .from(giftCards)
      .orderBy(asc(giftCards.id));
    for (const c of cards)
      console.log(
        `${c.code}  ${c.balance / 100} ${c.currency}${c.expires && c.expires < new Date() ? "  (expired)" : ""}`,
      );
    if (!cards.length) console.log("No gift cards: the database is not seeded yet (npm start seeds it).");
  } else {
    const result = values.reset ? await seed(handle, { products }) : await seedIfEmpty(handle, { products });
    console.log(
      result
        ? JSON.stringify(result)
        : "The database already holds a catalog; nothing changed (use --reset).",
    );
  }
} finally {
  await handle.close();
}
