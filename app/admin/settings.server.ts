import { redirect } from "react-router";
import { type AdminAnswer, type AdminRouteContext, adminRequest } from "./api.server.ts";
import { type FormAnswer, formAnswer, formValues } from "./product-form.tsx";

/**
 * The settings screens' one read and one way to save (decisions 0059, 0062): the whole `settings` of the admin API (small:
 * a few markets, their VAT rows and shipping options, the channels), and a change answered as the form's answer
 * (problems by field, a conflict's changes) tagged with the form's `key` so only that form shows them.
 */
export interface SettingsData {
  markets: {
    alias: string;
    countryCode: string | null;
    currencyCode: string;
    languageIds: string[];
    defaultLanguageId: string;
    active: boolean;
    version: number;
    vatRates: {
      productClass: string;
      rateBp: number;
      validFrom: string;
      validTo: string | null;
      scheduled: boolean;
    }[];
    shippingOptions: {
      id: number;
      key: string;
      nbName: string;
      svName: string;
      feeMinor: number;
      freeOverMinor: number | null;
      deliveryDaysMin: number | null;
      deliveryDaysMax: number | null;
      sortOrder: number;
      active: boolean;
      version: number;
    }[];
  }[];
  channels: { id: string; name: string; theme: { key: string; value: string }[]; version: number }[];
  paymentMethods: {
    key: string;
    nbName: string;
    svName: string;
    paymentType: string;
    checkoutType: string;
    active: boolean;
    marketAliases: string[];
    customerTypes: string[];
    version: number;
  }[];
  currencies: { id: string; name: string }[];
  currencyDetails: { code: string; name: string; symbol: string; minorUnits: number }[];
  languages: { id: string; name: string }[];
}

export async function loadSettings(request: Request, context: AdminRouteContext): Promise<SettingsData> {
  const answer = await adminRequest<{ settings: SettingsData }>(
    request,
    context,
    `{ settings { markets { alias countryCode currencyCode languageIds defaultLanguageId active version
        vatRates { productClass rateBp validFrom validTo scheduled }
        shippingOptions { id key nbName svName feeMinor freeOverMinor deliveryDaysMin deliveryDaysMax sortOrder active version } }
      channels { id name theme { key value } version }
      paymentMethods { key nbName svName paymentType checkoutType active marketAliases customerTypes version }
      currencies { id name } currencyDetails { code name symbol minorUnits } languages { id name } } }`,
  );
  if (answer.error === "UNAUTHENTICATED") throw redirect("/admin/sign-in");
  if (answer.error === "FORBIDDEN") throw new Response("Forbidden", { status: 403 });
  if (!answer.data) throw new Response("The settings could not be read", { status: 500 });
  return answer.data.settings;
}

export type SettingsAnswer = FormAnswer & { key: string };

/** Runs the form's mutation (built from its values) and answers the form, tagged with its `key`. */
export async function saveSettings(
  request: Request,
  context: AdminRouteContext,
  mutation: (values: Record<string, string>) => { query: string; variables: Record<string, unknown> },
): Promise<SettingsAnswer> {
  const values = formValues(await request.formData());
  const { query, variables } = mutation(values);
  const answer: AdminAnswer<unknown> = await adminRequest(request, context, query, variables);
  return { ...formAnswer(values.intent ?? "save", null, answer, values), key: values.key ?? "" };
}

export const versionOf = (values: Record<string, string>) => {
  const v = Number(values.version);
  return Number.isSafeInteger(v) ? v : 0;
};
