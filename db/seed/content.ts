import { asc, eq, like, sql } from "drizzle-orm";
import type { Tx } from "../client.ts";
import {
  categories,
  contentPages,
  contentPageTranslations,
  menuItems,
  menus,
  productImages,
  productQuestions,
  products,
  widgetAreas,
  widgets,
} from "../schema/index.ts";
import { insertBatched } from "./catalog.ts";
import { REVIEW_AUTHORS } from "./reviews.ts";
import type { CategoryNode } from "./vocabulary/index.ts";

type Bi = { sv: string; nb: string };
const loc = (t: Bi) => ({ "sv-SE": t.sv, "nb-NO": t.nb });

const PAGES: { key: string; alias: Bi; title: Bi; body: Bi }[] = [
  {
    key: "customer-service",
    alias: { sv: "kundservice", nb: "kundeservice" },
    title: { sv: "Kundservice", nb: "Kundeservice" },
    body: {
      sv: "Vi finns här för dig måndag–fredag 9–15 (lunchstängt 12–13). Mejla kundservice@mili.se eller ring 010-123 45 67. Ange gärna ditt ordernummer så hjälper vi dig snabbare.",
      nb: "Vi er her for deg mandag–fredag 9–15 (lunsjstengt 12–13). Send e-post til kundeservice@mili.no eller ring 21 23 45 67. Oppgi gjerne ordrenummeret ditt, så hjelper vi deg raskere.",
    },
  },
  {
    key: "terms",
    alias: { sv: "kopvillkor", nb: "kjopsvilkar" },
    title: { sv: "Köpvillkor", nb: "Kjøpsvilkår" },
    body: {
      sv: "Alla priser anges i svenska kronor inklusive moms för privatpersoner. Du har 30 dagars öppet köp och 14 dagars ångerrätt enligt distansavtalslagen. Reklamationer hanteras enligt konsumentköplagen.",
      nb: "Alle priser oppgis i norske kroner inkludert merverdiavgift for privatpersoner. Du har 30 dagers åpent kjøp og 14 dagers angrerett etter angrerettloven. Reklamasjoner behandles etter forbrukerkjøpsloven.",
    },
  },
  {
    key: "shipping",
    alias: { sv: "frakt-och-leverans", nb: "frakt-og-levering" },
    title: { sv: "Frakt och leverans", nb: "Frakt og levering" },
    body: {
      sv: "Vi skickar inom 1–2 arbetsdagar. Fri frakt när du handlar för över 99 kr. Varor i beställning skickas så snart de kommer in och har längre leveranstid.",
      nb: "Vi sender innen 1–2 virkedager. Fri frakt når du handler for over 99 kr. Varer i bestilling sendes så snart de kommer inn og har lengre leveringstid.",
    },
  },
  {
    key: "returns",
    alias: { sv: "returer", nb: "retur-og-reklamasjon" },
    title: { sv: "Returer och reklamationer", nb: "Retur og reklamasjon" },
    body: {
      sv: "Ångrat dig? Skicka tillbaka varan oanvänd inom 30 dagar med returetiketten i paketet. Pengarna betalas tillbaka inom 14 dagar.",
      nb: "Angret deg? Send varen ubrukt tilbake innen 30 dager med returetiketten i pakken. Pengene betales tilbake innen 14 dager.",
    },
  },
  {
    key: "about",
    alias: { sv: "om-mili", nb: "om-mili" },
    title: { sv: "Om Mili", nb: "Om Mili" },
    body: {
      sv: "Mili är en nordisk butik för friluftsliv, träning och sportnutrition, med lager i Sverige och Norge.",
      nb: "Mili er en nordisk butikk for friluftsliv, trening og sportsernæring, med lager i Sverige og Norge.",
    },
  },
  {
    key: "privacy",
    alias: { sv: "integritetspolicy", nb: "personvern" },
    title: { sv: "Integritetspolicy", nb: "Personvernerklæring" },
    body: {
      sv: "Vi behandlar dina personuppgifter enligt dataskyddsförordningen (GDPR) och bara för att kunna leverera din beställning och ge dig service. Du kan när som helst begära utdrag eller radering.",
      nb: "Vi behandler personopplysningene dine etter personvernforordningen (GDPR) og bare for å kunne levere bestillingen din og gi deg service. Du kan når som helst be om innsyn eller sletting.",
    },
  },
];

export async function seedContent(tx: Tx, seedDate: Date, topCategories: CategoryNode[]) {
  await seedQuestions(tx, seedDate);
  await seedUrlHistory(tx);
  const pages = await tx
    .insert(contentPages)
    .values(PAGES.map((p) => ({ key: p.key, publishedAt: seedDate })))
    .returning({ id: contentPages.id, key: contentPages.key });
  const pageId = (key: string) => pages.find((p) => p.key === key)?.id as number;
  await tx.insert(contentPageTranslations).values(
    PAGES.flatMap((p) => [
      {
        pageId: pageId(p.key),
        languageId: "sv-SE",
        alias: p.alias.sv,
        title: p.title.sv,
        metaDescription: p.body.sv.slice(0, 155),
      },
      {
        pageId: pageId(p.key),
        languageId: "nb-NO",
        alias: p.alias.nb,
        title: p.title.nb,
        metaDescription: p.body.nb.slice(0, 155),
      },
    ]),
  );
  const areas = await tx
    .insert(widgetAreas)
    .values([
      ...PAGES.map((p) => ({
        family: "Content",
        areaName: "Body",
        pageId: pageId(p.key),
        targetAlias: p.key,
      })),
      { family: "Frontpage", areaName: "Main" },
      { family: "Productlist", areaName: "Top" },
      { family: "Productlist", areaName: "Bottom" },
      { family: "Product", areaName: "Main" },
    ])
    .returning({
      id: widgetAreas.id,
      pageId: widgetAreas.pageId,
      family: widgetAreas.family,
      areaName: widgetAreas.areaName,
    });
  const areaId = (family: string, areaName: string) =>
    areas.find((a) => a.family === family && a.areaName === areaName)?.id as number;
  await tx.insert(widgets).values([
    ...PAGES.map((p) => ({
      areaId: areas.find((a) => a.pageId === pageId(p.key))?.id as number,
      type: "text",
      config: { text: loc(p.body) },
    })),
    ...(await frontPage(tx, areaId("Frontpage", "Main"), topCategories)),
    ...listAndProductPages(areaId),
  ]);

  const [header, service, about, info] = await tx
    .insert(menus)
    .values([
      { locationId: "header-main", names: loc({ sv: "Huvudmeny", nb: "Hovedmeny" }) },
      { locationId: "footer-service", names: loc({ sv: "Kundservice", nb: "Kundeservice" }) },
      { locationId: "footer-about", names: loc({ sv: "Om Mili", nb: "Om Mili" }) },
      // The side menu of the content pages (app/routes/content.tsx).
      { locationId: "info-pages", names: loc({ sv: "Information", nb: "Informasjon" }) },
    ])
    .returning({ id: menus.id });
  const item = (menuId: number, labels: Bi, targetType: string, target: unknown, sortOrder: number) => ({
    menuId,
    labels: loc(labels),
    targetType,
    target,
    sortOrder,
  });
  const byKey = (key: string) => PAGES.find((p) => p.key === key) as (typeof PAGES)[number];
  await tx
    .insert(menuItems)
    .values([
      ...topCategories.map((c, i) =>
        item(header?.id as number, { sv: c.sv.name, nb: c.nb.name }, "category", { key: c.key }, i),
      ),
      item(
        header?.id as number,
        { sv: "Varumärken", nb: "Varemerker" },
        "url",
        loc({ sv: "/varumarken", nb: "/varemerker" }),
        50,
      ),
      item(
        header?.id as number,
        { sv: "Nyheter", nb: "Nyheter" },
        "url",
        loc({ sv: "/nyheter", nb: "/nyheter" }),
        51,
      ),
      ...["customer-service", "shipping", "returns", "terms"].map((key, i) =>
        item(service?.id as number, byKey(key).title, "content", { key }, i),
      ),
      ...["about", "privacy"].map((key, i) =>
        item(about?.id as number, byKey(key).title, "content", { key }, i),
      ),
      ...PAGES.map((p, i) => item(info?.id as number, p.title, "content", { key: p.key }, i)),
    ]);
}

/**
 * The front page (decision 0038): a campaign banner, the top categories as buttons, product lists (new, best
 * sellers, one category's), a few words about the shop; one widget only on phones and one only on computers, and
 * one not yet published (it shows in /preview-widgets with the preview token).
 */
async function frontPage(tx: Tx, areaId: number, topCategories: CategoryNode[]) {
  const [first] = topCategories;
  // The banner shows a real product image (the image pipeline serves only the catalog's images).
  const [image] = await tx
    .select({ fileName: productImages.fileName })
    .from(productImages)
    .where(like(productImages.fileName, "winter-jacket-%"))
    .orderBy(asc(productImages.productId), asc(productImages.fileName))
    .limit(1);
  const [category] = first
    ? await tx.select({ id: categories.id }).from(categories).where(eq(categories.key, first.key))
    : [];
  return [
    {
      areaId,
      type: "banner",
      sortOrder: 0,
      config: {
        title: loc({ sv: "Vinterrea – upp till 40 %", nb: "Vintersalg – opptil 40 %" }),
        text: loc({
          sv: "Varma jackor, kängor och underställ till vinterns turer.",
          nb: "Varme jakker, støvler og ullundertøy til vinterens turer.",
        }),
        ...(image ? { fileName: image.fileName } : {}),
        alt: loc({ sv: "En varm vinterjacka", nb: "En varm vinterjakke" }),
        link: loc({ sv: "/dc/vinterrea", nb: "/dc/vintersalg" }),
        buttonLabel: loc({ sv: "Till rean", nb: "Til salget" }),
      },
    },
    {
      areaId,
      type: "buttons",
      sortOrder: 1,
      config: {
        title: loc({ sv: "Kategorier", nb: "Kategorier" }),
        buttons: topCategories.map((c) => ({
          label: loc({ sv: c.sv.name, nb: c.nb.name }),
          link: loc({ sv: `/c/${c.sv.alias}`, nb: `/c/${c.nb.alias}` }),
        })),
      },
    },
    {
      areaId,
      type: "productList",
      sortOrder: 2,
      config: { title: loc({ sv: "Nyheter", nb: "Nyheter" }), source: "search", sort: "LATEST", take: 8 },
    },
    {
      areaId,
      type: "text",
      sortOrder: 3,
      displaySetting: "mobile",
      config: {
        text: loc({
          sv: "Fri frakt när du handlar för över 99 kr – även i mobilen.",
          nb: "Fri frakt når du handler for over 99 kr – også på mobilen.",
        }),
      },
    },
    {
      areaId,
      type: "text",
      sortOrder: 4,
      displaySetting: "desktop",
      config: {
        text: loc({
          sv: "Fri frakt när du handlar för över 99 kr. Öppet köp i 30 dagar.",
          nb: "Fri frakt når du handler for over 99 kr. Åpent kjøp i 30 dager.",
        }),
      },
    },
    {
      areaId,
      type: "productList",
      sortOrder: 5,
      config: {
        title: loc({ sv: "Mest sålda", nb: "Mest solgt" }),
        source: "search",
        sort: "MOST_SOLD",
        take: 8,
      },
    },
    ...(category && first
      ? [
          {
            areaId,
            type: "productList",
            sortOrder: 6,
            config: {
              title: loc({ sv: `Populärt: ${first.sv.name}`, nb: `Populært: ${first.nb.name}` }),
              source: "search",
              sort: "MOST_SOLD",
              take: 4,
              categoryIds: [category.id],
            },
          },
        ]
      : []),
    {
      areaId,
      type: "richText",
      sortOrder: 7,
      config: {
        html: loc({
          sv: '<h2>Om Mili</h2><p>Mili är en nordisk butik för <strong>friluftsliv, träning och sportnutrition</strong>, med lager i Sverige och Norge. <a href="/kundservice">Kundservice</a> hjälper dig gärna.</p>',
          nb: '<h2>Om Mili</h2><p>Mili er en nordisk butikk for <strong>friluftsliv, trening og sportsernæring</strong>, med lager i Sverige og Norge. <a href="/kundeservice">Kundeservice</a> hjelper deg gjerne.</p>',
        }),
      },
    },
    {
      areaId,
      type: "banner",
      sortOrder: 8,
      active: false,
      config: {
        title: loc({ sv: "Vårnyheter kommer snart", nb: "Vårnyheter kommer snart" }),
        text: loc({
          sv: "Lätta jackor och löparskor för våren.",
          nb: "Lette jakker og løpesko for våren.",
        }),
        link: loc({ sv: "/nyheter", nb: "/nyheter" }),
      },
    },
  ];
}

/**
 * One example in each area of the list and product pages (decision 0046): a line above every product list, the
 * shopper's favourites below it, and the products the shopper looked at last below a product.
 */
function listAndProductPages(areaId: (family: string, areaName: string) => number) {
  return [
    {
      areaId: areaId("Productlist", "Top"),
      type: "text",
      config: {
        text: loc({
          sv: "Fri frakt över 99 kr och 30 dagars öppet köp.",
          nb: "Fri frakt over 99 kr og 30 dagers åpent kjøp.",
        }),
      },
    },
    {
      areaId: areaId("Productlist", "Bottom"),
      type: "productList",
      config: { title: loc({ sv: "Dina favoriter", nb: "Favorittene dine" }), source: "favorites", take: 8 },
    },
    {
      areaId: areaId("Product", "Main"),
      type: "productList",
      config: {
        title: loc({ sv: "Senast visade", nb: "Sist sett" }),
        source: "latestViewed",
        take: 8,
      },
    },
  ];
}

const DAY = 86_400_000;

/** Shoppers' questions and the shop's answers, in both languages. */
const QUESTIONS: { question: Bi; answer: Bi }[] = [
  {
    question: { sv: "Hur stor är den i storleken?", nb: "Hvordan er den i størrelsen?" },
    answer: {
      sv: "Den är normal i storleken. Är du mellan två storlekar rekommenderar vi den större.",
      nb: "Den er normal i størrelsen. Er du mellom to størrelser, anbefaler vi den største.",
    },
  },
  {
    question: { sv: "Går den att tvätta i maskin?", nb: "Kan den vaskes i maskin?" },
    answer: {
      sv: "Ja, följ skötselråden på etiketten så håller den längre.",
      nb: "Ja, følg vaskeanvisningen på etiketten, så varer den lenger.",
    },
  },
  {
    question: { sv: "När kommer fler i lager?", nb: "Når kommer det flere på lager?" },
    answer: {
      sv: "Vi väntar en ny leverans inom två veckor. Bevaka varan så får du ett mejl.",
      nb: "Vi venter en ny leveranse innen to uker. Overvåk varen, så får du en e-post.",
    },
  },
  {
    question: { sv: "Passar den för vinterbruk?", nb: "Passer den til vinterbruk?" },
    answer: {
      sv: "Den fungerar bra i kyla med lager på lager under.",
      nb: "Den fungerer godt i kulde med lag-på-lag under.",
    },
  },
  {
    question: { sv: "Finns det garanti?", nb: "Er det garanti på den?" },
    answer: {
      sv: "Ja, två års garanti mot fabrikationsfel utöver reklamationsrätten.",
      nb: "Ja, to års garanti mot fabrikasjonsfeil i tillegg til reklamasjonsretten.",
    },
  },
];

/**
 * Every fourth of the first QUESTION_PRODUCTS products gets questions in each language (up to six, so a product
 * page has more than one page of them); every fourth question is still unanswered, and so not published.
 */
const QUESTION_PRODUCTS = 4000;

async function seedQuestions(tx: Tx, seedDate: Date) {
  const ids = await tx
    .select({ id: products.id })
    .from(products)
    .where(
      sql`${products.id} % 4 = 1 and ${products.id} <= ${QUESTION_PRODUCTS} and ${eq(products.type, "product")}`,
    )
    .orderBy(asc(products.id));
  const rows: (typeof productQuestions.$inferInsert)[] = [];
  for (const { id } of ids) {
    for (const [lang, languageId] of [
      ["sv", "sv-SE"],
      ["nb", "nb-NO"],
    ] as const) {
      const n = 1 + ((id + (lang === "sv" ? 0 : 2)) % 6);
      for (let i = 0; i < n; i++) {
        const qa = QUESTIONS[(id + i) % QUESTIONS.length] as (typeof QUESTIONS)[number];
        const author = REVIEW_AUTHORS[
          (id * 3 + i) % REVIEW_AUTHORS.length
        ] as (typeof REVIEW_AUTHORS)[number];
        const askedAt = new Date(seedDate.getTime() - (10 + ((id * 7 + i * 13) % 200)) * DAY);
        const answered = (id + i) % 4 !== 0;
        rows.push({
          productId: id,
          languageId,
          author: author[lang],
          question: qa.question[lang],
          answer: answered ? qa.answer[lang] : null,
          answeredAt: answered ? new Date(askedAt.getTime() + (1 + (i % 3)) * DAY) : null,
          createdAt: askedAt,
        });
      }
    }
  }
  await insertBatched(tx, productQuestions, rows);
}

/**
 * Old URLs: every tenth product was at /produkt/{article number} on the previous platform; those paths now lead
 * to its canonical path in each language. Set-based.
 */
async function seedUrlHistory(tx: Tx) {
  await tx.execute(sql`
    insert into url_history (language_id, old_url, new_url)
    select t.language_id, '/produkt/' || lower(p.article_number),
           (case when p.type = 'package' then '/pp/' else '/p/' end) ||
           coalesce(ct.alias || '/', '') || t.alias
    from products p
    join product_translations t on t.product_id = p.id
    left join category_translations ct on ct.category_id = p.primary_category_id and ct.language_id = t.language_id
    where p.id % 10 = 1`);
}
