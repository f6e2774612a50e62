import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/promo-code";
import { adminRequest } from "./api.server.ts";
import { Outcome } from "./campaign-form.tsx";
import { type Choices, type FormAnswer, formAnswer, formValues } from "./product-form.tsx";
import { PromoCodeFields, type PromoCodeValues, promoCodeInputOf } from "./promo-code-form.tsx";
import { Notice, primary, useAdminT } from "./ui.tsx";

/**
 * /admin/promo-codes/:promoCodeId (issue 15, decision 0045): the code's fields and how often it was used; the form
 * carries its version (a save from an older one is refused with what changed).
 */
interface Detail extends PromoCodeValues {
  promoCodeId: number;
  uses: number;
  version: number;
}

function idOf(params: { promoCodeId?: string }) {
  const id = Number(params.promoCodeId);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2 ** 31 - 1)
    throw new Response("Not found", { status: 404 });
  return id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idOf(params);
  const answer = await adminRequest<{ promoCode: Detail | null; catalogChoices: Choices }>(
    request,
    context,
    `query($id: Int!) { promoCode(promoCodeId: $id) { promoCodeId code nbName svName discountType discountValue
      conditionType conditionValue markets validFromLocal validToLocal maxUses maxUsesPerCustomer uses active version }
      catalogChoices { brands { id name } categories { id name } markets { alias currencyCode } } }`,
    { id },
  );
  if (answer.error === "UNAUTHENTICATED") throw redirect("/admin/sign-in");
  if (!answer.data?.promoCode) throw new Response("Not found", { status: 404 });
  const created = new URL(request.url).searchParams.get("created") === "1";
  return { promo: answer.data.promoCode, markets: answer.data.catalogChoices.markets, created };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = idOf(params);
  const values = formValues(await request.formData());
  const version = Number(values.version);
  const answer = await adminRequest(
    request,
    context,
    `mutation($id: Int!, $v: Int!, $input: AdminPromoCodeInput!) { updatePromoCode(promoCodeId: $id, version: $v, input: $input) { version } }`,
    { id, v: Number.isSafeInteger(version) ? version : 0, input: promoCodeInputOf(values) },
  );
  return formAnswer("promo", null, answer, values);
}

export function meta() {
  return [{ title: "Mili · Promo code" }];
}

export default function PromoCode({ loaderData, actionData }: Route.ComponentProps) {
  const { t, may } = useAdminT();
  const { promo, markets, created } = loaderData;
  const answer = (actionData ?? null) as FormAnswer | null;
  const editable = may("campaigns.edit");
  return (
    <>
      <p className="mb-2">
        <Link to="/admin/promo-codes" className="underline">
          {t("promoCode.back")}
        </Link>
      </p>
      <h1 className="mb-1 text-2xl font-bold">{t("promoCode.title", { code: promo.code })}</h1>
      <p className="mb-4 text-sm text-stone-700">{t("promoCode.usesSoFar", { uses: promo.uses })}</p>
      {created && !answer ? <Notice kind="ok">{t("promoCode.created")}</Notice> : null}
      {!editable ? <Notice kind="error">{t("campaign.readOnly")}</Notice> : null}
      <Outcome answer={answer} saved={t("promoCode.saved")} />
      <Form method="post">
        <input type="hidden" name="version" value={promo.version} />
        <fieldset disabled={!editable}>
          <PromoCodeFields t={t} idPrefix="promo" promo={promo} markets={markets} answer={answer} />
          <button type="submit" className={primary}>
            {t("promoCode.save")}
          </button>
        </fieldset>
      </Form>
    </>
  );
}
