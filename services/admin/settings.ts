import { and, asc, eq, ne } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import {
  channels,
  currencies,
  languages,
  marketLanguages,
  markets,
  shippingOptions,
  vatRates,
} from "#db/schema/index.ts";
import { isoDate } from "#domain/calendar.ts";
import {
  checkMarket,
  checkShippingOption,
  checkTheme,
  type MarketInput,
  planVatChange,
  type SettingsProblem,
  type ShippingOptionInput,
  type VatChangeInput,
} from "#domain/settings.ts";
import { marketTimeZone, type VatRate } from "#domain/vat.ts";
import { changesSince, type RecordedChange, writeAudit } from "./audit.ts";
import type { AdminPrincipal } from "./users.ts";

/**
 * The shop's settings in the back office (issue 15, decision 0059). They are the storefront's own reference rows:
 * `markets` with `market_languages`, `vat_rates` (per country, with the days each applies), the markets' own
 * `shipping_options`, and `channels.theme`. Each of those tables marks the catalog version (migration 0010), so a
 * change's commit moves the response and page caches and the reference cache (services/reference.ts) like any
 * catalog change: the storefront follows without a rebuild. Every change runs in one transaction that locks the
 * row, refuses a stale version with what changed since, checks with domain/settings.ts and writes the audit entry.
 * A market's VAT changes carry the market's version (the rates are the market's).
 */
export type SettingsResult =
  | { ok: true; version: number }
  | { ok: false; refusal: "invalid"; problems: SettingsProblem[] }
  | { ok: false; refusal: "notFound" }
  | { ok: false; refusal: "stale"; version: number; changes: RecordedChange[] };

class Refused extends Error {
  readonly result: SettingsResult & { ok: false };
  constructor(result: SettingsResult & { ok: false }) {
    super(result.refusal);
    this.result = result;
  }
}

async function refusable(
  db: Database,
  work: (tx: Database) => Promise<SettingsResult>,
): Promise<SettingsResult> {
  try {
    return await db.transaction(async (tx) => work(tx as unknown as Database));
  } catch (error) {
    if (error instanceof Refused) return error.result;
    throw error;
  }
}

async function fresh(t: Database, entity: string, id: string | number, current: number, version: number) {
  if (current !== version)
    throw new Refused({
      ok: false,
      refusal: "stale",
      version: current,
      changes: await changesSince(t, entity, id, version),
    });
}

// ---------------------------------------------------------------------------------------------------------------
// Reading.

/** Everything the settings screens show, in one round of queries. */
export async function adminSettings(db: Database) {
  const [mRows, mlRows, cuRows, lRows, vRows, sRows, chRows] = await Promise.all([
    db.select().from(markets).orderBy(asc(markets.sortOrder), asc(markets.alias)),
    db.select().from(marketLanguages).orderBy(asc(marketLanguages.sortOrder)),
    db.select().from(currencies).orderBy(asc(currencies.code)),
    db.select().from(languages).orderBy(asc(languages.id)),
    db
      .select()
      .from(vatRates)
      .orderBy(asc(vatRates.countryCode), asc(vatRates.productClass), asc(vatRates.validFrom)),
    db.select().from(shippingOptions).orderBy(asc(shippingOptions.sortOrder), asc(shippingOptions.id)),
    db.select().from(channels).orderBy(asc(channels.id)),
  ]);
  return {
    currencies: cuRows.map((c) => ({ code: c.code, name: c.name })),
    languages: lRows.map((l) => ({ id: l.id, name: l.name })),
    markets: mRows.map((m) => ({
      alias: m.alias,
      countryCode: m.countryCode,
      currencyCode: m.currencyCode ?? "",
      languageIds: mlRows.filter((l) => l.marketAlias === m.alias).map((l) => l.languageId),
      defaultLanguageId: m.defaultLanguageId,
      active: m.active,
      version: m.version,
      vatRates: vRows
        .filter((v) => v.countryCode === m.countryCode)
        .map((v) => ({
          productClass: v.productClass,
          rateBp: v.rateBp,
          validFrom: v.validFrom,
          validTo: v.validTo,
        })),
      shippingOptions: sRows
        .filter((s) => s.marketAlias === m.alias)
        .map((s) => ({
          id: s.id,
          key: s.key,
          nbName: s.names["nb-NO"] ?? "",
          svName: s.names["sv-SE"] ?? "",
          feeMinor: s.feeMinor,
          freeOverMinor: s.freeOverMinor,
          deliveryDaysMin: s.deliveryDaysMin,
          deliveryDaysMax: s.deliveryDaysMax,
          sortOrder: s.sortOrder,
          active: s.active,
          version: s.version,
        })),
    })),
    channels: chRows.map((c) => ({
      id: c.id,
      name: c.name,
      theme: Object.entries(c.theme).map(([key, value]) => ({ key, value })),
      version: c.version,
    })),
  };
}

export type AdminSettings = Awaited<ReturnType<typeof adminSettings>>;
export type AdminSettingsMarket = AdminSettings["markets"][number];
export type AdminSettingsChannel = AdminSettings["channels"][number];

// ---------------------------------------------------------------------------------------------------------------
// Markets.

/**
 * A market's allowed languages (in the order given), default language and whether it is active. Its currency is
 * checked but stays: a different one is refused (`currencyLocked`, domain/settings.ts `checkMarket`).
 */
export async function updateMarket(
  db: Database,
  who: AdminPrincipal,
  alias: string,
  version: number,
  input: MarketInput,
): Promise<SettingsResult> {
  return refusable(db, async (t) => {
    const [current] = await t.select().from(markets).where(eq(markets.alias, alias)).for("update");
    if (!current) throw new Refused({ ok: false, refusal: "notFound" });
    await fresh(t, "market", alias, current.version, version);
    // The other active markets, locked: two owners deactivating the last two at once cannot both win.
    const others = await t
      .select({ alias: markets.alias })
      .from(markets)
      .where(and(ne(markets.alias, alias), eq(markets.active, true)))
      .for("update");
    const [cuRows, lRows, before] = await Promise.all([
      t.select({ code: currencies.code }).from(currencies),
      t.select({ id: languages.id }).from(languages),
      t
        .select()
        .from(marketLanguages)
        .where(eq(marketLanguages.marketAlias, alias))
        .orderBy(asc(marketLanguages.sortOrder)),
    ]);
    const checked = checkMarket(input, {
      currencies: cuRows.map((c) => c.code),
      currentCurrency: current.currencyCode,
      languages: lRows.map((l) => l.id),
      otherActiveMarkets: others.length,
    });
    if (!checked.ok) throw new Refused({ ok: false, refusal: "invalid", problems: checked.problems });
    const m = checked.value;
    const next = version + 1;
    await t
      .update(markets)
      .set({
        currencyCode: m.currencyCode,
        defaultLanguageId: m.defaultLanguageId,
        active: m.active,
        version: next,
      })
      .where(eq(markets.alias, alias));
    await t.delete(marketLanguages).where(eq(marketLanguages.marketAlias, alias));
    await t
      .insert(marketLanguages)
      .values(m.languageIds.map((languageId, i) => ({ marketAlias: alias, languageId, sortOrder: i })));
    await writeAudit(t, who, {
      action: "market.update",
      entity: "market",
      entityId: alias,
      before: {
        currencyCode: current.currencyCode,
        languageIds: before.map((l) => l.languageId),
        defaultLanguageId: current.defaultLanguageId,
        active: current.active,
        version,
      },
      after: { ...m, version: next },
    });
    return { ok: true, version: next };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// VAT rates.

/**
 * Schedules a VAT rate for a market's country and a product class from a day after the market's today
 * (domain/settings.ts `planVatChange`): the rate before ends the day before; a day that has begun is never
 * rewritten. Carries and raises the market's version.
 */
export async function scheduleVatRate(
  db: Database,
  who: AdminPrincipal,
  alias: string,
  version: number,
  input: VatChangeInput,
  now = new Date(),
): Promise<SettingsResult> {
  return refusable(db, async (t) => {
    const [market] = await t.select().from(markets).where(eq(markets.alias, alias)).for("update");
    if (!market?.countryCode) throw new Refused({ ok: false, refusal: "notFound" });
    await fresh(t, "market", alias, market.version, version);
    const country = market.countryCode;
    const rows = await t.select().from(vatRates).where(eq(vatRates.countryCode, country));
    const rates: VatRate[] = rows.map((r) => ({
      market: r.countryCode,
      productClass: r.productClass as VatRate["productClass"],
      rateBp: r.rateBp,
      validFrom: r.validFrom,
      validTo: r.validTo,
    }));
    const plan = planVatChange(rates, country, input, isoDate(now, marketTimeZone(alias)));
    if (!plan.ok) throw new Refused({ ok: false, refusal: "invalid", problems: plan.problems });
    const { end, put } = plan.value;
    const replaced = rows.find((r) => r.productClass === put.productClass && r.validFrom === put.validFrom);
    if (end)
      await t
        .update(vatRates)
        .set({ validTo: end.validTo })
        .where(
          and(
            eq(vatRates.countryCode, country),
            eq(vatRates.productClass, put.productClass),
            eq(vatRates.validFrom, end.validFrom),
          ),
        );
    if (replaced)
      await t
        .update(vatRates)
        .set({ rateBp: put.rateBp, validTo: put.validTo })
        .where(eq(vatRates.id, replaced.id));
    else
      await t.insert(vatRates).values({
        countryCode: country,
        productClass: put.productClass,
        rateBp: put.rateBp,
        validFrom: put.validFrom,
        validTo: put.validTo,
      });
    const next = version + 1;
    await t.update(markets).set({ version: next }).where(eq(markets.alias, alias));
    await writeAudit(t, who, {
      action: "vatRate.schedule",
      entity: "market",
      entityId: alias,
      before: replaced
        ? { productClass: put.productClass, rateBp: replaced.rateBp, validFrom: put.validFrom, version }
        : { version },
      after: {
        productClass: put.productClass,
        rateBp: put.rateBp,
        validFrom: put.validFrom,
        validTo: put.validTo,
        endsBefore: end,
        version: next,
      },
    });
    return { ok: true, version: next };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Shipping options.

/** A market's own shipping option: names, fee, free-from threshold (market currency), estimate, order, active. */
export async function updateShippingOption(
  db: Database,
  who: AdminPrincipal,
  id: number,
  version: number,
  input: ShippingOptionInput,
): Promise<SettingsResult> {
  return refusable(db, async (t) => {
    const [current] = await t.select().from(shippingOptions).where(eq(shippingOptions.id, id)).for("update");
    if (!current) throw new Refused({ ok: false, refusal: "notFound" });
    await fresh(t, "shippingOption", id, current.version, version);
    const [market] = await t
      .select({ currencyCode: markets.currencyCode })
      .from(markets)
      .where(eq(markets.alias, current.marketAlias));
    const checked = checkShippingOption(input, market?.currencyCode ?? "SEK");
    if (!checked.ok) throw new Refused({ ok: false, refusal: "invalid", problems: checked.problems });
    const f = checked.value;
    const next = version + 1;
    await t
      .update(shippingOptions)
      .set({ ...f, names: { ...current.names, ...f.names }, version: next })
      .where(eq(shippingOptions.id, id));
    const view = (r: typeof f) => ({
      "nb.name": r.names["nb-NO"],
      "sv.name": r.names["sv-SE"],
      feeMinor: r.feeMinor,
      freeOverMinor: r.freeOverMinor,
      deliveryDaysMin: r.deliveryDaysMin,
      deliveryDaysMax: r.deliveryDaysMax,
      sortOrder: r.sortOrder,
      active: r.active,
    });
    await writeAudit(t, who, {
      action: "shippingOption.update",
      entity: "shippingOption",
      entityId: id,
      before: {
        ...view({
          ...current,
          names: { "nb-NO": current.names["nb-NO"] ?? "", "sv-SE": current.names["sv-SE"] ?? "" },
        }),
        marketAlias: current.marketAlias,
        key: current.key,
        version,
      },
      after: { ...view(f), marketAlias: current.marketAlias, key: current.key, version: next },
    });
    return { ok: true, version: next };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Theme.

/** A channel's theme colours (domain/settings.ts `checkTheme`: colours, text at WCAG AA contrast). */
export async function updateTheme(
  db: Database,
  who: AdminPrincipal,
  channelId: string,
  version: number,
  theme: Record<string, string>,
): Promise<SettingsResult> {
  return refusable(db, async (t) => {
    const [current] = await t.select().from(channels).where(eq(channels.id, channelId)).for("update");
    if (!current) throw new Refused({ ok: false, refusal: "notFound" });
    await fresh(t, "channel", channelId, current.version, version);
    const checked = checkTheme(theme);
    if (!checked.ok) throw new Refused({ ok: false, refusal: "invalid", problems: checked.problems });
    const next = version + 1;
    const merged = { ...current.theme, ...checked.value };
    await t.update(channels).set({ theme: merged, version: next }).where(eq(channels.id, channelId));
    await writeAudit(t, who, {
      action: "theme.update",
      entity: "channel",
      entityId: channelId,
      before: { theme: current.theme, version },
      after: { theme: merged, version: next },
    });
    return { ok: true, version: next };
  });
}
