import postgres from "postgres";
import { type Shop, startShop } from "./shop.ts";

/**
 * Several app processes behind one load balancer, in this process: `count` shops on ONE new database on the
 * PostgreSQL server in DATABASE_URL (the first migrates and seeds it, the others find it ready), each with
 * `env`. Without DATABASE_URL there is one shop on PGlite, which a single process owns.
 */
export async function startShopsOnOneDatabase(count: number, env: Record<string, string> = {}) {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const shop = await startShop(env);
    return { shops: [shop], close: () => shop.close() };
  }
  const name = `mili_shared_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const shops: Shop[] = [];
  try {
    // One after the other: the first migrates and seeds, the next ones find the database ready.
    for (let i = 0; i < count; i++) shops.push(await startShop({ ...env, DATABASE_URL: url.toString() }));
  } catch (error) {
    await Promise.allSettled(shops.map((s) => s.close()));
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
    throw error;
  }
  return {
    shops,
    async close() {
      await Promise.all(shops.map((s) => s.close()));
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
