import type { ChannelRecord, MarketRecord, ReferenceData } from "#services/reference.ts";
import { marketId as scopedMarketId } from "#services/reference.ts";
import { builder, localeArgs } from "../builder.ts";
import type { ApiContext } from "../context.ts";

export interface MarketView {
  market: MarketRecord;
  channel: ChannelRecord;
  ref: ReferenceData;
  languageId: string;
}
interface ChannelView {
  channel: ChannelRecord;
  ref: ReferenceData;
  languageId: string;
}

const LanguageType = builder.objectRef<{ id: string; name: string; code: string }>("LanguageType").implement({
  fields: (t) => ({
    id: t.exposeString("id", { description: 'e.g. "sv-SE"' }),
    name: t.exposeString("name", { description: "The language's own name, e.g. Svenska" }),
    code: t.exposeString("code", { description: 'Two-letter code, e.g. "sv"' }),
  }),
});

const CountryType = builder.objectRef<{ name: string; code: string }>("CountryType").implement({
  fields: (t) => ({
    name: t.exposeString("name", { description: "In the request's language" }),
    code: t.exposeString("code", { description: "ISO 3166-1 alpha-2" }),
  }),
});

export const CurrencyType = builder
  .objectRef<{ name: string; code: string; symbol: string }>("CurrencyType")
  .implement({
    fields: (t) => ({
      name: t.exposeString("name"),
      code: t.exposeString("code", { description: "ISO 4217" }),
      symbol: t.exposeString("symbol"),
      rate: t.field({
        type: "Decimal",
        description:
          "Always 1: every market's prices are set in its own currency, none is converted from another (decision 0019)",
        resolve: () => 1,
      }),
    }),
  });

/** A currency by its code as the markets know it; the code alone for one no market uses. */
export function currencyOf(ref: ReferenceData, code: string): { name: string; code: string; symbol: string } {
  for (const market of ref.markets.values()) if (market.currency?.code === code) return market.currency;
  return { name: code, code, symbol: code };
}

export const MarketType = builder.objectRef<MarketView>("MarketType").implement({
  fields: (t) => ({
    id: t.string({
      description: 'Scoped to the channel, e.g. "1|se"',
      resolve: (v) => scopedMarketId(v.channel, v.market.alias),
    }),
    alias: t.string({ resolve: (v) => v.market.alias }),
    defaultLanguageId: t.string({ resolve: (v) => v.market.defaultLanguageId }),
    virtual: t.boolean({ resolve: (v) => v.market.virtual }),
    onlyDisplayInCheckout: t.boolean({ resolve: (v) => v.market.onlyDisplayInCheckout }),
    groupKey: t.string({
      description: 'Region group, e.g. "scandinavia", "europe"',
      resolve: (v) => v.market.groupKey,
    }),
    allowedLanguages: t.field({
      type: [LanguageType],
      resolve: (v) =>
        v.market.allowedLanguageIds.flatMap((id) => {
          const l = v.ref.languages.get(id);
          return l ? [{ id: l.id, name: l.name, code: l.code }] : [];
        }),
    }),
    country: t.field({
      type: CountryType,
      nullable: true,
      resolve: (v) =>
        v.market.country
          ? {
              code: v.market.country.code,
              name:
                v.market.country.names[v.languageId] ?? v.market.country.names.en ?? v.market.country.code,
            }
          : null,
    }),
    currency: t.field({
      type: CurrencyType,
      nullable: true,
      description: "Null for a market without a currency ('Currency not found for this market').",
      resolve: (v) => v.market.currency,
    }),
  }),
});

/**
 * A channel's storefront address: its language's host when DOMAINS names one, else PUBLIC_URL (or the local
 * address) with the language's path prefix (Norwegian at the root, Swedish under /sv: decision 0003).
 */
function channelUrl(v: ChannelView, site: ApiContext["site"]): string {
  const code = v.ref.languages.get(v.channel.defaultLanguageId)?.code ?? "";
  const base = new URL(site.publicUrl ?? "http://localhost:3000");
  for (const [host, lang] of site.domains ?? []) if (lang === code) return `${base.protocol}//${host}`;
  return `${base.origin}${code === "nb" ? "" : `/${code}`}`;
}

const ChannelType = builder.objectRef<ChannelView>("ChannelType").implement({
  fields: (t) => ({
    id: t.string({
      description: 'The channel\'s id, e.g. "1|se" (the same as channelId)',
      resolve: (v) => v.channel.id,
    }),
    channelId: t.string({ resolve: (v) => v.channel.id }),
    name: t.string({ resolve: (v) => v.channel.name }),
    type: t.string({ description: 'Always "webshop"', resolve: () => "webshop" }),
    url: t.string({
      description: "The storefront's address for this channel",
      resolve: (v, _args, ctx) => channelUrl(v, ctx.site),
    }),
    languages: t.field({
      type: [LanguageType],
      description: "The languages the channel's markets allow",
      resolve: (v) => {
        const ids = new Set(
          v.channel.marketAliases.flatMap((alias) => v.ref.markets.get(alias)?.allowedLanguageIds ?? []),
        );
        ids.add(v.channel.defaultLanguageId);
        return [...ids].flatMap((id) => {
          const l = v.ref.languages.get(id);
          return l ? [{ id: l.id, name: l.name, code: l.code }] : [];
        });
      },
    }),
    defaultMarketId: t.string({
      description: "The default market's alias",
      resolve: (v) => v.channel.defaultMarketAlias,
    }),
    defaultLanguageId: t.string({ resolve: (v) => v.channel.defaultLanguageId }),
    theme: t.field({
      type: [ThemeVariableType],
      description: "Style variables applied as CSS custom properties",
      resolve: (v) => Object.entries(v.channel.theme).map(([key, value]) => ({ key, value })),
    }),
    markets: t.field({
      type: [MarketType],
      resolve: (v) =>
        v.channel.marketAliases.flatMap((alias) => {
          const market = v.ref.markets.get(alias);
          return market ? [{ market, channel: v.channel, ref: v.ref, languageId: v.languageId }] : [];
        }),
    }),
  }),
});

const ThemeVariableType = builder.objectRef<{ key: string; value: string }>("ThemeVariable").implement({
  fields: (t) => ({ key: t.exposeString("key"), value: t.exposeString("value") }),
});

builder.queryFields((t) => ({
  channel: t.field({
    type: ChannelType,
    nullable: true,
    description:
      "A channel with its markets and languages; an unknown channelId falls back to the default channel.",
    args: { ...localeArgs },
    resolve: async (_root, args, ctx) => {
      const locale = await ctx.locale(args);
      return { channel: locale.channel, ref: await ctx.reference.get(), languageId: locale.language.id };
    },
  }),
  channels: t.field({
    type: [ChannelType],
    args: { ...localeArgs },
    resolve: async (_root, args, ctx) => {
      const locale = await ctx.locale(args);
      const ref = await ctx.reference.get();
      return [...ref.channels.values()].map((channel) => ({ channel, ref, languageId: locale.language.id }));
    },
  }),
}));
