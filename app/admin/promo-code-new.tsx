import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/promo-code-new";
import { adminRequest } from "./api.server.ts";
import { Outcome } from "./campaign-form.tsx";
import { type Choices, type FormAnswer, formAnswer, formValues } from "./product-form.tsx";
import { EMPTY_PROMO_CODE, PromoCodeFields, promoCodeInputOf } from "./promo-code-form.tsx";
import { Notice, primary, useAdminT } from "./ui.tsx";

/** /admin/promo-codes/new (issue 15, decision 0045). Created, it opens in its edit screen. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const answer = await adminRequest<{ catalogChoices: Choices }>(
    request,
    context,
    `{ catalogChoices { brands { id name } categories { id name } markets { alias currencyCode } } }`,
  );
  if (answer.error === "UNAUTHENTICATED") throw redirect("/admin/sign-in");
  if (!answer.data) throw new Response("Not found", { status: 404 });
  return { markets: answer.data.catalogChoices.markets };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const answer = await adminRequest<{ createPromoCode: { id: number } }>(
    request,
    context,
    `mutation($input: AdminPromoCodeInput!) { createPromoCode(input: $input) { id } }`,
    { input: promoCodeInputOf(values) },
  );
  const id = answer.data?.createPromoCode.id;
  if (id) throw redirect(`/admin/promo-codes/${id}?created=1`);
  return formAnswer("create", null, answer, values);
}

export function meta() {
  return [{ title: "Mili · New promo code" }];
}

export default function NewPromoCode({ loaderData, actionData }: Route.ComponentProps) {
  const { t, may } = useAdminT();
  const answer = (actionData ?? null) as FormAnswer | null;
  return (
    <>
      <p className="mb-2">
        <Link to="/admin/promo-codes" className="underline">
          {t("promoCode.back")}
        </Link>
      </p>
      <h1 className="mb-4 text-2xl font-bold">{t("promoCodes.new")}</h1>
      {!may("campaigns.edit") ? <Notice kind="error">{t("campaign.readOnly")}</Notice> : null}
      <Outcome answer={answer} saved={t("promoCode.created")} />
      <Form method="post">
        <fieldset disabled={!may("campaigns.edit")}>
          <PromoCodeFields
            t={t}
            idPrefix="new-promo"
            promo={EMPTY_PROMO_CODE}
            markets={loaderData.markets}
            answer={answer}
          />
          <button type="submit" className={primary}>
            {t("promoCode.create")}
          </button>
        </fieldset>
      </Form>
    </>
  );
}
