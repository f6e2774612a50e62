import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import postgres from "postgres";
import { openDatabase } from "#db/client.ts";
import { seedIfEmpty } from "#db/seed/index.ts";

/**
 * Seeded databases made once and copied for every test shop. Migrating and seeding the demo catalog costs a
 * test shop about 8 s of CPU; the suites start some ninety shops, so CI spent minutes of its two cores seeding
 * the same catalog again. A template is keyed by what the seed depends on (the migrations, the schema, the seed
 * and domain code, the product count and the day, which anchors the seed's dates), so a change to any of them
 * makes a new one; a copy is what a fresh seed would have made.
 */

const root = resolve(import.meta.dirname, "../..");

let sourceHash: string | undefined;
/** A digest of every file the seed's result depends on. */
function sources(): string {
  if (sourceHash) return sourceHash;
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (!name.endsWith(".test.ts")) hash.update(path.slice(root.length)).update(readFileSync(path));
    }
  };
  for (const dir of ["db", "domain"]) walk(join(root, dir));
  sourceHash = hash.digest("hex").slice(0, 12);
  return sourceHash;
}

const today = () => new Date().toISOString().slice(0, 10).replaceAll("-", "");

function templateKey(products: number) {
  return `${today()}_${sources()}_${products}`;
}

/**
 * A PGlite directory seeded with `products` products, copied to `target`. The first caller of a run makes the
 * template (another worker making it at the same time loses the rename and uses the winner's).
 */
export async function copyPgliteTemplate(products: number, target: string): Promise<void> {
  const base = join(tmpdir(), "mili-db-templates");
  const template = join(base, templateKey(products));
  if (!existsSync(join(template, "PG_VERSION"))) {
    mkdirSync(base, { recursive: true });
    // Templates of other days or other code: gone.
    for (const name of readdirSync(base))
      if (!name.startsWith(today()) && !name.includes(".tmp-"))
        rmSync(join(base, name), { recursive: true, force: true });
    const making = `${template}.tmp-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
    const db = await openDatabase({ dir: making });
    try {
      await db.migrate();
      await seedIfEmpty(db, { products });
    } finally {
      await db.close();
    }
    try {
      renameSync(making, template);
    } catch {
      rmSync(making, { recursive: true, force: true });
    }
  }
  cpSync(template, target, { recursive: true });
}

/**
 * Creates database `name` on the PostgreSQL server of `base` as a copy of a template database seeded with
 * `products` products, made under an advisory lock by the first caller. Templates of earlier days are dropped.
 */
export async function createPostgresFromTemplate(
  base: string,
  name: string,
  products: number,
): Promise<void> {
  const template = `mili_tpl_${templateKey(products)}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  try {
    await admin`select pg_advisory_lock(hashtext('mili-db-templates'))`;
    try {
      const [found] = await admin`select 1 as one from pg_database where datname = ${template}`;
      if (!found) {
        const stale = await admin<{ datname: string }[]>`
          select datname from pg_database where datname like 'mili\\_tpl\\_%' and datname < ${`mili_tpl_${today()}`}`;
        for (const { datname } of stale)
          await admin.unsafe(`drop database if exists "${datname}" with (force)`);
        await admin.unsafe(`create database "${template}"`);
        const url = new URL(base);
        url.pathname = `/${template}`;
        const db = await openDatabase({ url: url.toString() });
        try {
          await db.migrate();
          await seedIfEmpty(db, { products });
        } finally {
          await db.close();
        }
      }
      await admin.unsafe(`create database ${name} template "${template}"`);
    } finally {
      await admin`select pg_advisory_unlock(hashtext('mili-db-templates'))`;
    }
  } finally {
    await admin.end();
  }
}
