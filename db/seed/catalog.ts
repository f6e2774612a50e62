import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Transaction } from "@electric-sql/pglite";
import { getTableColumns, getTableName, sql } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Sql } from "postgres";
import { slugify } from "#domain/ids.ts";
import type { Tx } from "../client.ts";
import {
  brands,
  campaignTranslations,
  categories,
  categoryTranslations,
  discountCampaigns,
  priceLog,
  prices,
  productCategories,
  productImages,
  productParameters,
  products,
  productTranslations,
  skus,
  variantGroups,
  variantValues,
} from "../schema/index.ts";
import {
  BRANDS,
  CATEGORY_TREE,
  type CategoryNode,
  COLOUR_BY_KEY,
  FIT_BY_KEY,
  FLAVOUR_BY_KEY,
  imageKindOf,
  KIND_BY_KEY,
  LANGS,
  LANGUAGE_IDS,
  type Lang,
  rng as makeRng,
  nutritionRows,
  type ProductKind,
  type ProductKindKey,
  type Rng,
  sizesFor,
  variantAxes,
  variantDimensions,
} from "./vocabulary/index.ts";

type PgliteTx = Pick<Transaction, "query">;
type PostgresTx = Pick<Sql, "unsafe">;

/** The driver's own connection behind a drizzle transaction, for COPY (drizzle has no COPY of its own). */
function driverOf(
  tx: Tx,
): { kind: "pglite"; client: PgliteTx } | { kind: "postgres"; client: PostgresTx } | null {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  if (!client) return null;
  const has = (method: string) => typeof (client as Record<string, unknown>)[method] === "function";
  // postgres.js: a tagged-template function; PGlite: a transaction object.
  if (typeof client === "function" && has("unsafe")) {
    return { kind: "postgres", client: client as unknown as PostgresTx };
  }
  if (typeof client === "object" && has("query") && has("exec")) {
    return { kind: "pglite", client: client as PgliteTx };
  }
  return null;
}

const COPY_ESCAPES: Record<string, string> = { "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/** One value in COPY's text format, converted the way drizzle would send it (dates, arrays, jsonb). */
function copyValue(column: PgColumn, value: unknown): string {
  if (value === null || value === undefined) return "\\N";
  const driver = column.mapToDriverValue(value);
  if (driver === null || driver === undefined) return "\\N";
  const text = typeof driver === "string" ? driver : String(driver);
  return /[\\\n\r\t]/.test(text) ? text.replace(/[\\\n\r\t]/g, (c) => COPY_ESCAPES[c] as string) : text;
}

/** The tables the seed fills in bulk (see suspendConstraints). */
const BULK_TABLES = [
  "variant_groups",
  "products",
  "product_translations",
  "product_categories",
  "product_images",
  "product_parameters",
  "skus",
  "variant_values",
  "prices",
  "price_log",
  "reviews",
  "related_products",
  "campaign_products",
];

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/**
 * Drops the schema's foreign keys and the bulk tables' keys and indexes, to be put back as they were
 * (definitions read from the catalog) once the rows are in. Building an index once is far cheaper than
 * maintaining it row by row, and re-adding a foreign key checks every row in one join instead of one lookup
 * per row. Everything runs in the seed's transaction: if a row breaks a constraint, putting it back fails and
 * the whole seed rolls back, DDL included.
 */
export async function suspendConstraints(tx: Tx) {
  const tables = sql.raw(BULK_TABLES.map((t) => `'${t}'::regclass`).join(", "));
  type Statement = { table: string; drop: string; add: string };
  const foreignKeys = rowsOf<Statement>(
    await tx.execute(sql`
      select conrelid::regclass::text as table,
             format('alter table %s drop constraint %I', conrelid::regclass, conname) as drop,
             format('alter table %s add constraint %I %s', conrelid::regclass, conname, pg_get_constraintdef(oid)) as add
      from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace order by oid`),
  );
  const keys = rowsOf<Statement>(
    await tx.execute(sql`
      select conrelid::regclass::text as table,
             format('alter table %s drop constraint %I', conrelid::regclass, conname) as drop,
             format('alter table %s add constraint %I %s', conrelid::regclass, conname, pg_get_constraintdef(oid)) as add
      from pg_constraint where contype in ('p', 'u') and conrelid in (${tables}) order by oid`),
  );
  const indexes = rowsOf<Statement>(
    await tx.execute(sql`
      select i.indrelid::regclass::text as table, format('drop index %s', i.indexrelid::regclass) as drop,
             pg_get_indexdef(i.indexrelid) as add
      from pg_index i
      where i.indrelid in (${tables})
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid and c.contype in ('p', 'u', 'x'))
      order by i.indexrelid`),
  );
  for (const s of [...foreignKeys, ...keys, ...indexes]) await tx.execute(sql.raw(s.drop));
  let pending = [...keys, ...indexes];
  return {
    /** Builds the keys and indexes of these tables now, for the steps that look rows up in them. */
    async restoreIndexes(of: string[]) {
      for (const s of pending) if (of.includes(s.table)) await tx.execute(sql.raw(s.add));
      pending = pending.filter((s) => !of.includes(s.table));
    },
    /** Builds the remaining keys and indexes, then adds the foreign keys back (checking every row). */
    async restoreAll() {
      for (const s of [...pending, ...foreignKeys]) await tx.execute(sql.raw(s.add));
      pending = [];
    },
  };
}

/** COPY data is sent in pieces of about PIECE characters, up to STATEMENT characters per COPY statement. */
const PIECE = 1 << 20;
const STATEMENT = 16 << 20;

/**
 * Inserts rows in the order given (identity ids follow it): with COPY on PostgreSQL and PGlite, else in
 * multi-row INSERTs that stay far below PostgreSQL's 32,767 bind parameters. Every row must name the same
 * columns (with null where there is nothing); the columns no row names get their defaults.
 */
export async function insertBatched<T extends Record<string, unknown>>(tx: Tx, table: PgTable, rows: T[]) {
  if (!rows.length) return;
  const keys = Object.keys(rows[0] as object);
  const driver = driverOf(tx);
  if (!driver) {
    const size = Math.max(1, Math.floor(30_000 / keys.length));
    for (let i = 0; i < rows.length; i += size)
      await tx.insert(table).values(rows.slice(i, i + size) as never);
    return;
  }
  const name = getTableName(table);
  const columns = getTableColumns(table);
  const cols = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`insertBatched: ${name} has no column ${key}`);
    return column;
  });
  const statement = `copy "${name}" (${cols
    .map((c) => `"${c.keyAsName ? toSnakeCase(c.name) : c.name}"`)
    .join(", ")}) from ${driver.kind === "pglite" ? "'/dev/blob'" : "stdin"}`;
  let pieces: string[] = [];
  let piece = "";
  let size = 0;
  const send = async () => {
    if (piece) pieces.push(piece);
    piece = "";
    size = 0;
    if (!pieces.length) return;
    const data = pieces;
    pieces = [];
    if (driver.kind === "pglite") {
      await driver.client.query(statement, [], { blob: new Blob(data) });
    } else {
      await pipeline(Readable.from(data), await driver.client.unsafe(statement).writable());
    }
  };
  for (const row of rows) {
    let line = "";
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string;
      const value = row[key];
      // drizzle would send DEFAULT for a missing or undefined value; COPY cannot, so every row says it.
      if (value === undefined && (!(key in row) || (cols[i] as PgColumn).hasDefault)) {
        throw new Error(
          `insertBatched: a row of ${name} has no ${key}; every row must name the same columns`,
        );
      }
      line += (i ? "\t" : "") + copyValue(cols[i] as PgColumn, value);
    }
    if (Object.keys(row).length !== keys.length) {
      throw new Error(
        `insertBatched: a row of ${name} names other columns than the first; give every row the same`,
      );
    }
    piece += `${line}\n`;
    if (piece.length >= PIECE) {
      size += piece.length;
      pieces.push(piece);
      piece = "";
      if (size >= STATEMENT) await send();
    }
  }
  await send();
}

const DAY = 86_400_000;

/** Products generated before their rows are written (the catalog is never held whole in memory). */
const FLUSH_PRODUCTS = 2000;

export interface CatalogSummary {
  categories: number;
  brands: number;
  products: number;
  skus: number;
  variantGroups: number;
}

interface FlatCategory {
  id: number;
  node: CategoryNode;
  parentId: number | null;
  depth: number;
  ancestors: number[];
}

/** The category tree, flattened with ids in depth-first order. */
export function numberCategories(nodes: readonly CategoryNode[] = CATEGORY_TREE): FlatCategory[] {
  const out: FlatCategory[] = [];
  const walk = (list: readonly CategoryNode[], parent: FlatCategory | null) => {
    for (const node of list) {
      const flat: FlatCategory = {
        id: out.length + 1,
        node,
        parentId: parent?.id ?? null,
        depth: parent ? parent.depth + 1 : 0,
        ancestors: parent ? [...parent.ancestors, parent.id] : [],
      };
      out.push(flat);
      walk(node.children ?? [], flat);
    }
  };
  walk(nodes, null);
  return out;
}

/** A valid EAN-13 from a 12-digit body. */
export function ean13(body: string): string {
  const digits = body.padStart(12, "0").slice(-12);
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(digits[i]) * (i % 2 === 0 ? 1 : 3);
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

/** A Nordic shelf price in whole kronor: below 100 ends in 9, below 1 000 in 9 or 49, above in 99 or 499. */
export function shelfPrice(kr: number): number {
  if (kr < 100) return Math.max(19, Math.round(kr / 10) * 10 - 1);
  if (kr < 1000) return Math.round(kr / 50) * 50 - 1;
  return Math.round(kr / 100) * 100 - 1;
}

function capitalize(text: string) {
  return text.charAt(0).toLocaleUpperCase("sv") + text.slice(1);
}

function fill(template: string, values: Record<string, string>) {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** Price campaigns: a share of styles is reduced, in place since a few days before the seed date. */
const PRICE_CAMPAIGNS = [
  {
    key: "vinterrea",
    share: 0.1,
    percents: [20, 30, 40],
    sv: { name: "Vinterrea", alias: "vinterrea", description: "Upp till 40 % på utvalda vinterprodukter." },
    nb: { name: "Vintersalg", alias: "vintersalg", description: "Opptil 40 % på utvalgte vinterprodukter." },
  },
  {
    key: "traningsveckor",
    share: 0.05,
    percents: [15, 25],
    sv: {
      name: "Träningsveckor",
      alias: "traningsveckor",
      description: "Rabatt på träning och sportnutrition.",
    },
    nb: { name: "Treningsuker", alias: "treningsuker", description: "Rabatt på trening og sportsernæring." },
  },
] as const;

type StockState = "inStock" | "fewLeft" | "outOfStock" | "incoming" | "backorder" | "static";

function stockFor(r: Rng, state: StockState, seedDate: Date) {
  switch (state) {
    case "inStock":
      return { inStock: r.int(8, 120), oversellable: 0, static: 0, incoming: null };
    case "fewLeft":
      return { inStock: r.int(1, 5), oversellable: 0, static: 0, incoming: null };
    case "outOfStock":
      return { inStock: 0, oversellable: 0, static: 0, incoming: null };
    case "incoming":
      return {
        inStock: 0,
        oversellable: 0,
        static: 0,
        incoming: new Date(seedDate.getTime() + r.int(7, 40) * DAY).toISOString().slice(0, 10),
      };
    case "backorder":
      return { inStock: 0, oversellable: r.int(20, 200), static: 0, incoming: null };
    case "static":
      return { inStock: 0, oversellable: 0, static: 1000, incoming: null };
  }
}

const STOCK_WEIGHTS: [StockState, number][] = [
  ["inStock", 70],
  ["fewLeft", 9],
  ["outOfStock", 7],
  ["incoming", 4],
  ["backorder", 6],
  ["static", 4],
];

/**
 * The demo catalog: categories, brands, campaigns and `target` products (rounded up to whole styles), all
 * derived from one seed, so the same run gives the same catalog. Prices are written for the Swedish market
 * and derived for the others in SQL (seed/index.ts).
 */
export async function seedCatalog(tx: Tx, opts: { products: number; seedDate: Date; seed?: string }) {
  const root = makeRng(opts.seed ?? "mili");
  const seedDate = opts.seedDate;

  // Categories
  const flat = numberCategories();
  await insertBatched(
    tx,
    categories,
    flat.map((c, i) => ({ id: c.id, parentId: c.parentId, key: c.node.key, sortOrder: i })),
  );
  await insertBatched(
    tx,
    categoryTranslations,
    flat.flatMap((c) =>
      LANGS.map((lang) => ({
        categoryId: c.id,
        languageId: LANGUAGE_IDS[lang],
        name: c.node[lang].name,
        alias: c.node[lang].alias,
        aliases: c.node[lang].aliases ?? [],
        metaTitle: c.node[lang].name,
      })),
    ),
  );
  const leaves = flat.filter((c) => c.node.kind && !c.node.children?.length);

  // Brands
  await insertBatched(
    tx,
    brands,
    BRANDS.map((b, i) => ({
      id: i + 1,
      name: b.name,
      alias: b.alias,
      countryCode: b.country,
      description: { "sv-SE": b.description.sv, "nb-NO": b.description.nb },
    })),
  );
  const brandsByKind = new Map<ProductKindKey, number[]>();
  BRANDS.forEach((b, i) => {
    for (const kind of b.focus) brandsByKind.set(kind, [...(brandsByKind.get(kind) ?? []), i + 1]);
  });

  // Price campaigns
  const campaignIds: Record<string, number> = {};
  for (const [i, c] of PRICE_CAMPAIGNS.entries()) {
    campaignIds[c.key] = i + 1;
  }
  await tx.insert(discountCampaigns).values(
    PRICE_CAMPAIGNS.map((c, i) => ({
      id: i + 1,
      key: c.key,
      discountType: "PRICE_CAMPAIGN",
      actions: [{ code: "priceReduction", args: { percents: c.percents } }],
      startsAt: new Date(seedDate.getTime() - 20 * DAY),
      endsAt: new Date(seedDate.getTime() + 60 * DAY),
    })),
  );
  await tx
    .insert(campaignTranslations)
    .values(
      PRICE_CAMPAIGNS.flatMap((c, i) =>
        LANGS.map((lang) => ({ campaignId: i + 1, languageId: LANGUAGE_IDS[lang], ...c[lang] })),
      ),
    );

  // Products, style by style (a style is a variant group: fit → colour → size, or flavour → size). Rows are
  // written every FLUSH_PRODUCTS products, table by table in the same order as ever (identity ids follow
  // it), so memory stays flat whatever the catalog's size.
  const emptyRows = () => ({
    groups: [] as (typeof variantGroups.$inferInsert)[],
    products: [] as (typeof products.$inferInsert)[],
    translations: [] as (typeof productTranslations.$inferInsert)[],
    productCategories: [] as (typeof productCategories.$inferInsert)[],
    images: [] as (typeof productImages.$inferInsert)[],
    parameters: [] as (typeof productParameters.$inferInsert)[],
    skus: [] as (typeof skus.$inferInsert)[],
    variants: [] as (typeof variantValues.$inferInsert)[],
    prices: [] as (typeof prices.$inferInsert)[],
    priceLog: [] as (typeof priceLog.$inferInsert)[],
  });
  let rows = emptyRows();
  const write = async (batch: ReturnType<typeof emptyRows>) => {
    await insertBatched(tx, variantGroups, batch.groups);
    await insertBatched(tx, products, batch.products);
    await insertBatched(tx, productTranslations, batch.translations);
    await insertBatched(tx, productCategories, batch.productCategories);
    await insertBatched(tx, productImages, batch.images);
    await insertBatched(tx, productParameters, batch.parameters);
    await insertBatched(tx, skus, batch.skus);
    await insertBatched(tx, variantValues, batch.variants);
    await insertBatched(tx, prices, batch.prices);
    await insertBatched(tx, priceLog, batch.priceLog);
  };
  // A batch is written while the next one is generated (on PostgreSQL the server works meanwhile).
  let writing = Promise.resolve();
  const flush = async () => {
    const batch = rows;
    rows = emptyRows();
    await writing;
    writing = write(batch);
    writing.catch(() => {}); // awaited at the next flush
  };
  const usedAliases = { sv: new Set<string>(), nb: new Set<string>() };
  let productId = 0;
  let skuId = 0;
  let style = 0;
  while (productId < opts.products) {
    if (rows.products.length >= FLUSH_PRODUCTS) await flush();
    style++;
    const r = root.fork(`style-${style}`);
    const leaf = leaves[(style - 1) % leaves.length] as FlatCategory;
    const kind = KIND_BY_KEY[leaf.node.kind as ProductKindKey] as ProductKind;
    const brandId = r.pick(brandsByKind.get(kind.key) ?? BRANDS.map((_, i) => i + 1));
    const brand = BRANDS[brandId - 1] as (typeof BRANDS)[number];
    const model = r.pick(kind.models);
    const nounIndex = r.int(0, kind.name.sv.nouns.length - 1);
    const prefixIndex = kind.name.sv.prefixes ? r.int(0, kind.name.sv.prefixes.length - 1) : -1;
    const compound = (lang: Lang) => {
      const noun = kind.name[lang].nouns[nounIndex] ?? kind.name[lang].nouns[0] ?? "";
      const prefix = prefixIndex >= 0 ? kind.name[lang].prefixes?.[prefixIndex] : undefined;
      return prefix ? `${prefix}${noun}` : capitalize(noun);
    };
    const axes = variantAxes(kind);
    const basePrice = shelfPrice(r.int(kind.priceRange[0], kind.priceRange[1]));
    const campaign = r.chance(PRICE_CAMPAIGNS[0].share)
      ? PRICE_CAMPAIGNS[0]
      : r.chance(PRICE_CAMPAIGNS[1].share)
        ? PRICE_CAMPAIGNS[1]
        : null;
    const percent = campaign ? r.pick(campaign.percents) : 0;
    const reducedDaysAgo = r.int(2, 20);
    const createdAt = new Date(seedDate.getTime() - r.int(0, 720) * DAY - style * 1000);
    const groupId = style;
    rows.groups.push({ id: groupId, key: `style-${style}`, dimensions: variantDimensions(kind) });
    const textIdx = {
      lead: r.int(0, 100),
      feature: r.int(0, 100),
      selling: r.int(0, 100),
      care: r.int(0, 100),
    };
    const paramPicks = kind.parameters.map((def) =>
      def.select === "many"
        ? r.sample(def.values, r.int(Math.min(2, def.values.length), Math.min(4, def.values.length)))
        : [r.pick(def.values)],
    );

    const fits = axes.includes("fit") ? (kind.fits ?? []) : [undefined];
    const variantsOf = axes.includes("flavour")
      ? r
          .sample(
            kind.flavours ?? [],
            r.int(Math.min(2, kind.flavours?.length ?? 1), Math.min(4, kind.flavours?.length ?? 1)),
          )
          .map((f) => ({ flavour: f }))
      : r
          .sample(kind.colours ?? (["black"] as const), r.int(1, Math.min(4, kind.colours?.length ?? 1)))
          .map((c) => ({ colour: c }));
    for (const fit of fits) {
      for (const variant of variantsOf) {
        if (productId >= opts.products) break;
        productId++;
        const pr = r.fork(`p-${productId}`);
        const colour = "colour" in variant ? COLOUR_BY_KEY[variant.colour] : undefined;
        const flavour = "flavour" in variant ? FLAVOUR_BY_KEY[variant.flavour] : undefined;
        const fitInfo = fit ? FIT_BY_KEY[fit] : undefined;
        const hex = (colour?.hex ?? flavour?.hex ?? "#8c9196").replace("#", "").toLowerCase();
        rows.products.push({
          id: productId,
          articleNumber: `${400000 + style}-${String(productId).padStart(6, "0")}`,
          type: "product",
          brandId,
          primaryCategoryId: leaf.id,
          productClass: kind.productClass,
          variantGroupId: groupId,
          kind: kind.key,
          trackingCode: `MILI-${productId}`,
          salesCount: pr.weighted([
            [pr.int(0, 20), 6],
            [pr.int(20, 200), 3],
            [pr.int(200, 2000), 1],
          ]),
          // "1": the merchandised order; "2": bestsellers of the last 30 days (most sold first), drawn apart
          // so the rest of the product stays as it was.
          customSort: { "1": pr.int(1, 1000), "2": 100_000 - root.fork(`sales-30-${productId}`).int(0, 400) },
          createdAt,
          updatedAt: createdAt,
        });
        for (const lang of LANGS) {
          const variantLabel = colour?.[lang] ?? flavour?.[lang] ?? "";
          const name = [brand.name, model, compound(lang), fitInfo?.[lang]].filter(Boolean).join(" ");
          let alias = slugify(`${name} ${variantLabel}`);
          if (usedAliases[lang].has(alias)) alias = `${alias}-${productId}`;
          usedAliases[lang].add(alias);
          const t = kind.texts[lang];
          const values = { name, brand: brand.name, model };
          const pickText = (list: readonly string[], i: number) => fill(list[i % list.length] ?? "", values);
          rows.translations.push({
            productId,
            languageId: LANGUAGE_IDS[lang],
            name,
            alias,
            text1: `${pickText(t.lead, textIdx.lead)} ${pickText(t.features, textIdx.feature)}`,
            text2: pickText(t.sellingPoints, textIdx.selling),
            text3: pickText(t.care, textIdx.care),
            metaTitle: variantLabel ? `${name}, ${variantLabel.toLocaleLowerCase(lang)}` : name,
            metaDescription: pickText(t.sellingPoints, textIdx.selling),
          });
          kind.parameters.forEach((def, i) => {
            const picked =
              def.identifier === "color" && colour
                ? [{ key: colour.key, sv: colour.sv, nb: colour.nb }]
                : def.identifier === "flavor" && flavour
                  ? [{ key: flavour.key, sv: flavour.sv, nb: flavour.nb }]
                  : (paramPicks[i] ?? []);
            for (const value of picked) {
              rows.parameters.push({
                productId,
                groupId: def.group,
                languageId: LANGUAGE_IDS[lang],
                identifier: def.identifier,
                name: def[lang],
                value: value[lang],
                valueKey: value.key,
                sortOrder: i,
              });
            }
          });
          const facts = flavour && kind.nutrition?.byFlavour[flavour.key];
          if (facts) {
            nutritionRows(facts, lang).forEach((row, i) => {
              rows.parameters.push({
                productId,
                groupId: 4,
                languageId: LANGUAGE_IDS[lang],
                identifier: `nutrition-${row.key}`,
                name: row.label,
                value: row.value,
                valueKey: null,
                sortOrder: 100 + i,
              });
            });
          }
        }
        for (const c of [leaf.id, ...leaf.ancestors])
          rows.productCategories.push({ productId, categoryId: c });
        const imageKind = imageKindOf(kind) ?? "parcel";
        const imageCount = pr.int(2, 3);
        for (let n = 1; n <= imageCount; n++) {
          rows.images.push({
            productId,
            fileName: `${imageKind}-${productId}-${n}-${hex}.jpg`,
            tags: n === 1 ? ["primary"] : [],
            sortOrder: n,
          });
        }
        // Product-level variant values (fit, colour or flavour).
        axes.forEach((axis, level) => {
          if (axis === "size") return;
          const label =
            axis === "fit" ? fitInfo : axis === "colour" ? colour : axis === "flavour" ? flavour : undefined;
          if (!label) return;
          rows.variants.push({
            productId,
            skuId: null,
            level,
            dimension: axis === "fit" ? "Fit" : axis === "colour" ? "Color" : "Flavor",
            value: label.key,
            label: { "sv-SE": label.sv, "nb-NO": label.nb },
            sortOrder: 0,
          });
        });
        const sizes = sizesFor(kind, fit);
        sizes.forEach((size, i) => {
          skuId++;
          const state = pr.weighted(STOCK_WEIGHTS);
          rows.skus.push({
            id: skuId,
            productId,
            gtin: ean13(`735${String(skuId).padStart(9, "0")}`),
            name: size.sv === size.nb ? size.sv : size.key,
            sortOrder: i,
            ...stockFor(pr, state, seedDate),
          });
          rows.variants.push({
            productId,
            skuId,
            level: axes.length - 1,
            dimension: "Size",
            value: size.key,
            label: { "sv-SE": size.sv, "nb-NO": size.nb },
            sortOrder: i,
          });
          const regularKr = shelfPrice(basePrice * (size.priceFactor ?? 1));
          const reducedKr = percent ? shelfPrice(regularKr * (1 - percent / 100)) : regularKr;
          // A reduction that rounds away (cheap sizes) is no reduction: the price stays regular.
          const sellingKr = Math.min(reducedKr, regularKr);
          const reducedSince =
            sellingKr < regularKr ? new Date(seedDate.getTime() - reducedDaysAgo * DAY) : null;
          rows.prices.push({
            skuId,
            marketAlias: "se",
            currencyCode: "SEK",
            regularMinor: regularKr * 100,
            sellingMinor: sellingKr * 100,
            campaignId: campaign && reducedSince ? campaignIds[campaign.key] : null,
            reducedSince,
            updatedAt: reducedSince ?? createdAt,
          });
          if (reducedSince) {
            // A price history: the regular price for months, sometimes a short earlier dip, then the reduction.
            const log = [{ at: new Date(seedDate.getTime() - 120 * DAY), selling: regularKr }];
            if (pr.chance(0.3)) {
              const dipStart = reducedDaysAgo + pr.int(5, 25);
              log.push({
                at: new Date(seedDate.getTime() - dipStart * DAY),
                selling: shelfPrice(regularKr * 0.85),
              });
              log.push({ at: new Date(seedDate.getTime() - (dipStart - 3) * DAY), selling: regularKr });
            }
            log.push({ at: reducedSince, selling: sellingKr });
            for (const entry of log) {
              rows.priceLog.push({
                skuId,
                marketAlias: "se",
                regularMinor: regularKr * 100,
                sellingMinor: entry.selling * 100,
                at: entry.at,
              });
            }
          }
        });
      }
    }
  }

  await flush();
  await writing;
  return {
    summary: {
      categories: flat.length,
      brands: BRANDS.length,
      products: productId,
      skus: skuId,
      variantGroups: style,
    } satisfies CatalogSummary,
    leaves,
    flat,
  };
}
