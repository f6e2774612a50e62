import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/campaign-new";
import { adminRequest } from "./api.server.ts";
import { CampaignFields, campaignInputOf, EMPTY_CAMPAIGN, Outcome } from "./campaign-form.tsx";
import { type Choices, type FormAnswer, formAnswer, formValues } from "./product-form.tsx";
import { Notice, primary, useAdminT } from "./ui.tsx";

/**
 * /admin/campaigns/new (issue 15, decision 0045): a price or cart campaign. Created, it opens in its edit screen; a
 * price campaign has reduced its prices by then (from its start).
 */
const CHOICES = `catalogChoices { brands { id name } categories { id name } markets { alias currencyCode } }`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const answer = await adminRequest<{ catalogChoices: Choices }>(request, context, `{ ${CHOICES} }`);
  if (answer.error === "UNAUTHENTICATED") throw redirect("/admin/sign-in");
  if (!answer.data) throw new Response("Not found", { status: 404 });
  return { choices: answer.data.catalogChoices };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const answer = await adminRequest<{ createCampaign: { id: number } }>(
    request,
    context,
    `mutation($input: AdminCampaignInput!) { createCampaign(input: $input) { id } }`,
    { input: campaignInputOf(values) },
  );
  const id = answer.data?.createCampaign.id;
  if (id) throw redirect(`/admin/campaigns/${id}?created=1`);
  return formAnswer("create", null, answer, values);
}

export function meta() {
  return [{ title: "Mili · New campaign" }];
}

export default function NewCampaign({ loaderData, actionData }: Route.ComponentProps) {
  const { t, may } = useAdminT();
  const answer = (actionData ?? null) as FormAnswer | null;
  return (
    <>
      <p className="mb-2">
        <Link to="/admin/campaigns" className="underline">
          {t("campaign.back")}
        </Link>
      </p>
      <h1 className="mb-4 text-2xl font-bold">{t("campaigns.new")}</h1>
      {!may("campaigns.edit") ? <Notice kind="error">{t("campaign.readOnly")}</Notice> : null}
      <Outcome answer={answer} saved={t("campaign.created")} />
      <Form method="post">
        <fieldset disabled={!may("campaigns.edit")}>
          <CampaignFields
            t={t}
            idPrefix="new-campaign"
            campaign={EMPTY_CAMPAIGN}
            choices={loaderData.choices}
            answer={answer}
          />
          <button type="submit" className={primary}>
            {t("campaign.create")}
          </button>
        </fieldset>
      </Form>
    </>
  );
}
