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

/** Shipping options, payment methods, cart campaigns, promo codes and gift cards of the demo shop. */
export async function seedCommerce(tx: Tx, seedDate: Date) {
  await tx.insert(shippingOptions).values(
    MARKETS.flatMap((m) => [
      {
        marketAlias: m.alias,
        key: "pickup-point",
        names: { "sv-SE": "Hämta hos ombud", "nb-NO": "Hent på hentested" },
        feeMinor: m.shippingFeeMinor,
        freeOverMinor: m.freeShippingOverMinor,
        isDefault: true,
        sortOrder: 0,
      },
      {
        marketAlias: m.alias,
        key: "home-delivery",
        names: { "sv-SE": "Hemleverans", "nb-NO": "Hjemlevering" },
        feeMinor: m.shippingFeeMinor * 2,
        freeOverMinor: null,
        isDefault: false,
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

  await tx.insert(giftCards).values([
    { code: "GAVA-SE-500-0001", currencyCode: "SEK", initialMinor: 50000, balanceMinor: 50000 },
    { code: "GAVA-SE-250-0002", currencyCode: "SEK", initialMinor: 25000, balanceMinor: 25000 },
    { code: "GAVE-NO-500-0001", currencyCode: "NOK", initialMinor: 50000, balanceMinor: 50000 },
    { code: "GAVE-NO-1000-0002", currencyCode: "NOK", initialMinor: 100000, balanceMinor: 100000 },
    {
      code: "GAVA-SE-200-UTGATT",
      currencyCode: "SEK",
      initialMinor: 20000,
      balanceMinor: 20000,
      expiresAt: new Date(seedDate.getTime() - 5 * DAY),
    },
  ]);
}
