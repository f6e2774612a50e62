import { asc } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import {
  channelMarkets,
  channels,
  countries,
  currencies,
  languages,
  marketLanguages,
  markets,
  vatRates,
} from "#db/schema/index.ts";
import type { VatRate } from "#domain/vat.ts";

/**
 * Channels, markets, languages, currencies and VAT rates: small, read on every request, changed rarely.
 * Loaded in one round of queries and kept for a short while, so a request never waits on them twice.
 */
export interface ReferenceData {
  channels: Map<string, ChannelRecord>;
  markets: Map<string, MarketRecord>;
  languages: Map<string, LanguageRecord>;
  vatRates: VatRate[];
  loadedAt: number;
}

export interface LanguageRecord {
  id: string;
  code: string;
  name: string;
}

export interface MarketRecord {
  alias: string;
  defaultLanguageId: string;
  virtual: boolean;
  onlyDisplayInCheckout: boolean;
  groupKey: string;
  pricesIncludeVat: boolean;
  shippingFeeMinor: number;
  freeShippingOverMinor: number | null;
  allowedLanguageIds: string[];
  country: { code: string; names: Record<string, string> } | null;
  currency: { code: string; name: string; symbol: string; minorUnits: number } | null;
}

export interface ChannelRecord {
  id: string;
  name: string;
  defaultMarketAlias: string;
  defaultLanguageId: string;
  theme: Record<string, string>;
  marketAliases: string[];
}

const TTL_MS = 60_000;

/**
 * `version`: the catalog version as this process last heard it (services/catalog-version.ts `latest`). Every table
 * read here marks the catalog version at commit (migration 0010), so a copy loaded at another version is reloaded:
 * a settings change in the back office (decision 0059) reaches the storefront at the next request, on every node,
 * without waiting for the TTL.
 */
export function createReferenceCache(db: Database, opts: { version?: () => number } = {}) {
  let current: ReferenceData | undefined;
  let currentVersion = -1;
  /** The load in flight and the version (and invalidation generation) it began at. */
  let loading: { version: number; generation: number; promise: Promise<ReferenceData> } | undefined;
  let generation = 0;

  async function load(): Promise<ReferenceData> {
    const [chRows, cmRows, mRows, mlRows, lRows, cRows, cuRows, vRows] = await Promise.all([
      db.select().from(channels),
      db.select().from(channelMarkets).orderBy(asc(channelMarkets.sortOrder)),
      db.select().from(markets).orderBy(asc(markets.sortOrder)),
      db.select().from(marketLanguages).orderBy(asc(marketLanguages.sortOrder)),
      db.select().from(languages),
      db.select().from(countries),
      db.select().from(currencies),
      db.select().from(vatRates),
    ]);
    const countryByCode = new Map(cRows.map((c) => [c.code, c]));
    const currencyByCode = new Map(cuRows.map((c) => [c.code, c]));
    const marketMap = new Map<string, MarketRecord>();
    for (const m of mRows) {
      if (!m.active) continue;
      const country = m.countryCode ? countryByCode.get(m.countryCode) : undefined;
      const currency = m.currencyCode ? currencyByCode.get(m.currencyCode) : undefined;
      marketMap.set(m.alias, {
        alias: m.alias,
        defaultLanguageId: m.defaultLanguageId,
        virtual: m.virtual,
        onlyDisplayInCheckout: m.onlyDisplayInCheckout,
        groupKey: m.groupKey,
        pricesIncludeVat: m.pricesIncludeVat,
        shippingFeeMinor: m.shippingFeeMinor,
        freeShippingOverMinor: m.freeShippingOverMinor,
        allowedLanguageIds: mlRows.filter((l) => l.marketAlias === m.alias).map((l) => l.languageId),
        country: country ? { code: country.code, names: country.names } : null,
        currency: currency
          ? {
              code: currency.code,
              name: currency.name,
              symbol: currency.symbol,
              minorUnits: currency.minorUnits,
            }
          : null,
      });
    }
    const channelMap = new Map<string, ChannelRecord>();
    for (const c of chRows) {
      channelMap.set(c.id, {
        id: c.id,
        name: c.name,
        defaultMarketAlias: c.defaultMarketAlias,
        defaultLanguageId: c.defaultLanguageId,
        theme: c.theme,
        marketAliases: cmRows
          .filter((cm) => cm.channelId === c.id && marketMap.has(cm.marketAlias))
          .map((cm) => cm.marketAlias),
      });
    }
    return {
      channels: channelMap,
      markets: marketMap,
      languages: new Map(lRows.map((l) => [l.id, l])),
      vatRates: vRows.map((v) => ({
        market: v.countryCode,
        productClass: v.productClass as VatRate["productClass"],
        rateBp: v.rateBp,
        validFrom: v.validFrom,
        validTo: v.validTo,
      })),
      loadedAt: Date.now(),
    };
  }

  return {
    async get(): Promise<ReferenceData> {
      const version = opts.version?.() ?? -1;
      if (current && version === currentVersion && Date.now() - current.loadedAt < TTL_MS) return current;
      // Only a load begun at this version is joined: one begun before a change committed would store the old
      // copy under the new version (decision 0059: never built from the old reference copy).
      if (loading?.version !== version) {
        const mine = {
          version,
          generation,
          promise: load().finally(() => {
            if (loading === mine) loading = undefined;
          }),
        };
        loading = mine;
      }
      const started = loading;
      const loaded = await started.promise;
      // Stored under the version heard before the load began (a change committed during the load reloads on the
      // next get()); never over a copy of a newer version, nor after an invalidate().
      if (started.generation === generation && started.version >= currentVersion) {
        current = loaded;
        currentVersion = started.version;
      }
      return loaded;
    },
    /** Drops the cached copy (after the seed or an admin change). */
    invalidate() {
      current = undefined;
      currentVersion = -1;
      loading = undefined;
      generation += 1;
    },
  };
}

export type ReferenceCache = ReturnType<typeof createReferenceCache>;

const kept = new WeakMap<ReferenceData, Map<string, Promise<unknown>>>();

/**
 * What `load` reads, kept as long as this reference copy is the current one (decision 0074): for reads of tables
 * that mark the catalog version at commit (migration 0010), as the reference tables do, so the copy that
 * createReferenceCache hands out for a newer version has none of it and reads it anew. `name` says everything the
 * answer depends on. A failed load is not kept.
 */
export function keptWith<T>(ref: ReferenceData, name: string, load: () => Promise<T>): Promise<T> {
  let entries = kept.get(ref);
  if (!entries) {
    entries = new Map();
    kept.set(ref, entries);
  }
  let entry = entries.get(name) as Promise<T> | undefined;
  if (!entry) {
    const mine = load();
    entry = mine;
    entries.set(name, mine);
    mine.catch(() => {
      if (entries.get(name) === mine) entries.delete(name);
    });
  }
  return entry;
}

export interface Locale {
  channel: ChannelRecord;
  market: MarketRecord;
  language: LanguageRecord;
}

export interface LocaleRequest {
  channelId?: string | null;
  marketId?: string | null;
  languageId?: string | null;
}

export const DEFAULT_CHANNEL_ID = "2|no";

/**
 * Resolves the channel, market and language of an operation. An unknown or missing value falls back to the
 * channel's default; each fallback from a value that was given is reported so the caller can log it.
 */
export function resolveLocale(
  ref: ReferenceData,
  req: LocaleRequest,
): { locale: Locale; fallbacks: string[] } {
  const fallbacks: string[] = [];
  let channel = req.channelId ? ref.channels.get(req.channelId) : undefined;
  if (!channel) {
    if (req.channelId) fallbacks.push(`unknown channelId "${req.channelId}"`);
    channel = ref.channels.get(DEFAULT_CHANNEL_ID) ?? [...ref.channels.values()][0];
  }
  if (!channel) throw new Error("No channel is configured: run the seed (npm run seed)");

  // A market id may be given as its alias ("se") or as a channel-scoped id ("1|se").
  const marketAlias = req.marketId?.includes("|") ? req.marketId.split("|")[1] : req.marketId;
  let market =
    marketAlias && channel.marketAliases.includes(marketAlias) ? ref.markets.get(marketAlias) : undefined;
  if (!market) {
    if (req.marketId) fallbacks.push(`unknown marketId "${req.marketId}" for channel ${channel.id}`);
    market = ref.markets.get(channel.defaultMarketAlias);
  }
  if (!market) throw new Error(`Channel ${channel.id} has no default market`);

  let language = req.languageId ? ref.languages.get(req.languageId) : undefined;
  if (
    !language ||
    !(language.id === channel.defaultLanguageId || market.allowedLanguageIds.includes(language.id))
  ) {
    if (req.languageId) fallbacks.push(`unknown or unavailable languageId "${req.languageId}"`);
    language = ref.languages.get(channel.defaultLanguageId);
  }
  if (!language) throw new Error(`Channel ${channel.id} has no default language`);
  return { locale: { channel, market, language }, fallbacks };
}

/** The market id as the API shows it: scoped to the channel, e.g. "1|se". */
export function marketId(channel: ChannelRecord, alias: string): string {
  return `${channel.id.split("|")[0]}|${alias}`;
}
