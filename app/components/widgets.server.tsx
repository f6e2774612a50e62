import { renderToStaticMarkup } from "react-dom/server";
import { deviceClass, widgetDisplaySetting } from "#domain/device.ts";
import { WidgetProductsQuery } from "../lib/graphql/list-operations.ts";
import { ListWidgetsQuery, WidgetAreaQuery } from "../lib/graphql/operations.ts";
import type { requestClient } from "../lib/graphql/server.ts";
import type { Lang } from "../lib/locale.ts";
import { href, type PageLocale } from "../lib/page-locale.ts";
import { productImageSrcSet, productImageUrl } from "../lib/product-image.ts";
import type { WidgetBlock } from "./widget-blocks.tsx";

/**
 * Widgets rendered on the server (decision 0038): each widget becomes finished, static HTML in the loader, and the
 * page only puts it in place (components/widget-blocks.tsx), so a front page built from widgets costs the browser
 * no widget code at all. Product lists are the exception: they are the shop's own product cards (favourite
 * button, add to cart), so they go to the page as data. The HTML of html and richText widgets was sanitised by
 * the API (services/content/sanitize.ts); everything else here is React-escaped text.
 */

type Localized = Partial<Record<string, string>>;
type Client = ReturnType<typeof requestClient>["client"];

export interface WidgetInput {
  id: string;
  type: string;
  configuration: string;
  published: boolean;
}

const TEXTS = {
  nb: {
    watchOn: "Se videoen på {provider}",
    videoFile: "Last ned videoen",
    favorites: "Se favorittene dine",
    favoritesEmpty: "Du har ingen favoritter ennå. Trykk på hjertet på et produkt for å lagre det her.",
    latestViewedEmpty: "Produktene du ser på, vises her.",
    unpublished: "Ikke publisert",
  },
  sv: {
    watchOn: "Se videon på {provider}",
    videoFile: "Ladda ner videon",
    favorites: "Se dina favoriter",
    favoritesEmpty: "Du har inga favoriter än. Tryck på hjärtat på en produkt för att spara den här.",
    latestViewedEmpty: "Produkterna du tittar på visas här.",
    unpublished: "Inte publicerad",
  },
} as const satisfies Record<Lang, Record<string, string>>;

const PROVIDERS = {
  youtube: {
    name: "YouTube",
    url: (id: string) => `https://www.youtube.com/watch?v=${encodeURIComponent(id)}`,
  },
  vimeo: { name: "Vimeo", url: (id: string) => `https://vimeo.com/${encodeURIComponent(id)}` },
} as const;

const FAVORITES_PATH = { nb: "/favoritter", sv: "/favoriter" } as const;

/** The mobile or desktop widgets for the request's device class (the page cache keys pages by it too). */
export function requestDisplaySetting(request: Request) {
  return widgetDisplaySetting(
    deviceClass({
      userAgent: request.headers.get("user-agent"),
      chUaMobile: request.headers.get("sec-ch-ua-mobile"),
      chUaPlatform: request.headers.get("sec-ch-ua-platform"),
    }),
  );
}

interface RenderContext {
  locale: PageLocale;
  /**
   * Images of the first widget load at once, the rest lazily (below the fold). High priority and the preload stay
   * with the first product card (ProductGrid), the one image React preloads.
   */
  eager: boolean;
  preview: boolean;
}

function text(value: unknown, languageId: string): string {
  if (!value || typeof value !== "object") return "";
  return (value as Localized)[languageId] ?? "";
}

/** A link of a widget: a same-site path in the page's language (prefixed), or an absolute URL as it is. */
function linkHref(locale: PageLocale, value: unknown): string | null {
  const path = text(value, locale.languageId);
  if (!path) return null;
  return /^https:\/\//.test(path) ? path : href(locale, path);
}

/** Same-site links inside sanitised HTML get the page's language prefix. */
function prefixLinks(html: string, locale: PageLocale): string {
  if (!locale.prefix) return html;
  return html.replace(/href="\/(?!\/)/g, `href="${locale.prefix}/`);
}

function WidgetImage({
  fileName,
  alt,
  eager,
  sizes,
  className,
}: {
  fileName: string;
  alt: string;
  eager: boolean;
  sizes: string;
  className?: string;
}) {
  return (
    <img
      src={productImageUrl(fileName, 960)}
      srcSet={productImageSrcSet(fileName)}
      sizes={sizes}
      alt={alt}
      width={1200}
      height={1200}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className={className}
    />
  );
}

function Widget({
  type,
  config,
  ctx,
}: {
  type: string;
  config: Record<string, unknown>;
  ctx: RenderContext;
}) {
  const { locale } = ctx;
  const lang = locale.languageId;
  const t = TEXTS[locale.lang];
  switch (type) {
    case "text": {
      const title = text(config.title, lang);
      return (
        <div className="max-w-prose space-y-3">
          {title ? <h2 className="text-xl font-semibold">{title}</h2> : null}
          {text(config.text, lang)
            .split(/\n{2,}/)
            .map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
        </div>
      );
    }
    case "richText":
    case "html":
      return (
        <div
          className={type === "richText" ? "widget-rich-text max-w-prose space-y-3" : "widget-html"}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the API (services/content/sanitize.ts)
          dangerouslySetInnerHTML={{ __html: prefixLinks(text(config.html, lang), locale) }}
        />
      );
    case "image": {
      const image = (
        <WidgetImage
          fileName={String(config.fileName)}
          alt={text(config.alt, lang)}
          eager={ctx.eager}
          sizes="(min-width: 1184px) 1152px, 100vw"
          className="h-auto w-full rounded-lg"
        />
      );
      const link = linkHref(locale, config.link);
      const caption = text(config.caption, lang);
      return (
        <figure>
          {link ? <a href={link}>{image}</a> : image}
          {caption ? <figcaption className="mt-2 text-sm text-stone-700">{caption}</figcaption> : null}
        </figure>
      );
    }
    case "banner": {
      const title = text(config.title, lang);
      const link = linkHref(locale, config.link);
      const label = text(config.buttonLabel, lang);
      return (
        <section className="grid items-center gap-6 overflow-hidden rounded-lg bg-brand-ink text-white sm:grid-cols-2">
          <div className="p-6">
            <h2 className="text-2xl font-bold">{title}</h2>
            {text(config.text, lang) ? <p className="mt-2">{text(config.text, lang)}</p> : null}
            {link ? (
              <a
                href={link}
                className="mt-4 inline-block rounded bg-white px-4 py-2 font-semibold text-brand-ink underline-offset-2 hover:underline"
              >
                {label || title}
              </a>
            ) : null}
          </div>
          {typeof config.fileName === "string" ? (
            <WidgetImage
              fileName={config.fileName}
              alt={text(config.alt, lang)}
              eager={ctx.eager}
              sizes="(min-width: 1184px) 576px, (min-width: 640px) 50vw, 100vw"
              className="aspect-[3/2] h-full w-full object-cover"
            />
          ) : null}
        </section>
      );
    }
    case "buttons": {
      const title = text(config.title, lang);
      const buttons = (config.buttons ?? []) as { label: Localized; link: Localized }[];
      return (
        <section aria-label={title || undefined}>
          {title ? <h2 className="text-xl font-semibold">{title}</h2> : null}
          <ul className="mt-3 flex flex-wrap gap-2">
            {buttons.map((b) => (
              <li key={text(b.label, lang)}>
                <a
                  href={linkHref(locale, b.link) ?? "#"}
                  className="inline-block rounded-full border border-stone-400 px-4 py-2 font-medium hover:bg-stone-100"
                >
                  {text(b.label, lang)}
                </a>
              </li>
            ))}
          </ul>
        </section>
      );
    }
    case "video": {
      const title = text(config.title, lang);
      if (typeof config.src === "string") {
        const captions = text(config.captions, lang);
        return (
          <figure>
            <video
              controls
              preload="none"
              className="w-full rounded-lg"
              src={config.src}
              {...(typeof config.posterFileName === "string"
                ? { poster: productImageUrl(config.posterFileName, 960) }
                : {})}
            >
              {captions ? <track kind="captions" src={captions} srcLang={locale.lang} default /> : null}
              <a href={config.src}>{t.videoFile}</a>
            </video>
            <figcaption className="mt-2 font-medium">{title}</figcaption>
          </figure>
        );
      }
      const provider = PROVIDERS[config.provider as keyof typeof PROVIDERS];
      if (!provider || typeof config.videoId !== "string") return null;
      return (
        <figure className="rounded-lg border border-stone-300 p-4">
          <figcaption className="font-medium">{title}</figcaption>
          <a
            className="mt-2 inline-block underline"
            href={provider.url(config.videoId)}
            rel="noopener noreferrer"
          >
            {t.watchOn.replace("{provider}", provider.name)}
          </a>
        </figure>
      );
    }
    default:
      return null;
  }
}

/** A widget's HTML, marked in a preview when it is not published. */
function marked(body: string, ctx: RenderContext, published: boolean) {
  if (!ctx.preview || published) return body;
  const badge = renderToStaticMarkup(
    <p className="mb-2 inline-block rounded bg-amber-100 px-2 py-1 text-sm font-semibold text-amber-900">
      {TEXTS[ctx.locale.lang].unpublished}
    </p>,
  );
  return `<div data-unpublished="true" class="rounded-lg border-2 border-dashed border-amber-600 p-2">${badge}${body}</div>`;
}

function parse(configuration: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(configuration);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const SORTS = new Set(["LATEST", "MOST_SOLD", "PRICE", "PRICE_DESC", "ALPHABETICAL", "RELEVANCE", "VOTES"]);

/** A product-list widget's products: found by its search parameters in the page's language. */
async function searchProducts(client: Client, config: Record<string, unknown>, languageId: string) {
  const ids = (v: unknown) =>
    Array.isArray(v) ? v.filter((n): n is number => Number.isInteger(n)) : undefined;
  const sort = typeof config.sort === "string" && SORTS.has(config.sort) ? config.sort : "LATEST";
  const searchText = text(config.searchText, languageId);
  const { data } = await client.request(WidgetProductsQuery, {
    take: Math.min(Math.max(Number(config.take) || 8, 1), 24),
    filter: {
      sort: sort as "LATEST",
      ...(ids(config.categoryIds)?.length ? { categoryIds: ids(config.categoryIds) } : {}),
      ...(ids(config.brandIds)?.length ? { brandIds: ids(config.brandIds) } : {}),
      ...(ids(config.discountCampaignIds)?.length
        ? { discountCampaignIds: ids(config.discountCampaignIds) }
        : {}),
      ...(searchText ? { searchText } : {}),
    },
  });
  return data.products?.products ?? [];
}

/**
 * The page's widgets as blocks: static HTML, or a product list's title and cards. The shopper's own lists
 * (favourites, latest viewed) are not in a cached page: the page carries their title and texts, and the browser
 * fills them after hydration (components/shopper-products.tsx, decision 0046).
 */
export async function widgetBlocks(
  client: Client,
  locale: PageLocale,
  widgets: readonly WidgetInput[],
  opts: { preview?: boolean; eagerFirst?: boolean } = {},
): Promise<WidgetBlock[]> {
  const preview = opts.preview ?? false;
  return Promise.all(
    widgets.map(async (w, index): Promise<WidgetBlock> => {
      const config = parse(w.configuration);
      const ctx: RenderContext = { locale, eager: (opts.eagerFirst ?? true) && index === 0, preview };
      if (w.type === "productList") {
        const title = text(config.title, locale.languageId);
        if (config.source === "favorites" || config.source === "latestViewed") {
          // The shopper's own list: the page carries its title and texts; the cards come in the browser.
          const t = TEXTS[locale.lang];
          const favorites = config.source === "favorites";
          return {
            kind: "shopper",
            id: w.id,
            title,
            source: config.source,
            take: Math.min(Math.max(Number(config.take) || 8, 1), 24),
            empty: favorites ? t.favoritesEmpty : t.latestViewedEmpty,
            ...(favorites
              ? { link: { href: href(locale, FAVORITES_PATH[locale.lang]), label: t.favorites } }
              : {}),
            ...(preview && !w.published ? { note: t.unpublished } : {}),
          };
        }
        return {
          kind: "products",
          id: w.id,
          title,
          products: await searchProducts(client, config, locale.languageId),
          ...(preview && !w.published ? { note: TEXTS[locale.lang].unpublished } : {}),
        };
      }
      const body = renderToStaticMarkup(<Widget type={w.type} config={config} ctx={ctx} />);
      return { kind: "html", id: w.id, html: marked(body, ctx, w.published) };
    }),
  );
}

/**
 * A product list page's Productlist/Top and Productlist/Bottom areas, in one request, for the request's device
 * class. Their images load lazily: the top of a list page is its heading and first product cards.
 */
export async function listPageWidgets(client: Client, locale: PageLocale, request: Request) {
  const { data } = await client.request(ListWidgetsQuery, { displaySetting: requestDisplaySetting(request) });
  const [top, bottom] = await Promise.all([
    widgetBlocks(client, locale, data.top?.widgets ?? [], { eagerFirst: false }),
    widgetBlocks(client, locale, data.bottom?.widgets ?? [], { eagerFirst: false }),
  ]);
  return { top, bottom };
}

/** The product page's Product/Main area (below the product, so nothing in it loads eagerly). */
export async function productPageWidgets(client: Client, locale: PageLocale, request: Request) {
  const { data } = await client.request(WidgetAreaQuery, {
    family: "Product",
    areaName: "Main",
    displaySetting: requestDisplaySetting(request),
  });
  return widgetBlocks(client, locale, data.widgetArea?.widgets ?? [], { eagerFirst: false });
}
