import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/product-new";
import { adminRequest } from "./api.server.ts";
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
import { errorText } from "./texts.ts";
import { Notice, primary, useAdminT } from "./ui.tsx";

/**
 * /admin/products/new (issue 15, decision 0043): a product with its texts in nb and sv, its first variant with
 * stock, and its prices (at least one market). Created, it opens in its edit screen.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const answer = await adminRequest<{ catalogChoices: Choices }>(
    request,
    context,
    `{ catalogChoices { brands { id name } categories { id name } markets { alias currencyCode } } }`,
  );
  if (answer.error === "UNAUTHENTICATED") throw redirect("/admin/sign-in");
  if (!answer.data) throw new Response("Not found", { status: 404 });
  return { choices: answer.data.catalogChoices };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const answer = await adminRequest<{ createProduct: { productId: number } }>(
    request,
    context,
    `mutation($input: AdminProductCreateInput!) { createProduct(input: $input) { productId } }`,
    { input: { ...productInputOf(values), sku: skuInputOf(values), prices: pricesOf(values) } },
  );
  const productId = answer.data?.createProduct.productId;
  if (productId) throw redirect(`/admin/products/${productId}?created=1`);
  return formAnswer("create", null, answer, values);
}

export function meta() {
  return [{ title: "Mili · New product" }];
}

const EMPTY = {
  articleNumber: "",
  active: true,
  brandId: null,
  categoryIds: [],
  primaryCategoryId: null,
  texts: [],
};

export default function NewProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { t, may } = useAdminT();
  const { choices } = loaderData;
  const answer = (actionData ?? null) as FormAnswer | null;
  return (
    <>
      <p className="mb-2">
        <Link to="/admin/products" className="underline">
          {t("product.back")}
        </Link>
      </p>
      <h1 className="mb-4 text-2xl font-bold">{t("products.new")}</h1>
      {!may("catalog.edit") ? <Notice kind="error">{t("product.readOnly")}</Notice> : null}
      {answer && !answer.ok ? (
        <Notice kind="error">
          {answer.problems.length ? t("product.problems") : errorText(t, answer.error ?? undefined)}
        </Notice>
      ) : null}
      <Form method="post">
        <fieldset disabled={!may("catalog.edit")}>
          <ProductFields t={t} idPrefix="new" product={EMPTY} choices={choices} answer={answer} />
          <fieldset className="mb-4 rounded border border-stone-300 bg-white p-4">
            <legend className="px-1 font-semibold">{t("product.firstSku")}</legend>
            <SkuFields t={t} idPrefix="new-sku" sku={null} answer={answer} />
            <PriceFields
              t={t}
              idPrefix="new-price"
              caption={t("product.firstPrices")}
              markets={choices.markets}
              prices={[]}
              answer={answer}
            />
          </fieldset>
          <button type="submit" className={primary}>
            {t("product.create")}
          </button>
        </fieldset>
      </Form>
    </>
  );
}
