import { data, Form, useNavigation } from "react-router";
import { PRIVATE_PAGE } from "../lib/cache.ts";
import { GraphqlClientError } from "../lib/graphql/client.ts";
import { ConfirmNewsletterMutation, UnsubscribeNewsletterMutation } from "../lib/graphql/operations.ts";
import { requestClient } from "../lib/graphql/server.ts";
import { href } from "../lib/page-locale.ts";
import { pageMeta, samePathAlternates } from "../lib/seo.ts";
import { useRoot } from "../lib/use-root.ts";
import type { Route } from "./+types/newsletter-link";

/** The pages' texts: their own, so that the every-page catalog does not carry them. */
const TEXTS = {
  nb: {
    confirm: {
      heading: "Bekreft påmeldingen til nyhetsbrevet",
      text: "Trykk på knappen for å bekrefte at du vil ha nyhetsbrevet fra Mili på e-post. Du kan melde deg av når som helst.",
      button: "Bekreft påmeldingen",
      done: "Takk! Påmeldingen er bekreftet, og du får nyhetsbrevet vårt fra neste utsendelse.",
    },
    unsubscribe: {
      heading: "Meld deg av nyhetsbrevet",
      text: "Trykk på knappen for å melde deg av. Du får da ingen flere nyhetsbrev fra Mili på denne adressen.",
      button: "Meld meg av",
      done: "Du er meldt av nyhetsbrevet og får ingen flere utsendelser fra oss.",
    },
    missing: "Lenken er ikke hel. Åpne den fra e-posten igjen, eller kopier hele adressen.",
    home: "Til forsiden",
  },
  sv: {
    confirm: {
      heading: "Bekräfta din anmälan till nyhetsbrevet",
      text: "Tryck på knappen för att bekräfta att du vill ha Milis nyhetsbrev via e-post. Du kan avsluta när som helst.",
      button: "Bekräfta anmälan",
      done: "Tack! Anmälan är bekräftad och du får vårt nyhetsbrev från nästa utskick.",
    },
    unsubscribe: {
      heading: "Avsluta nyhetsbrevet",
      text: "Tryck på knappen för att avsluta. Du får då inga fler nyhetsbrev från Mili till den här adressen.",
      button: "Avsluta prenumerationen",
      done: "Du har avslutat nyhetsbrevet och får inga fler utskick från oss.",
    },
    missing: "Länken är inte hel. Öppna den från mejlet igen, eller kopiera hela adressen.",
    home: "Till startsidan",
  },
} as const;

type Purpose = "confirm" | "unsubscribe";
const purposeOf = (url: URL): Purpose => (url.pathname.endsWith("/unsubscribe") ? "unsubscribe" : "confirm");

/**
 * /newsletter/confirm and /newsletter/unsubscribe?id=…&token=…: where the newsletter e-mails' links land. Opening
 * the link changes nothing (a mail scanner that follows links neither confirms nor unsubscribes anyone); the
 * shopper's press of the button does. A form: it works without JavaScript.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { locale, url } = requestClient(request, context);
  const purpose = purposeOf(url);
  return {
    locale,
    origin: url.origin,
    alternates: samePathAlternates(`/newsletter/${purpose}`),
    purpose,
    id: url.searchParams.get("id") ?? "",
    token: url.searchParams.get("token") ?? "",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { client, url, rc } = requestClient(request, context);
  const form = await request.formData();
  const id = Number(form.get("id"));
  const token = String(form.get("token") ?? "").slice(0, 64);
  const answer = (result: { ok: true } | { ok: false; error: string | null }) =>
    data(result, { headers: PRIVATE_PAGE });
  if (!Number.isSafeInteger(id) || id <= 0 || !token) return answer({ ok: false, error: null });
  try {
    await client.request(
      purposeOf(url) === "confirm" ? ConfirmNewsletterMutation : UnsubscribeNewsletterMutation,
      {
        id,
        token,
      },
    );
    return answer({ ok: true });
  } catch (error) {
    // The API's own words, in the page's language (an unknown or ended link); anything else is logged.
    if (error instanceof GraphqlClientError && error.code === "BAD_USER_INPUT")
      return answer({ ok: false, error: error.graphQLErrors[0]?.message ?? null });
    rc.log("error", "newsletter link failed", { error: String(error) });
    throw error;
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const texts = TEXTS[loaderData.locale.lang][loaderData.purpose];
  return pageMeta({ title: `${texts.heading} | Mili`, noindex: true, ...loaderData });
}

export function headers() {
  return PRIVATE_PAGE;
}

export default function NewsletterLink({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRoot();
  const all = TEXTS[root.lang];
  const texts = all[loaderData.purpose];
  const busy = useNavigation().state === "submitting";
  const complete = loaderData.id !== "" && loaderData.token !== "";
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-3xl font-bold" tabIndex={-1}>
        {texts.heading}
      </h1>
      {actionData?.ok ? (
        <p role="status" className="mt-4 rounded bg-green-50 p-3 text-green-900">
          {texts.done}
        </p>
      ) : !complete ? (
        <p className="mt-4">{all.missing}</p>
      ) : (
        <>
          <p className="mt-4">{texts.text}</p>
          {actionData && !actionData.ok ? (
            <p role="alert" className="mt-4 font-medium text-red-800">
              {actionData.error ?? all.missing}
            </p>
          ) : null}
          <Form method="post" className="mt-6">
            <input type="hidden" name="id" value={loaderData.id} />
            <input type="hidden" name="token" value={loaderData.token} />
            <button
              type="submit"
              disabled={busy}
              className="rounded bg-stone-900 px-4 py-2 font-semibold text-white hover:bg-stone-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
            >
              {texts.button}
            </button>
          </Form>
        </>
      )}
      <p className="mt-8">
        <a className="underline" href={href(root.locale, "/")}>
          {all.home}
        </a>
      </p>
    </main>
  );
}
