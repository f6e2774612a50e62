import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/campaign";
import { adminRequest } from "./api.server.ts";
import { CampaignFields, type CampaignValues, campaignInputOf, Outcome } from "./campaign-form.tsx";
import { type Choices, type FormAnswer, formAnswer, formValues } from "./product-form.tsx";
import { Notice, primary, useAdminT } from "./ui.tsx";

/**
 * /admin/campaigns/:campaignId (issue 15, decision 0045): the campaign's fields; the form carries the version it
 * read, and a save from an older version is refused with what changed since. Support reads; owner and staff change.
 */
interface Detail extends CampaignValues {
  campaignId: number;
  nbAlias: string | null;
  svAlias: string | null;
  status: string;
  pricesReduced: number;
  version: number;
}

const QUERY = `query($id: Int!) {
  campaign(campaignId: $id) { campaignId kind nbName svName nbAlias svAlias target targetIds articleNumbers
    discountType discountValue conditionType conditionValue markets startsAtLocal endsAtLocal active status
    pricesReduced version }
  catalogChoices { brands { id name } categories { id name } markets { alias currencyCode } } }`;

function idOf(params: { campaignId?: string }) {
  const id = Number(params.campaignId);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2 ** 31 - 1)
    throw new Response("Not found", { status: 404 });
  return id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idOf(params);
  const answer = await adminRequest<{ campaign: Detail | null; catalogChoices: Choices }>(
    request,
    context,
    QUERY,
    {
      id,
    },
  );
  if (answer.error === "UNAUTHENTICATED") throw redirect("/admin/sign-in");
  if (!answer.data?.campaign) throw new Response("Not found", { status: 404 });
  const created = new URL(request.url).searchParams.get("created") === "1";
  return { campaign: answer.data.campaign, choices: answer.data.catalogChoices, created };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = idOf(params);
  const values = formValues(await request.formData());
  const version = Number(values.version);
  const answer = await adminRequest(
    request,
    context,
    `mutation($id: Int!, $v: Int!, $input: AdminCampaignInput!) { updateCampaign(campaignId: $id, version: $v, input: $input) { version } }`,
    { id, v: Number.isSafeInteger(version) ? version : 0, input: campaignInputOf(values) },
  );
  return formAnswer("campaign", null, answer, values);
}

export function meta() {
  return [{ title: "Mili · Campaign" }];
}

export default function Campaign({ loaderData, actionData }: Route.ComponentProps) {
  const { t, lang, may } = useAdminT();
  const { campaign, choices, created } = loaderData;
  const answer = (actionData ?? null) as FormAnswer | null;
  const name = lang === "sv" ? campaign.svName : campaign.nbName;
  const editable = may("campaigns.edit");
  return (
    <>
      <p className="mb-2">
        <Link to="/admin/campaigns" className="underline">
          {t("campaign.back")}
        </Link>
      </p>
      <h1 className="mb-1 text-2xl font-bold">{t("campaign.title", { name })}</h1>
      <p className="mb-4 text-sm text-stone-700">
        {t("campaign.summary", {
          version: campaign.version,
          status: t(`campaignStatus.${campaign.status as "running"}`),
          count: campaign.pricesReduced,
        })}
        {campaign.nbAlias ? (
          <>
            {" · "}
            <a href={`/dc/${campaign.nbAlias}`} className="underline" lang="nb">
              {t("campaign.listPage")} (nb)
            </a>
          </>
        ) : null}
        {campaign.svAlias ? (
          <>
            {" · "}
            <a href={`/sv/dc/${campaign.svAlias}`} className="underline" lang="sv">
              {t("campaign.listPage")} (sv)
            </a>
          </>
        ) : null}
      </p>
      {created && !answer ? <Notice kind="ok">{t("campaign.created")}</Notice> : null}
      {!editable ? <Notice kind="error">{t("campaign.readOnly")}</Notice> : null}
      <Outcome answer={answer} saved={t("campaign.saved")} />
      <Form method="post">
        <input type="hidden" name="version" value={campaign.version} />
        <fieldset disabled={!editable}>
          <CampaignFields t={t} idPrefix="campaign" campaign={campaign} choices={choices} answer={answer} />
          <button type="submit" className={primary}>
            {t("campaign.save")}
          </button>
        </fieldset>
      </Form>
    </>
  );
}
