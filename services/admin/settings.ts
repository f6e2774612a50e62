import { and, asc, eq, ne } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import {
  channels,
  currencies,
  languages,
  marketLanguages,
  markets,
  paymentMethods,
  shippingOptions,
  vatRates,
} from "#db/schema/index.ts";
import { isoDate } from "#domain/calendar.ts";
import {
  type CurrencyInput,
  checkCurrency,
  checkMarket,
  checkShippingOption,
  checkTheme,
  type MarketInput,
  planPaymentMethodMarket,
  planVatChange,
  planVatDeletion,
  type SettingsProblem,
  type ShippingOptionFields,
  type ShippingOptionInput,
  shippingOptionKey,
  type VatChangeInput,
} from "#domain/settings.ts";
import { marketTimeZone, type VatRate } from "#domain/vat.ts";
import { type RecordedChange, writeAudit } from "./audit.ts";
import { Refused, refusable, refuseStale } from "./refusal.ts";
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
  | { ok: true; version: number; id?: number }
  | { ok: false; refusal: "invalid"; problems: SettingsProblem[] }
  | { ok: false; refusal: "notFound" }
  | { ok: false; refusal: "stale"; version: number; changes: RecordedChange[] };

// ---------------------------------------------------------------------------------------------------------------
// Reading.

/** Everything the settings screens show, in one round of queries. */
export async function adminSettings(db: Database, now = new Date()) {
  const [mRows, mlRows, cuRows, lRows, vRows, sRows, chRows, pRows] = await Promise.all([
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
    db.select().from(paymentMethods).orderBy(asc(paymentMethods.sortOrder), asc(paymentMethods.id)),
  ]);
  const aliases = mRows.map((m) => m.alias);
  return {
    currencies: cuRows.map((c) => ({
      code: c.code,
      name: c.name,
      symbol: c.symbol,
      minorUnits: c.minorUnits,
    })),
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
          // Not begun in the market's calendar: it may still be deleted (planVatDeletion).
          scheduled: v.validFrom > isoDate(now, marketTimeZone(m.alias)),
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
    paymentMethods: pRows.map((p) => ({
      key: p.key,
      nbName: p.names["nb-NO"] ?? p.key,
      svName: p.names["sv-SE"] ?? p.key,
      paymentType: p.paymentType,
      checkoutType: p.checkoutType,
      active: p.active,
      // Written out: the column's empty list means every market.
      marketAliases:
        p.marketAliases.length === 0 ? aliases : aliases.filter((a) => p.marketAliases.includes(a)),
      customerTypes: p.customerTypes,
      version: p.version,
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
export type AdminSettingsPaymentMethod = AdminSettings["paymentMethods"][number];

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
  return refusable<SettingsResult>(db, async (t) => {
    const [current] = await t.select().from(markets).where(eq(markets.alias, alias)).for("update");
    if (!current) throw new Refused({ ok: false, refusal: "notFound" });
    await refuseStale(t, "market", alias, current.version, version);
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
// Currencies.

/**
 * A currency the shop can take payment in (domain/settings.ts `checkCurrency`: an ISO 4217 code the runtime knows,
 * not there yet, its decimals the ones money.ts uses). A market without a currency may then be given it; a market's
 * own currency never changes (`currencyLocked`). Answers version 1 (a currency is not edited).
 */
export async function createCurrency(
  db: Database,
  who: AdminPrincipal,
  input: CurrencyInput,
): Promise<SettingsResult> {
  return refusable<SettingsResult>(db, async (t) => {
    const existing = await t.select({ code: currencies.code }).from(currencies).for("update");
    const checked = checkCurrency(input, {
      known: Intl.supportedValuesOf("currency"),
      existing: existing.map((c) => c.code),
    });
    if (!checked.ok) throw new Refused({ ok: false, refusal: "invalid", problems: checked.problems });
    const c = checked.value;
    // Two owners adding the same code at once: the second finds it (the primary key), like a code already there.
    const inserted = await t
      .insert(currencies)
      .values(c)
      .onConflictDoNothing()
      .returning({ code: currencies.code });
    if (!inserted.length)
      throw new Refused({
        ok: false,
        refusal: "invalid",
        problems: [{ field: "code", code: "currencyExists" }],
      });
    await writeAudit(t, who, { action: "currency.create", entity: "currency", entityId: c.code, after: c });
    return { ok: true, version: 1 };
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
  return refusable<SettingsResult>(db, async (t) => {
    const [market] = await t.select().from(markets).where(eq(markets.alias, alias)).for("update");
    if (!market?.countryCode) throw new Refused({ ok: false, refusal: "notFound" });
    await refuseStale(t, "market", alias, market.version, version);
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

/**
 * Deletes a scheduled VAT rate (one that has not begun in the market's calendar; domain/settings.ts
 * `planVatDeletion`): the rate before it runs again to where the deleted one ended. A rate in effect is refused
 * (`alreadyInEffect`). Carries and raises the market's version, like scheduling.
 */
export async function deleteVatRate(
  db: Database,
  who: AdminPrincipal,
  alias: string,
  version: number,
  input: { productClass: string; validFrom: string },
  now = new Date(),
): Promise<SettingsResult> {
  return refusable<SettingsResult>(db, async (t) => {
    const [market] = await t.select().from(markets).where(eq(markets.alias, alias)).for("update");
    if (!market?.countryCode) throw new Refused({ ok: false, refusal: "notFound" });
    await refuseStale(t, "market", alias, market.version, version);
    const country = market.countryCode;
    const rows = await t
      .select()
      .from(vatRates)
      .where(and(eq(vatRates.countryCode, country), eq(vatRates.productClass, input.productClass)));
    const rates: VatRate[] = rows.map((r) => ({
      market: r.countryCode,
      productClass: r.productClass as VatRate["productClass"],
      rateBp: r.rateBp,
      validFrom: r.validFrom,
      validTo: r.validTo,
    }));
    const plan = planVatDeletion(
      rates,
      country,
      input.productClass,
      input.validFrom,
      isoDate(now, marketTimeZone(alias)),
    );
    if (!plan) throw new Refused({ ok: false, refusal: "notFound" });
    if (!plan.ok) throw new Refused({ ok: false, refusal: "invalid", problems: plan.problems });
    const { remove, extend } = plan.value;
    const deleted = rows.find((r) => r.validFrom === remove.validFrom);
    const row = (validFrom: string) =>
      and(
        eq(vatRates.countryCode, country),
        eq(vatRates.productClass, remove.productClass),
        eq(vatRates.validFrom, validFrom),
      );
    await t.delete(vatRates).where(row(remove.validFrom));
    if (extend) await t.update(vatRates).set({ validTo: extend.validTo }).where(row(extend.validFrom));
    const next = version + 1;
    await t.update(markets).set({ version: next }).where(eq(markets.alias, alias));
    await writeAudit(t, who, {
      action: "vatRate.delete",
      entity: "market",
      entityId: alias,
      before: {
        productClass: remove.productClass,
        rateBp: deleted?.rateBp,
        validFrom: remove.validFrom,
        validTo: deleted?.validTo ?? null,
        version,
      },
      after: { productClass: remove.productClass, extends: extend, version: next },
    });
    return { ok: true, version: next };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Shipping options.

/** How many of a market's options other than `id` are offered (read with the market row locked). */
async function activeOptionsBesides(t: Database, marketAlias: string, id: number): Promise<number> {
  const rows = await t
    .select({ id: shippingOptions.id })
    .from(shippingOptions)
    .where(
      and(
        eq(shippingOptions.marketAlias, marketAlias),
        eq(shippingOptions.active, true),
        ne(shippingOptions.id, id),
      ),
    );
  return rows.length;
}

const optionView = (r: ShippingOptionFields) => ({
  "nb.name": r.names["nb-NO"],
  "sv.name": r.names["sv-SE"],
  feeMinor: r.feeMinor,
  freeOverMinor: r.freeOverMinor,
  deliveryDaysMin: r.deliveryDaysMin,
  deliveryDaysMax: r.deliveryDaysMax,
  sortOrder: r.sortOrder,
  active: r.active,
});

/**
 * A new shipping option of a market's own (what its checkout offers at once when it is active): names, fee and
 * free-from threshold in the market's currency, estimate, order. Its key is made from its Norwegian name, unique in
 * the market (`shippingOptionKey`; retired options keep theirs, orders name them). The provider is the shop's own:
 * the checkout lists a market's active rows through integrations/shipping/own; a delivery checkout's options
 * (nShift) come from it per zip and are not rows. Answers the new option's id and version 1.
 */
export async function createShippingOption(
  db: Database,
  who: AdminPrincipal,
  alias: string,
  input: ShippingOptionInput,
): Promise<SettingsResult> {
  return refusable<SettingsResult>(db, async (t) => {
    // The market locked: two creations of the same name at once get two keys.
    const [market] = await t.select().from(markets).where(eq(markets.alias, alias)).for("update");
    if (!market) throw new Refused({ ok: false, refusal: "notFound" });
    const checked = checkShippingOption(input, market.currencyCode ?? null);
    if (!checked.ok) throw new Refused({ ok: false, refusal: "invalid", problems: checked.problems });
    const f = checked.value;
    const taken = await t
      .select({ key: shippingOptions.key })
      .from(shippingOptions)
      .where(eq(shippingOptions.marketAlias, alias));
    const key = shippingOptionKey(
      { nb: f.names["nb-NO"], sv: f.names["sv-SE"] },
      taken.map((r) => r.key),
    );
    const [row] = await t
      .insert(shippingOptions)
      .values({ ...f, marketAlias: alias, key, isDefault: false, version: 1 })
      .returning({ id: shippingOptions.id });
    if (!row) throw new Error("the shipping option was not inserted");
    await writeAudit(t, who, {
      action: "shippingOption.create",
      entity: "shippingOption",
      entityId: row.id,
      after: { ...optionView(f), marketAlias: alias, key, version: 1 },
    });
    return { ok: true, version: 1, id: row.id };
  });
}

/**
 * A market's own shipping option: names, fee, free-from threshold (market currency), estimate, order, and whether
 * it is offered (retired, never deleted: orders name it). Retiring the market's last offered one is refused
 * (`lastActiveOption`).
 */
export async function updateShippingOption(
  db: Database,
  who: AdminPrincipal,
  id: number,
  version: number,
  input: ShippingOptionInput,
): Promise<SettingsResult> {
  return refusable<SettingsResult>(db, async (t) => {
    // The market first, then the option: changes of one market's options (and creations) take turns, so two
    // owners retiring its last two options at once cannot both win, and the locks come in one order.
    const [peek] = await t
      .select({ marketAlias: shippingOptions.marketAlias })
      .from(shippingOptions)
      .where(eq(shippingOptions.id, id));
    if (!peek) throw new Refused({ ok: false, refusal: "notFound" });
    const [market] = await t
      .select({ currencyCode: markets.currencyCode })
      .from(markets)
      .where(eq(markets.alias, peek.marketAlias))
      .for("update");
    const [current] = await t.select().from(shippingOptions).where(eq(shippingOptions.id, id)).for("update");
    if (!current) throw new Refused({ ok: false, refusal: "notFound" });
    await refuseStale(t, "shippingOption", id, current.version, version);
    const otherActive = await activeOptionsBesides(t, current.marketAlias, id);
    const checked = checkShippingOption(input, market?.currencyCode ?? null, {
      wasActive: current.active,
      otherActive,
    });
    if (!checked.ok) throw new Refused({ ok: false, refusal: "invalid", problems: checked.problems });
    const f = checked.value;
    const next = version + 1;
    await t
      .update(shippingOptions)
      .set({ ...f, names: { ...current.names, ...f.names }, version: next })
      .where(eq(shippingOptions.id, id));
    const view = optionView;
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
// Payment methods per market.

/**
 * Whether a market's checkout offers a payment method (domain/settings.ts `planPaymentMethodMarket`): the method's
 * markets with this one added or taken out, written out in full. Turning off what a kind of shopper would last have
 * been able to pay with there is refused (`lastPaymentMethod`). Every method is locked: two owners turning off a
 * market's last two methods at once cannot both win. Carries the method's version (migration 0040).
 */
export async function setPaymentMethodMarket(
  db: Database,
  who: AdminPrincipal,
  key: string,
  version: number,
  alias: string,
  offered: boolean,
): Promise<SettingsResult> {
  return refusable<SettingsResult>(db, async (t) => {
    const methods = await t.select().from(paymentMethods).orderBy(asc(paymentMethods.id)).for("update");
    const current = methods.find((m) => m.key === key);
    if (!current) throw new Refused({ ok: false, refusal: "notFound" });
    await refuseStale(t, "paymentMethod", key, current.version, version);
    const mRows = await t
      .select({ alias: markets.alias })
      .from(markets)
      .orderBy(asc(markets.sortOrder), asc(markets.alias));
    const plan = planPaymentMethodMarket(
      methods,
      mRows.map((m) => m.alias),
      key,
      alias,
      offered,
    );
    if (!plan) throw new Refused({ ok: false, refusal: "notFound" });
    if (!plan.ok) throw new Refused({ ok: false, refusal: "invalid", problems: plan.problems });
    const next = version + 1;
    await t
      .update(paymentMethods)
      .set({ marketAliases: plan.value, version: next })
      .where(eq(paymentMethods.id, current.id));
    await writeAudit(t, who, {
      action: "paymentMethod.markets",
      entity: "paymentMethod",
      entityId: key,
      before: { marketAliases: current.marketAliases, version },
      after: { marketAliases: plan.value, market: alias, offered, version: next },
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
  return refusable<SettingsResult>(db, async (t) => {
    const [current] = await t.select().from(channels).where(eq(channels.id, channelId)).for("update");
    if (!current) throw new Refused({ ok: false, refusal: "notFound" });
    await refuseStale(t, "channel", channelId, current.version, version);
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
