import type { Lang } from "./locale.ts";

/** The "shop as" notice's texts (spec §4, §7: a session a merchant began with a login token). */
export const SHOP_AS_TEXTS: Record<Lang, { text: string; end: string; refused: string }> = {
  nb: {
    text: "Logget inn som {name} (handler som kunden)",
    end: "Avslutt",
    refused: "Innloggingslenken er utløpt eller allerede brukt.",
  },
  sv: {
    text: "Inloggad som {name} (handlar som kunden)",
    end: "Avsluta",
    refused: "Inloggningslänken har gått ut eller redan använts.",
  },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The notice for a session whose access token carries `act` (a merchant shopping as the customer), else null: its
 * HTML, a plain form that posts the sign-out to the storefront's /api/auth (`action`). Read from the token's readable
 * claims for display only: what the session may do is the API's check of the signed token. Built here, on the
 * server, and put into every page by root.tsx as it is: the notice costs the every-page JavaScript nothing but
 * that one element (the home page's budget, tests/e2e/performance.test.ts).
 */
export function shopAsOf(token: string | null, lang: Lang, action: string): string | null {
  const payload = token?.split(".")[1];
  if (!payload || payload.length > 4000) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as {
      name?: unknown;
      act?: { sub?: unknown };
    };
    if (typeof claims.act?.sub !== "string" || !claims.act.sub) return null;
    const name = typeof claims.name === "string" ? claims.name.slice(0, 200) : "";
    const texts = SHOP_AS_TEXTS[lang];
    return `<form method="post" action="${escapeHtml(action)}" class="bg-amber-100 px-4 py-2 text-center text-sm" data-shop-as=""><span role="status">${escapeHtml(texts.text.replace("{name}", name))}</span> <input type="hidden" name="intent" value="logout"><button type="submit" class="font-semibold underline">${escapeHtml(texts.end)}</button></form>`;
  } catch {
    return null;
  }
}

/**
 * The page's notice about signing in with a login token: a page still asked for with `?loginToken=` is one whose
 * token the server refused (forged, expired or used: server/auth.ts signs in with a good one and redirects without
 * it), so it says so; else the "shop as" notice of a merchant's session; else none. Server-built HTML, as above.
 */
export function authNoticeOf(url: URL, token: string | null, lang: Lang, action: string): string | null {
  if (url.searchParams.has("loginToken"))
    return `<p role="alert" class="bg-amber-100 px-4 py-2 text-center text-sm" data-login-token-refused="">${escapeHtml(SHOP_AS_TEXTS[lang].refused)}</p>`;
  return shopAsOf(token, lang, action);
}
