import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { minorUnits } from "#domain/money.ts";
import type { Tx } from "../client.ts";
import {
  packageGroups,
  packageOptions,
  prices,
  productCategories,
  productImages,
  products,
  productTranslations,
  skus,
} from "../schema/index.ts";

type Bi = { sv: string; nb: string };

const PACKAGES: {
  key: string;
  name: Bi;
  alias: Bi;
  text: Bi;
  groups: { name: Bi; description: Bi; kind: string; required: boolean; options: number }[];
}[] = [
  {
    key: "hiking",
    name: { sv: "Vandringspaket", nb: "Turpakke" },
    alias: { sv: "vandringspaket", nb: "turpakke" },
    text: {
      sv: "Allt du behöver för dagsturen: välj ryggsäck och komplettera med stavar och pannlampa.",
      nb: "Alt du trenger til dagsturen: velg sekk og fyll på med staver og hodelykt.",
    },
    groups: [
      {
        name: { sv: "Ryggsäck", nb: "Sekk" },
        description: { sv: "Välj en ryggsäck", nb: "Velg en sekk" },
        kind: "backpack",
        required: true,
        options: 3,
      },
      {
        name: { sv: "Vandringsstavar", nb: "Turstaver" },
        description: { sv: "Valfritt", nb: "Valgfritt" },
        kind: "trekking-poles",
        required: false,
        options: 2,
      },
      {
        name: { sv: "Pannlampa", nb: "Hodelykt" },
        description: { sv: "Valfritt", nb: "Valgfritt" },
        kind: "headlamp",
        required: false,
        options: 2,
      },
    ],
  },
  {
    key: "training",
    name: { sv: "Träningspaket", nb: "Treningspakke" },
    alias: { sv: "traningspaket", nb: "treningspakke" },
    text: {
      sv: "Proteinpulver med tillbehör för dig som tränar ofta. Välj smak och lägg till kreatin och proteinbars.",
      nb: "Proteinpulver med tilbehør for deg som trener ofte. Velg smak og legg til kreatin og proteinbarer.",
    },
    groups: [
      {
        name: { sv: "Proteinpulver", nb: "Proteinpulver" },
        description: { sv: "Välj ett pulver", nb: "Velg et pulver" },
        kind: "protein-powder",
        required: true,
        options: 3,
      },
      {
        name: { sv: "Kreatin", nb: "Kreatin" },
        description: { sv: "Valfritt", nb: "Valgfritt" },
        kind: "creatine",
        required: false,
        options: 2,
      },
      {
        name: { sv: "Proteinbars", nb: "Proteinbarer" },
        description: { sv: "Valfritt", nb: "Valgfritt" },
        kind: "protein-bar",
        required: false,
        options: 3,
      },
    ],
  },
  {
    key: "ski",
    name: { sv: "Skidpaket", nb: "Skipakke" },
    alias: { sv: "skidpaket", nb: "skipakke" },
    text: {
      sv: "Skidor och stavar i ett paket, med skidglasögon som tillval.",
      nb: "Ski og staver i én pakke, med skibriller som tillegg.",
    },
    groups: [
      {
        name: { sv: "Skidor", nb: "Ski" },
        description: { sv: "Välj skidor", nb: "Velg ski" },
        kind: "skis",
        required: true,
        options: 3,
      },
      {
        name: { sv: "Stavar", nb: "Staver" },
        description: { sv: "Välj stavar", nb: "Velg staver" },
        kind: "ski-poles",
        required: true,
        options: 2,
      },
      {
        name: { sv: "Skidglasögon", nb: "Skibriller" },
        description: { sv: "Valfritt", nb: "Valgfritt" },
        kind: "ski-goggles",
        required: false,
        options: 2,
      },
    ],
  },
  {
    // Made of the first kinds of the catalog, so even the smallest demo catalog has a package.
    key: "shell",
    name: { sv: "Skalpaket", nb: "Skallpakke" },
    alias: { sv: "skalpaket", nb: "skallpakke" },
    text: {
      sv: "Skaljacka och skalbyxor i ett paket, med mössa som tillval.",
      nb: "Skalljakke og skallbukse i én pakke, med lue som tillegg.",
    },
    groups: [
      {
        name: { sv: "Skaljacka", nb: "Skalljakke" },
        description: { sv: "Välj en jacka", nb: "Velg en jakke" },
        kind: "shell-jacket",
        required: true,
        options: 3,
      },
      {
        name: { sv: "Skalbyxor", nb: "Skallbukse" },
        description: { sv: "Välj byxor", nb: "Velg bukse" },
        kind: "shell-pants",
        required: true,
        options: 3,
      },
      {
        name: { sv: "Mössa", nb: "Lue" },
        description: { sv: "Valfritt", nb: "Valgfritt" },
        kind: "beanie",
        required: false,
        options: 2,
      },
    ],
  },
];

/** Product packages: groups of options with required picks; the bundle costs about 10 % less than its default picks. */
export async function seedPackages(
  tx: Tx,
  seedDate: Date,
  firstProductId: number,
  firstSkuId: number,
  firstArticle: number,
) {
  let productId = firstProductId;
  let skuId = firstSkuId;
  let made = 0;
  for (const [index, pkg] of PACKAGES.entries()) {
    const groups: {
      def: (typeof pkg.groups)[number];
      options: { id: number; primaryCategoryId: number | null }[];
    }[] = [];
    for (const g of pkg.groups) {
      const options = await tx
        .select({ id: products.id, primaryCategoryId: products.primaryCategoryId })
        .from(products)
        .where(and(eq(products.kind, g.kind), eq(products.type, "product")))
        .orderBy(asc(products.id))
        .limit(g.options);
      groups.push({ def: g, options });
    }
    if (groups.some((g) => g.def.required && g.options.length === 0)) continue;
    productId++;
    skuId++;
    made++;
    const first = groups[0]?.options[0];
    await tx.insert(products).values({
      id: productId,
      articleNumber: `${firstArticle + index}-PKG`,
      type: "package",
      primaryCategoryId: first?.primaryCategoryId ?? null,
      kind: pkg.groups[0]?.kind ?? "parcel",
      productClass: pkg.key === "training" ? "food" : "standard",
      trackingCode: `MILI-PKG-${pkg.key}`,
      createdAt: new Date(seedDate.getTime() - 45 * 86_400_000),
      updatedAt: new Date(seedDate.getTime() - 45 * 86_400_000),
    });
    await tx.insert(productTranslations).values([
      {
        productId,
        languageId: "sv-SE",
        name: pkg.name.sv,
        alias: pkg.alias.sv,
        text1: pkg.text.sv,
        text2: pkg.text.sv,
        metaTitle: pkg.name.sv,
      },
      {
        productId,
        languageId: "nb-NO",
        name: pkg.name.nb,
        alias: pkg.alias.nb,
        text1: pkg.text.nb,
        text2: pkg.text.nb,
        metaTitle: pkg.name.nb,
      },
    ]);
    if (first) {
      const cats = await tx
        .select({ categoryId: productCategories.categoryId })
        .from(productCategories)
        .where(eq(productCategories.productId, first.id));
      if (cats.length)
        await tx.insert(productCategories).values(cats.map((c) => ({ productId, categoryId: c.categoryId })));
      const images = await tx
        .select({ fileName: productImages.fileName })
        .from(productImages)
        .where(eq(productImages.productId, first.id))
        .orderBy(asc(productImages.sortOrder))
        .limit(1);
      if (images[0]) {
        await tx.insert(productImages).values({
          productId,
          fileName: images[0].fileName.replace(/-(\d+)-(\d+)-/, `-${productId}-1-`),
          tags: ["primary"],
        });
      }
    }
    for (const [gi, g] of groups.filter((x) => x.options.length > 0).entries()) {
      const [group] = await tx
        .insert(packageGroups)
        .values({
          packageProductId: productId,
          names: { "sv-SE": g.def.name.sv, "nb-NO": g.def.name.nb },
          descriptions: { "sv-SE": g.def.description.sv, "nb-NO": g.def.description.nb },
          required: g.def.required,
          sortOrder: gi,
        })
        .returning({ id: packageGroups.id });
      await tx.insert(packageOptions).values(
        g.options.map((o, oi) => ({
          groupId: group?.id as number,
          productId: o.id,
          quantity: 1,
          isSelected: g.def.required && oi === 0,
          sortOrder: oi,
        })),
      );
    }
    // The package's own SKU carries its price: 10 % below what the default picks sell for on the seed day (the
    // price in effect, as the cart charges them), rounded down to whole units of the market's currency. The
    // shopper is shown the saving the rule gives (domain/cart.ts#packagePrice), so the texts promise no number.
    const defaults = groups.filter((g) => g.def.required).map((g) => g.options[0]?.id as number);
    await tx.insert(skus).values({ id: skuId, productId, name: pkg.name.sv, inStock: 100 });
    const sums = await tx
      .select({
        marketAlias: prices.marketAlias,
        currencyCode: sql<string>`min(${prices.currencyCode})`,
        selling: sql<number>`sum(mili_price_in_effect(${prices}, ${seedDate.toISOString()}::timestamptz))::int`,
      })
      .from(prices)
      .innerJoin(skus, eq(skus.id, prices.skuId))
      .where(
        and(
          inArray(skus.productId, defaults),
          sql`${skus.sortOrder} = (select min(s2.sort_order) from skus s2 where s2.product_id = ${skus.productId})`,
        ),
      )
      .groupBy(prices.marketAlias);
    if (sums.length) {
      await tx.insert(prices).values(
        sums.map((s) => {
          const unit = 10 ** minorUnits(s.currencyCode);
          // A bundle price, not a reduction: regular and selling are the same.
          const bundle = Math.floor((s.selling * 0.9) / unit) * unit;
          return {
            skuId,
            marketAlias: s.marketAlias,
            currencyCode: s.currencyCode,
            regularMinor: bundle,
            sellingMinor: bundle,
          };
        }),
      );
    }
  }
  return { packages: made, lastProductId: productId, lastSkuId: skuId };
}
