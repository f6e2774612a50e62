import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { start } from "#server/main.ts";
import { copyPgliteTemplate, createPostgresFromTemplate } from "./db-template.ts";

const DEFAULT_SEED_PRODUCTS = "80";

/**
 * The whole shop in this process on a random port: a fresh PGlite directory, or a new database on the
 * PostgreSQL server in DATABASE_URL. Seeded with a small catalog unless told otherwise. NODE_ENV=test (the
 * development API key works) unless `env` says production; generated secrets are kept in the shop's temporary
 * folder (`shop.config` has them).
 */
export async function startShop(env: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), "mili-shop-"));
  const base = process.env.DATABASE_URL;
  // The shop starts on a copy of a seeded template (tests/support/db-template.ts) unless the test chose its own
  // database; the server's migrate and seed then find it ready.
  const products = Number(env.SEED_PRODUCTS ?? DEFAULT_SEED_PRODUCTS);
  const fromTemplate = !env.DATABASE_URL && !env.PGLITE_DIR && Number.isInteger(products);
  let dbName: string | undefined;
  let databaseUrl: string | undefined;
  if (base) {
    dbName = `mili_shop_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    if (fromTemplate) await createPostgresFromTemplate(base, dbName, products);
    else {
      const admin = postgres(base, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database ${dbName}`);
      await admin.end();
    }
    const url = new URL(base);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  } else if (fromTemplate) await copyPgliteTemplate(products, join(dir, "db"));
  const shop = await start({
    NODE_ENV: "test",
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    PGLITE_DIR: join(dir, "db"),
    SECRETS_DIR: join(dir, "secrets"),
    MAIL_OUTBOX_DIR: join(dir, "outbox"),
    SEED_PRODUCTS: DEFAULT_SEED_PRODUCTS,
    // A test shop is thrown away: its commits need not wait for the disk (a quarter of PGlite's CPU per commit);
    // production refuses the setting, so a production-mode test shop keeps it on.
    DATABASE_SYNCHRONOUS_COMMIT: env.NODE_ENV === "production" ? "on" : "off",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const origin = `http://127.0.0.1:${shop.port}`;
  return {
    ...shop,
    origin,
    /** Where the shop's e-mails land as .eml files (no SMTP_URL in tests). */
    outboxDir: join(dir, "outbox"),
    async close() {
      await shop.stop("test");
      rmSync(dir, { recursive: true, force: true });
      if (base && dbName) {
        const admin = postgres(base, { max: 1, onnotice: () => {} });
        await admin.unsafe(`drop database if exists ${dbName} with (force)`);
        await admin.end();
      }
    },
  };
}

export type Shop = Awaited<ReturnType<typeof startShop>>;

export const API_KEY = "dev-api-key";

/** POSTs a GraphQL request with the development API key. */
export async function gql(
  origin: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${origin}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-apikey": API_KEY, ...headers },
    body: JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests walk answers of many shapes; each asserts what it reads.
  type Json = any;
  return { status: response.status, body: (await response.json()) as { data?: Json; errors?: Json[] } };
}
