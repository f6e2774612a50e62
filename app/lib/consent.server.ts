import { CONSENT_ACTION, CONSENT_COOKIE, reviewServiceLocale } from "#domain/consent.ts";
import type { Lang } from "./locale.ts";

/**
 * The consent banner and the script that acts on the shopper's choice (issue 14, docs/decisions/0041), built on
 * the server so that no page downloads code for them: the banner is HTML with a form (it works without
 * JavaScript), identical for every shopper of a language (so cached pages can hold it), and a small inline script
 * in the head reads the `mili-consent` cookie before the page paints. Without a choice the banner shows and
 * nothing but the shop's own code runs; with one the banner hides (the footer's link shows it again: `#consent`)
 * and the tag manager (statistics) and the review service (marketing) load only as agreed.
 */

export const CONSENT_TEXTS: Record<
  Lang,
  {
    title: string;
    text: string;
    necessary: string;
    statistics: string;
    marketing: string;
    all: string;
    onlyNecessary: string;
    save: string;
    link: string;
  }
> = {
  nb: {
    title: "Vi bruker informasjonskapsler",
    text: "Nødvendige informasjonskapsler får nettbutikken til å virke: handlekurv, innlogging og marked. Med ditt samtykke bruker vi også informasjonskapsler til statistikk, som hjelper oss å gjøre butikken bedre, og til markedsføring, som viser deg anmeldelser og tilbud som passer for deg. Du kan endre valget ditt når som helst under «Informasjonskapsler» nederst på siden.",
    necessary: "Nødvendige (alltid på)",
    statistics: "Statistikk",
    marketing: "Markedsføring",
    all: "Godta alle",
    onlyNecessary: "Bare nødvendige",
    save: "Lagre valgene",
    link: "Informasjonskapsler",
  },
  sv: {
    title: "Vi använder kakor",
    text: "Nödvändiga kakor får webbutiken att fungera: varukorg, inloggning och marknad. Med ditt samtycke använder vi också kakor för statistik, som hjälper oss att göra butiken bättre, och för marknadsföring, som visar dig recensioner och erbjudanden som passar dig. Du kan ändra ditt val när som helst under ”Kakor” längst ned på sidan.",
    necessary: "Nödvändiga (alltid på)",
    statistics: "Statistik",
    marketing: "Marknadsföring",
    all: "Godkänn alla",
    onlyNecessary: "Endast nödvändiga",
    save: "Spara valen",
    link: "Kakor",
  },
};

/** The shop's third-party scripts (configuration): each loads only with the shopper's consent. */
export interface ThirdPartyScripts {
  /** The tag manager's script URL (with its container id), loaded with consent to statistics. */
  tagManagerUrl?: string | undefined;
  /** The review service's script URL, loaded with consent to marketing, with `key` and `locale` added. */
  reviewServiceUrl?: string | undefined;
  reviewServiceKey?: string | undefined;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The banner: a region with the three choices, a form posting to CONSENT_ACTION that comes back to `returnTo`. */
export function consentBanner(lang: Lang, returnTo: string): string {
  const t = CONSENT_TEXTS[lang];
  const box = (name: string, label: string) =>
    `<label class="flex items-center gap-2"><input type="checkbox" name="${name}" class="h-4 w-4"> ${escapeHtml(label)}</label>`;
  const button = (value: string, label: string, primary: boolean) =>
    `<button type="submit" name="choice" value="${value}" class="${
      primary
        ? "bg-stone-900 text-white hover:bg-stone-700"
        : "border border-stone-900 bg-white hover:bg-stone-100"
    } rounded px-4 py-2 font-semibold focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700">${escapeHtml(label)}</button>`;
  return `<section id="consent" aria-labelledby="consent-title" class="mili-consent border-b border-stone-300 bg-stone-50 px-4 py-4"><form method="post" action="${CONSENT_ACTION}" class="mx-auto max-w-4xl"><input type="hidden" name="returnTo" value="${escapeHtml(returnTo)}"><input type="hidden" name="lang" value="${lang}"><h2 id="consent-title" class="text-lg font-semibold">${escapeHtml(t.title)}</h2><p class="mt-2 text-sm">${escapeHtml(t.text)}</p><fieldset class="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm"><legend class="sr-only">${escapeHtml(t.title)}</legend><label class="flex items-center gap-2"><input type="checkbox" checked disabled class="h-4 w-4"> ${escapeHtml(t.necessary)}</label>${box("statistics", t.statistics)}${box("marketing", t.marketing)}</fieldset><div class="mt-4 flex flex-wrap gap-3">${button("all", t.all, true)}${button("necessary", t.onlyNecessary, false)}${button("custom", t.save, false)}</div></form></section>`;
}

/**
 * The head's inline script: reads the choice before the page paints, marks the document (`data-consent`, which
 * hides the banner unless the footer's link targets it), ticks the banner's boxes as chosen, and loads the
 * third-party scripts agreed to. The review service's key missing is a console error (spec §8).
 */
export function consentBoot(scripts: ThirdPartyScripts): string {
  const config = JSON.stringify({
    tm: scripts.tagManagerUrl ?? "",
    rs: scripts.reviewServiceUrl ?? "",
    key: scripts.reviewServiceKey ?? "",
    no: reviewServiceLocale("nb"),
    se: reviewServiceLocale("sv"),
  }).replace(/</g, "\\u003c");
  return `(()=>{const c=${config},m=/(?:^|;\\s*)${CONSENT_COOKIE}=s([01])m([01])(?:;|$)/.exec(document.cookie);if(!m)return;const d=document.documentElement,s=m[1]==="1",k=m[2]==="1";d.dataset.consent=(s?"s":"")+(k?"m":"")||"n";const add=u=>{const e=document.createElement("script");e.async=true;e.src=u;document.head.appendChild(e)};if(s&&c.tm){window.dataLayer=window.dataLayer||[];window.dataLayer.push({"gtm.start":Date.now(),event:"gtm.js"});add(c.tm)}if(k&&c.rs){if(c.key)add(c.rs+(c.rs.includes("?")?"&":"?")+"key="+encodeURIComponent(c.key)+"&locale="+(d.lang==="nb"?c.no:c.se));else console.error("The review service has no key: set REVIEW_SERVICE_KEY")}document.addEventListener("DOMContentLoaded",()=>{for(const [n,v] of [["statistics",s],["marketing",k]]){const b=document.querySelector('#consent input[name="'+n+'"]');if(b)b.checked=v}})})()`;
}
