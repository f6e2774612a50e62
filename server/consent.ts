import { Hono } from "hono";
import {
  CONSENT_ACTION,
  CONSENT_COOKIE,
  CONSENT_MAX_AGE,
  consentFromForm,
  formatConsent,
} from "#domain/consent.ts";
import { sameSitePath } from "#domain/redirect.ts";

/** The answer to a choice the banner does not offer, in the form's language. */
const REFUSED = {
  nb: "Vi forsto ikke valget ditt. Velg en av knappene i boksen om informasjonskapsler.",
  sv: "Vi förstod inte ditt val. Välj en av knapparna i rutan om kakor.",
} as const;

/**
 * The consent banner's form (app/lib/consent.server.ts; docs/decisions/0041): a POST from the shop's own page (the
 * request guard checks it is same-site) records the choice in the `mili-consent` cookie for a year and sends the
 * browser back where it was (a same-site path only). A choice the banner does not offer is a 400 in the form's
 * language, and no cookie is set.
 */
export function consentRoutes(): Hono {
  const app = new Hono();
  app.post(CONSENT_ACTION, async (c) => {
    const form = await c.req.parseBody();
    const lang = form.lang === "sv" ? "sv" : "nb";
    const consent = consentFromForm(form);
    if (!consent)
      return c.text(REFUSED[lang], 400, {
        "Cache-Control": "no-store",
        "Content-Language": lang === "sv" ? "sv" : "nb",
      });
    const url = new URL(c.req.url);
    const back =
      (typeof form.returnTo === "string" && form.returnTo.startsWith("/")
        ? sameSitePath(form.returnTo, url)
        : null) ?? (lang === "sv" ? "/sv" : "/");
    const secure = url.protocol === "https:" ? "; Secure" : "";
    return c.body(null, 303, {
      Location: back,
      "Cache-Control": "no-store",
      // Readable by the page's inline script (it decides what loads), so not HttpOnly; it holds no secret.
      "Set-Cookie": `${CONSENT_COOKIE}=${formatConsent(consent)}; Path=/; Max-Age=${CONSENT_MAX_AGE}; SameSite=Lax${secure}`,
    });
  });
  return app;
}
