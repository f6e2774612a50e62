import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { GIFT_CARD_RANDOM_BYTES, giftCardCode } from "#domain/gift-card.ts";
import type { Tx } from "../client.ts";
import {
  campaignTranslations,
  discountCampaigns,
  giftCards,
  paymentMethods,
  promoCodes,
  shippingOptions,
} from "../schema/index.ts";
import { MARKETS } from "./reference.ts";

const DAY = 86_400_000;

/**
 * Shipping options, payment methods, cart campaigns, promo codes and gift cards of the demo shop, and a price
 * history that every catalog size has (see seedPriceHistory).
 */
export async function seedCommerce(tx: Tx, seedDate: Date) {
  await seedPriceHistory(tx, seedDate);
  await tx.insert(shippingOptions).values(
    MARKETS.flatMap((m) => [
      {
        marketAlias: m.alias,
        key: "pickup-point",
        names: { "sv-SE": "Hämta hos ombud", "nb-NO": "Hent på hentested" },
        feeMinor: m.shippingFeeMinor,
        freeOverMinor: m.freeShippingOverMinor,
        isDefault: true,
        deliveryDaysMin: 1,
        deliveryDaysMax: 3,
        sortOrder: 0,
      },
      {
        marketAlias: m.alias,
        key: "home-delivery",
        names: { "sv-SE": "Hemleverans", "nb-NO": "Hjemlevering" },
        feeMinor: m.shippingFeeMinor * 2,
        freeOverMinor: null,
        isDefault: false,
        deliveryDaysMin: 1,
        deliveryDaysMax: 2,
        sortOrder: 1,
      },
    ]),
  );
  await tx.insert(paymentMethods).values([
    {
      key: "card-checkout",
      names: { "sv-SE": "Kort, Swish eller delbetalning", "nb-NO": "Kort, Vipps eller delbetaling" },
      paymentType: "KLARNA",
      checkoutType: "EXTERNAL",
      marketAliases: MARKETS.map((m) => m.alias),
      sortOrder: 0,
    },
    {
      key: "invoice",
      names: { "sv-SE": "Faktura", "nb-NO": "Faktura" },
      paymentType: "INVOICE",
      checkoutType: "STANDARD",
      marketAliases: ["se", "no"],
      sortOrder: 1,
    },
  ]);

  const cartCampaigns = [
    {
      key: "kop-3-betala-2-nutrition",
      conditions: [{ code: "inCategoryKeys", args: ["sports-nutrition"] }],
      actions: [{ code: "buyXPayY", args: { x: 3, y: 2 } }],
      sv: { name: "Köp 3, betala för 2 på sportnutrition", alias: "kop-3-betala-for-2" },
      nb: { name: "Kjøp 3, betal for 2 på sportsernæring", alias: "kjop-3-betal-for-2" },
    },
    {
      key: "billigaste-strumpan-gratis",
      conditions: [
        { code: "inKinds", args: ["socks"] },
        { code: "minimumQuantity", args: 3 },
      ],
      actions: [{ code: "cheapestFree" }],
      sv: { name: "Billigaste strumpan på köpet", alias: "billigaste-strumpan-gratis" },
      nb: { name: "Billigste sokken på kjøpet", alias: "billigste-sokken-gratis" },
    },
    {
      key: "10-procent-over-1500",
      conditions: [
        { code: "minimumAmount", args: { SEK: 150000, NOK: 150000, DKK: 100000, EUR: 13000, ISK: 19500 } },
      ],
      actions: [{ code: "percentOff", args: 10 }],
      sv: { name: "10 % när du handlar för minst 1 500 kr", alias: "10-procent-over-1500" },
      nb: { name: "10 % når du handler for minst 1 500 kr", alias: "10-prosent-over-1500" },
    },
  ];
  const inserted = await tx
    .insert(discountCampaigns)
    .values(
      cartCampaigns.map((c, i) => ({
        key: c.key,
        discountType: "CART_CAMPAIGN",
        conditions: c.conditions,
        actions: c.actions,
        priority: 10 + i,
        startsAt: new Date(seedDate.getTime() - 10 * DAY),
        endsAt: new Date(seedDate.getTime() + 90 * DAY),
      })),
    )
    .returning({ id: discountCampaigns.id, key: discountCampaigns.key });
  await tx.insert(campaignTranslations).values(
    inserted.flatMap((row) => {
      const c = cartCampaigns.find((x) => x.key === row.key);
      if (!c) return [];
      return [
        { campaignId: row.id, languageId: "sv-SE", ...c.sv },
        { campaignId: row.id, languageId: "nb-NO", ...c.nb },
      ];
    }),
  );

  await tx.insert(promoCodes).values([
    {
      code: "VINTER10",
      names: { "sv-SE": "10 % rabatt", "nb-NO": "10 % rabatt" },
      actions: [{ code: "percentOff", args: 10 }],
      validFrom: new Date(seedDate.getTime() - 30 * DAY),
      validTo: new Date(seedDate.getTime() + 120 * DAY),
    },
    {
      code: "SPORT100",
      names: { "sv-SE": "100 kr rabatt över 500 kr", "nb-NO": "100 kr rabatt over 500 kr" },
      conditions: [
        { code: "minimumAmount", args: { SEK: 50000, NOK: 50000, DKK: 35000, EUR: 4500, ISK: 6500 } },
      ],
      actions: [{ code: "fixedOff", args: { SEK: 10000, NOK: 10000, DKK: 7000, EUR: 900, ISK: 1300 } }],
      maxUsesPerCustomer: 1,
    },
    {
      code: "FRIFRAKT",
      names: { "sv-SE": "Fri frakt", "nb-NO": "Fri frakt" },
      actions: [{ code: "freeShipping" }],
    },
    {
      code: "FORETAG15",
      names: { "sv-SE": "15 % för företag", "nb-NO": "15 % for bedrifter" },
      conditions: [{ code: "customerType", args: "ORGANIZATION" }],
      actions: [{ code: "percentOff", args: 15 }],
    },
    {
      code: "SOMMAR2025",
      names: { "sv-SE": "Sommarrea 2025", "nb-NO": "Sommersalg 2025" },
      actions: [{ code: "percentOff", args: 20 }],
      validFrom: new Date("2025-06-01T00:00:00Z"),
      validTo: new Date("2025-08-31T21:59:59Z"),
    },
    {
      code: "FORSTA50",
      names: { "sv-SE": "50 kr på första köpet", "nb-NO": "50 kr på første kjøp" },
      actions: [{ code: "fixedOff", args: { SEK: 5000, NOK: 5000, DKK: 3500, EUR: 450, ISK: 650 } }],
      maxUses: 100,
      maxUsesPerCustomer: 1,
    },
  ]);

  await tx.insert(giftCards).values(DEMO_GIFT_CARDS.map((card) => demoGiftCard(card, seedDate)));
}

/**
 * The demo shop's gift cards. Their codes are drawn at random when the database is seeded (domain/gift-card.ts):
 * everything else in the seed is deterministic, but a gift card's code is its secret, and a seed in a public
 * repository is public knowledge. `npm run seed -- --gift-cards` lists them (the tests read them from the database).
 */
export const DEMO_GIFT_CARDS = [
  { prefix: "GAVA", currencyCode: "SEK", minor: 50000 },
  { prefix: "GAVA", currencyCode: "SEK", minor: 25000 },
  { prefix: "GAVE", currencyCode: "NOK", minor: 50000 },
  { prefix: "GAVE", currencyCode: "NOK", minor: 100000 },
  { prefix: "GAVA", currencyCode: "SEK", minor: 20000, expiredDaysAgo: 5 },
] as const;

function demoGiftCard(card: (typeof DEMO_GIFT_CARDS)[number], seedDate: Date) {
  return {
    code: giftCardCode(card.prefix, randomBytes(GIFT_CARD_RANDOM_BYTES)),
    currencyCode: card.currencyCode,
    initialMinor: card.minor,
    balanceMinor: card.minor,
    ...("expiredDaysAgo" in card
      ? { expiresAt: new Date(seedDate.getTime() - card.expiredDaysAgo * DAY) }
      : {}),
  };
}

/** A shelf price in minor units `percent` below `regular` (whole units; ≥ 100 units end in 9). SQL. */
function reducedSql(regular: string, percent: string) {
  const units = `(${regular} * (100 - ${percent}) / 10000.0)`;
  return `(case when ${units} >= 100 then ((floor(${units} / 10) * 10 - 1) * 100)::int else (floor(${units}) * 100)::int end)`;
}

/**
 * Price history whatever the catalog's size (the catalog's own campaigns are random, so a small catalog may have
 * none), in every market, set-based:
 * - styles (variant groups) numbered …3 are in the "vinterrea" price campaign now, 20/30/40 % off since 2–18
 *   days; every 20th of them had a 10 % dip shortly before, so its 30-day lowest price is below the regular one;
 * - styles numbered …1 had a 15 % sale for a week 25–64 days ago and are back at the regular price.
 * Each has its first price 120 days back; styles the catalog already reduced are left alone. Only the first
 * HISTORY_STYLES styles: enough for every page and test, and a fixed cost however large the catalog.
 */
const HISTORY_STYLES = 200;

async function seedPriceHistory(tx: Tx, seedDate: Date) {
  const seed = sql`${seedDate.toISOString()}::timestamptz`;
  // Styles the catalog reduced (it logs the reduced SKUs only): left to their own history.
  const reducedStyles = sql`
    select distinct p.variant_group_id from products p
    join skus s on s.product_id = p.id
    join prices pr on pr.sku_id = s.id
    where p.variant_group_id <= ${HISTORY_STYLES} and pr.reduced_since is not null`;
  await tx.execute(sql`
    with reduced_styles as (${reducedStyles}), picked as (
      select pr.sku_id, pr.market_alias, p.variant_group_id as g,
             (array[20, 30, 40])[1 + (p.variant_group_id / 10) % 3] as pct
      from prices pr
      join skus s on s.id = pr.sku_id
      join products p on p.id = s.product_id
      left join reduced_styles rs on rs.variant_group_id = p.variant_group_id
      where p.type = 'product' and p.variant_group_id <= ${HISTORY_STYLES} and p.variant_group_id % 10 = 3
        and rs.variant_group_id is null
    ), reduced as (
      update prices pr set
        selling_minor = ${sql.raw(reducedSql("pr.regular_minor", "picked.pct"))},
        campaign_id = (select id from discount_campaigns where key = 'vinterrea'),
        reduced_since = ${seed} - make_interval(days => 2 + picked.g % 17),
        updated_at = ${seed} - make_interval(days => 2 + picked.g % 17)
      from picked
      where pr.sku_id = picked.sku_id and pr.market_alias = picked.market_alias
        and ${sql.raw(reducedSql("pr.regular_minor", "picked.pct"))} between 1 and pr.regular_minor - 1
      returning pr.sku_id, pr.market_alias, pr.regular_minor, pr.selling_minor, pr.reduced_since,
                picked.g % 20 = 3 as dip
    )
    insert into price_log (sku_id, market_alias, regular_minor, selling_minor, at)
    select r.sku_id, r.market_alias, r.regular_minor, e.selling, e.at
    from reduced r
    cross join lateral (values
      (r.regular_minor, ${seed} - interval '120 days', true),
      (${sql.raw(reducedSql("r.regular_minor", "10"))}, r.reduced_since - interval '12 days', r.dip),
      (r.regular_minor, r.reduced_since - interval '9 days', r.dip),
      (r.selling_minor, r.reduced_since, true)
    ) e(selling, at, keep)
    where e.keep`);
  await tx.execute(sql`
    with reduced_styles as (${reducedStyles}), sale as (
      select pr.sku_id, pr.market_alias, pr.regular_minor,
             ${sql.raw(reducedSql("pr.regular_minor", "15"))} as sale_minor,
             ${seed} - make_interval(days => 25 + p.variant_group_id % 40) as starts
      from prices pr
      join skus s on s.id = pr.sku_id
      join products p on p.id = s.product_id
      left join reduced_styles rs on rs.variant_group_id = p.variant_group_id
      where p.type = 'product' and p.variant_group_id <= ${HISTORY_STYLES} and p.variant_group_id % 10 = 1
        and rs.variant_group_id is null
    ), logged as (
      insert into price_log (sku_id, market_alias, regular_minor, selling_minor, at)
      select s.sku_id, s.market_alias, s.regular_minor, e.selling, e.at
      from sale s
      cross join lateral (values
        (s.regular_minor, ${seed} - interval '120 days'),
        (s.sale_minor, s.starts),
        (s.regular_minor, s.starts + interval '7 days')
      ) e(selling, at)
      where s.sale_minor between 1 and s.regular_minor - 1
      returning sku_id, market_alias, at
    )
    update prices pr set updated_at = l.last_change
    from (select sku_id, market_alias, max(at) as last_change from logged group by 1, 2) l
    where pr.sku_id = l.sku_id and pr.market_alias = l.market_alias`);
}
