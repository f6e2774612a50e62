import type { RouterContextProvider } from "react-router";
import { ASSUMED_WIDTH, deviceClass } from "#domain/device.ts";
import { tokenOf, userOf } from "./auth.server.ts";
import { CONSENT_TEXTS } from "./consent.server.ts";
import { channelContext } from "./context.ts";
import { COOKIES, readCookie } from "./cookies.ts";
import { CUSTOMER_TYPES } from "./customer-types.ts";
import { FrameQuery } from "./graphql/operations.ts";
import { requestClient } from "./graphql/server.ts";
import { href } from "./page-locale.ts";
import { authNoticeOf } from "./shop-as.server.ts";

/**
 * The root route's loader (app/root.tsx calls it): locale, frame data, customer type, for every page. Its own
 * module so that what reads its data (use-root.ts, the frame) needs only its type, not the root route.
 */
export async function rootData(request: Request, context: Readonly<RouterContextProvider>) {
  const { client, locale, rc, url } = requestClient(request, context);
  const { data: frame } = await client.request(FrameQuery);
  const channel = context.get(channelContext);
  const cookieType = readCookie(request.headers.get("cookie"), COOKIES.userType);
  const customerType = CUSTOMER_TYPES.find((c) => c.type === cookieType) ?? CUSTOMER_TYPES[0];
  // The first render is for the shopper's device class (spec §9); the page cache keys pages by it as well.
  const device = deviceClass({
    userAgent: request.headers.get("user-agent"),
    chUaMobile: request.headers.get("sec-ch-ua-mobile"),
    chUaPlatform: request.headers.get("sec-ch-ua-platform"),
  });
  return {
    locale,
    origin: url.origin,
    lang: locale.lang,
    nonce: rc.nonce,
    theme: Object.fromEntries((channel?.theme ?? []).map((v) => [v.key, v.value])),
    markets: channel?.markets ?? [],
    categories: frame.categories,
    menus: { header: frame.header, footerService: frame.footerService, footerAbout: frame.footerAbout },
    customerType: customerType?.type ?? "PERSON",
    // Who is signed in (the readable mili-user cookie, when a token is there too): the header's account button.
    // Signed-in pages bypass the page cache (server/page-cache.ts), so this never lands in a shared page.
    user: userOf(request),
    // Token sign-in's notice (app/lib/shop-as.server.ts): a refused login token, or a merchant shopping as the
    // customer (a login token's session, `act`) on every page, with its end.
    notice: authNoticeOf(url, tokenOf(request), locale.lang, href(locale, "/api/auth")),
    // Whether the page asks for consent, and the footer's link to the banner. The banner and the head's script
    // that acts on the choice (app/lib/consent.server.ts) are rendered by entry.server.tsx (consentHtml), not
    // carried in this data (it would send them twice: decision 0052); the same for every shopper of a language,
    // so cached pages hold them; no page downloads code for them. The back office (app/admin/) loads no
    // third-party script and asks no shopper.
    consent: /^\/admin(\/|$)/.test(url.pathname) ? null : { link: CONSENT_TEXTS[locale.lang].link },
    // A recommendation provider is configured (decision 0046): with consent the browser tells it what the shopper
    // does (app/lib/client/recommendation-tracking.ts). The same for every shopper, so cached pages hold it.
    recommendationTracking: rc.recommendationTracking ?? null,
    passwordSalt: rc.passwordSalt,
    vatIncluded: customerType?.vatIncluded ?? true,
    device,
    assumedWidth: ASSUMED_WIDTH[device],
  };
}

export type RootData = Awaited<ReturnType<typeof rootData>>;
