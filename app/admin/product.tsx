import { Form, Link, redirect, useLocation } from "react-router";
import type { Route } from "./+types/product";
import { adminRequest } from "./api.server.ts";
import type { Match } from "./content-pickers.tsx";
import { EXTRAS_INTENTS, EXTRAS_QUERY, extrasAction } from "./product-extras.server.ts";
import {
  type Extras,
  ImagesSection,
  PackageSection,
  ParametersSection,
  RelatedSection,
  uploadOutcome,
} from "./product-extras.tsx";
import {
  type Choices,
  type FormAnswer,
  formAnswer,
  formValues,
  PriceFields,
  ProductFields,
  pricesOf,
  productInputOf,
  SkuFields,
  skuInputOf,
} from "./product-form.tsx";
import { type AdminT, type AdminTextKey, errorText } from "./texts.ts";
import { button, Money, Notice, primary, useAdminT, When } from "./ui.tsx";

/**
 * /admin/products/:productId (issue 15, decision 0043): the product's fields and texts in nb and sv, its variants
 * with GTIN and stock, and their prices per market with the price log and the prior price the storefront announces
 * a reduction against. Each form carries the version it read; a save from an older version is refused with what
 * changed since. Support reads; owner and staff change.
 */
interface Detail {
  productId: number;
  articleNumber: string;
  active: boolean;
  brandId: number | null;
  primaryCategoryId: number | null;
  categoryIds: number[];
  version: number;
  updatedAt: string;
  texts: {
    languageId: string;
    name: string;
    alias: string | null;
    shortText: string | null;
    longText: string | null;
    metaTitle: string | null;
    metaDescription: string | null;
  }[];
  skus: {
    skuId: number;
    name: string;
    gtin: string | null;
    inStock: number;
    oversellable: number;
    incoming: string | null;
    prices: {
      marketAlias: string;
      currencyCode: string;
      regularMinor: number;
      sellingMinor: number;
      priorMinor: number | null;
      percent: number | null;
      log: { at: string; regularMinor: number; sellingMinor: number }[];
    }[];
  }[];
}

const QUERY = `query($id: Int!) {
  product(productId: $id) {
    productId articleNumber active brandId primaryCategoryId categoryIds version updatedAt
    texts { languageId name alias shortText longText metaTitle metaDescription }
    skus { skuId name gtin inStock oversellable incoming
      prices { marketAlias currencyCode regularMinor sellingMinor priorMinor percent log { at regularMinor sellingMinor } } } }
  catalogChoices { brands { id name } categories { id name } markets { alias currencyCode } } }`;

function productIdOf(params: { productId?: string }) {
  const id = Number(params.productId);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2 ** 31 - 1)
    throw new Response("Not found", { status: 404 });
  return id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const productId = productIdOf(params);
  const url = new URL(request.url);
  const search = url.searchParams.get("relatedSearch")?.trim().slice(0, 200) ?? "";
  // A package group's product search without JavaScript (?packageSearch=…&packageGroup=i).
  const packageQ = url.searchParams.get("packageSearch")?.trim().slice(0, 200) ?? "";
  const packageGroup = Number(url.searchParams.get("packageGroup"));
  const packageSearch =
    packageQ && Number.isSafeInteger(packageGroup) && packageGroup >= 0 && packageGroup < 100
      ? { group: packageGroup, q: packageQ }
      : null;
  const find = (q: string) =>
    adminRequest<{ products: { products: Match[] } }>(
      request,
      context,
      "query($q: String) { products(search: $q, take: 8) { products { productId articleNumber name type } } }",
      { q },
    );
  const [answer, extras, matches, packageMatches] = await Promise.all([
    adminRequest<{ product: Detail | null; catalogChoices: Choices }>(request, context, QUERY, {
      id: productId,
    }),
    adminRequest<{ productExtras: Extras }>(request, context, `query($id: Int!) { ${EXTRAS_QUERY} }`, {
      id: productId,
    }),
    search ? find(search) : null,
    packageSearch ? find(packageSearch.q) : null,
  ]);
  if (answer.error === "UNAUTHENTICATED") throw redirect("/admin/sign-in");
  if (!answer.data?.product || !extras.data) throw new Response("Not found", { status: 404 });
  const created = new URL(request.url).searchParams.get("created") === "1";
  return {
    product: answer.data.product,
    choices: answer.data.catalogChoices,
    created,
    extras: extras.data.productExtras,
    search,
    matches: matches?.data?.products.products ?? [],
    packageSearch,
    packageMatches: packageMatches?.data?.products.products ?? [],
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const productId = productIdOf(params);
  const form = await request.formData();
  const values = formValues(form);
  const intent = values.intent ?? "";
  if ((EXTRAS_INTENTS as readonly string[]).includes(intent))
    return extrasAction(request, context, productId, intent, form);
  const version = Number(values.version);
  const skuId = values.skuId ? Number(values.skuId) : null;
  const vars = { id: productId, v: Number.isSafeInteger(version) ? version : 0 };
  if (intent === "product") {
    const answer = await adminRequest(
      request,
      context,
      `mutation($id: Int!, $v: Int!, $input: AdminProductInput!) { updateProduct(productId: $id, version: $v, input: $input) { version } }`,
      { ...vars, input: productInputOf(values) },
    );
    return formAnswer(intent, null, answer, values);
  }
  if (intent === "sku" || intent === "addSku") {
    const answer = await adminRequest(
      request,
      context,
      `mutation($id: Int!, $v: Int!, $sku: Int, $input: AdminSkuInput!, $prices: [AdminPriceInput!]) {
        saveSku(productId: $id, version: $v, skuId: $sku, input: $input, prices: $prices) { version } }`,
      {
        ...vars,
        sku: intent === "sku" ? skuId : null,
        input: skuInputOf(values),
        prices: intent === "addSku" ? pricesOf(values) : null,
      },
    );
    return formAnswer(intent, skuId, answer, values);
  }
  if (intent === "prices" && skuId) {
    const answer = await adminRequest(
      request,
      context,
      `mutation($id: Int!, $v: Int!, $sku: Int!, $prices: [AdminPriceInput!]!) {
        savePrices(productId: $id, version: $v, skuId: $sku, prices: $prices) { version } }`,
      { ...vars, sku: skuId, prices: pricesOf(values) },
    );
    return formAnswer(intent, skuId, answer, values);
  }
  throw new Response("Bad request", { status: 400 });
}

export function meta() {
  return [{ title: "Mili · Product" }];
}

/** A changed field's key from the audit log ("nb.name", "sku.12.inStock", "price.12.no.selling") in words. */
function fieldLabel(t: AdminT, key: string): string {
  const [head, a, b, c] = key.split(".");
  if ((head === "nb" || head === "sv") && a)
    return `${t(`product.${a}` as AdminTextKey)} (${t(`product.lang.${head}`)})`;
  if (head === "sku" && a && b)
    return `${t("product.skuId", { id: a })}: ${t(`product.${b}` as AdminTextKey)}`;
  if (head === "price" && a && b && c) {
    const names = { market: b.toUpperCase(), currency: "" };
    const label = c === "selling" ? t("product.sellingIn", names) : t("product.regularIn", names);
    return `${t("product.skuId", { id: a })}: ${label.replace(" ()", "")}`;
  }
  if (key === "images" || head === "image") return t("images.title");
  if (key === "parameters" || head === "parameter") return t("parameters.title");
  if (key === "related") return t("related.title");
  if (head === "group") return t("package.title");
  if (key === "articleNumber") return t("products.articleNumber");
  if (key === "active") return t("products.active");
  if (key === "brandId") return t("products.brand");
  if (key === "categoryIds") return t("product.categories");
  if (key === "primaryCategoryId") return t("product.primaryCategory");
  return key;
}

function Outcome({ answer, here }: { answer: FormAnswer | null; here: boolean }) {
  const { t, lang } = useAdminT();
  if (!answer || !here) return null;
  if (answer.ok) return <Notice kind="ok">{t("product.saved")}</Notice>;
  if (answer.error === "VERSION_CONFLICT")
    return (
      <div role="alert" className="mb-4 rounded border border-red-700 bg-red-50 p-3 text-red-900">
        <p>{t("product.conflict")}</p>
        <ul className="list-inside list-disc">
          {answer.changes.map((c) => (
            <li key={`${c.at}-${c.actor}`}>
              {c.actor}, <When iso={c.at} lang={lang} />:{" "}
              {[...new Set(c.fields.map((f) => fieldLabel(t, f)))].join(", ")}
            </li>
          ))}
        </ul>
        <p className="mt-2">
          <a href="?" className="underline">
            {t("product.reload")}
          </a>
        </p>
      </div>
    );
  if (answer.problems.length) return <Notice kind="error">{t("product.problems")}</Notice>;
  return <Notice kind="error">{errorText(t, answer.error ?? undefined)}</Notice>;
}

export default function Product({ loaderData, actionData }: Route.ComponentProps) {
  const { t, lang, may } = useAdminT();
  const { product, choices, created, extras, search, matches, packageSearch, packageMatches } = loaderData;
  const location = useLocation();
  const upload = uploadOutcome(new URLSearchParams(location.search), t, lang);
  const answer = (actionData ?? null) as FormAnswer | null;
  const editable = may("catalog.edit");
  const name = product.texts.find((x) => x.languageId.startsWith(lang === "sv" ? "sv" : "nb"))?.name ?? "";
  const hidden = (intent: string, skuId?: number) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="version" value={product.version} />
      {skuId ? <input type="hidden" name="skuId" value={skuId} /> : null}
    </>
  );
  const answerFor = (intent: string, skuId: number | null = null) =>
    answer && answer.intent === intent && answer.skuId === skuId ? answer : null;
  return (
    <>
      <p className="mb-2">
        <Link to="/admin/products" className="underline">
          {t("product.back")}
        </Link>
      </p>
      <h1 className="mb-1 text-2xl font-bold">{t("product.title", { name })}</h1>
      <p className="mb-4 text-sm text-stone-700">
        {t("product.version", { version: product.version })} · <When iso={product.updatedAt} lang={lang} />
        {product.texts.map((x) =>
          x.alias ? (
            <span key={x.languageId}>
              {" · "}
              {t("product.alias", {
                language: t(`product.lang.${x.languageId.startsWith("sv") ? "sv" : "nb"}`),
                alias: x.alias,
              })}
            </span>
          ) : null,
        )}
      </p>
      {created && !answer ? <Notice kind="ok">{t("product.created")}</Notice> : null}
      {!editable ? <Notice kind="error">{t("product.readOnly")}</Notice> : null}
      <Form method="post" aria-labelledby="product-heading" className="mb-8">
        <h2 id="product-heading" className="sr-only">
          {t("product.details")}
        </h2>
        {hidden("product")}
        <Outcome answer={answerFor("product")} here />
        <fieldset disabled={!editable}>
          <ProductFields
            t={t}
            idPrefix="p"
            product={product}
            choices={choices}
            answer={answerFor("product")}
          />
          <button type="submit" className={primary}>
            {t("product.save")}
          </button>
        </fieldset>
      </Form>
      <ImagesSection
        t={t}
        lang={lang}
        productId={product.productId}
        version={product.version}
        extras={extras}
        answer={answer}
        editable={editable}
        upload={upload}
      />
      <ParametersSection
        t={t}
        lang={lang}
        productId={product.productId}
        version={product.version}
        extras={extras}
        answer={answer}
        editable={editable}
      />
      <RelatedSection
        t={t}
        lang={lang}
        productId={product.productId}
        version={product.version}
        extras={extras}
        answer={answer}
        editable={editable}
        matches={matches}
        search={search}
      />
      <PackageSection
        t={t}
        lang={lang}
        productId={product.productId}
        version={product.version}
        extras={extras}
        answer={answer}
        editable={editable}
        packageMatches={packageMatches}
        packageSearch={packageSearch}
      />
      <section aria-labelledby="skus-heading">
        <h2 id="skus-heading" className="mb-3 text-xl font-semibold">
          {t("product.skus")}
        </h2>
        {product.skus.map((sku) => (
          <article
            key={sku.skuId}
            aria-labelledby={`sku-${sku.skuId}-heading`}
            className="mb-6 rounded border border-stone-300 bg-white p-4"
          >
            <h3 id={`sku-${sku.skuId}-heading`} className="mb-2 text-lg font-semibold">
              {t("product.sku", { name: sku.name, id: sku.skuId })}
            </h3>
            <Form method="post" className="mb-4">
              {hidden("sku", sku.skuId)}
              <Outcome answer={answerFor("sku", sku.skuId)} here />
              <fieldset disabled={!editable}>
                <SkuFields
                  t={t}
                  idPrefix={`sku-${sku.skuId}`}
                  sku={sku}
                  answer={answerFor("sku", sku.skuId)}
                />
                <button type="submit" className={button}>
                  {t("product.saveSku", { name: sku.name })}
                </button>
              </fieldset>
            </Form>
            <Form method="post">
              {hidden("prices", sku.skuId)}
              <Outcome answer={answerFor("prices", sku.skuId)} here />
              <fieldset disabled={!editable}>
                <PriceFields
                  t={t}
                  idPrefix={`price-${sku.skuId}`}
                  caption={t("product.prices", { name: sku.name })}
                  markets={choices.markets}
                  prices={sku.prices}
                  answer={answerFor("prices", sku.skuId)}
                  extra={{
                    header: t("product.prior"),
                    cell: (market) => {
                      const p = sku.prices.find((x) => x.marketAlias === market);
                      return p?.priorMinor != null ? (
                        <>
                          <Money minor={p.priorMinor} currency={p.currencyCode} lang={lang} /> (−{p.percent}{" "}
                          %)
                        </>
                      ) : (
                        "–"
                      );
                    },
                  }}
                />
                <button type="submit" className={button}>
                  {t("product.savePrices", { name: sku.name })}
                </button>
              </fieldset>
            </Form>
            {sku.prices
              .filter((p) => p.log.length > 0)
              .map((p) => (
                <details key={p.marketAlias} className="mt-3">
                  <summary className="cursor-pointer underline">
                    {t("product.priceLog", { market: p.marketAlias.toUpperCase() })}
                  </summary>
                  <table className="mt-2 text-sm">
                    <thead>
                      <tr>
                        <th scope="col" className="px-2 text-left">
                          {t("product.logAt")}
                        </th>
                        <th scope="col" className="px-2 text-right">
                          {t("product.regular")}
                        </th>
                        <th scope="col" className="px-2 text-right">
                          {t("product.selling")}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {p.log.map((entry, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: log entries may share an instant.
                        <tr key={`${entry.at}-${i}`}>
                          <td className="px-2">
                            <When iso={entry.at} lang={lang} />
                          </td>
                          <td className="px-2 text-right">
                            <Money minor={entry.regularMinor} currency={p.currencyCode} lang={lang} />
                          </td>
                          <td className="px-2 text-right">
                            <Money minor={entry.sellingMinor} currency={p.currencyCode} lang={lang} />
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </details>
              ))}
          </article>
        ))}
        {editable ? (
          <Form
            method="post"
            aria-labelledby="add-sku-heading"
            className="rounded border border-stone-300 bg-white p-4"
          >
            <h3 id="add-sku-heading" className="mb-2 text-lg font-semibold">
              {t("product.addSku")}
            </h3>
            {hidden("addSku")}
            <Outcome answer={answerFor("addSku")} here />
            <SkuFields t={t} idPrefix="new-sku" sku={null} answer={answerFor("addSku")} />
            <PriceFields
              t={t}
              idPrefix="new-price"
              caption={t("product.firstPrices")}
              markets={choices.markets}
              prices={[]}
              answer={answerFor("addSku")}
            />
            <button type="submit" className={button}>
              {t("product.addSkuSubmit")}
            </button>
          </Form>
        ) : null}
      </section>
    </>
  );
}
