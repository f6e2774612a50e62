import { type FormEvent, useEffect, useRef } from "react";
import { Form, Link, useFetcher, useSearchParams } from "react-router";
import { href } from "../../lib/page-locale.ts";
import { useRoot, useT } from "../../lib/use-root.ts";
import type { NewsletterResult, NewsletterStatus } from "../../routes/api.newsletter.ts";
import { LoadingIndicator } from "../loading-indicator.tsx";

const STATUSES: NewsletterStatus[] = ["ok", "invalid", "limited", "error"];

/**
 * The newsletter sign-up. Without JavaScript the form posts to /api/newsletter, which redirects back here with
 * ?newsletter=ok|invalid|error; with JavaScript it goes through a fetcher and the answer shows inline.
 */
function Newsletter() {
  const root = useRoot();
  const t = useT();
  const fetcher = useFetcher<NewsletterResult>();
  const [params] = useSearchParams();
  const form = useRef<HTMLFormElement>(null);
  const action = href(root.locale, "/api/newsletter");
  const fromUrl = params.get("newsletter");
  const status: NewsletterStatus | null =
    fetcher.state !== "idle"
      ? null
      : (fetcher.data?.status ??
        (STATUSES.includes(fromUrl as NewsletterStatus) ? (fromUrl as NewsletterStatus) : null));

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.status === "ok") form.current?.reset();
  }, [fetcher.state, fetcher.data]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    data.set("via", "fetcher");
    void fetcher.submit(data, { method: "post", action });
  };

  const message =
    status === "ok"
      ? t("newsletter.ok")
      : status === "invalid"
        ? t("newsletter.invalid")
        : status === "limited"
          ? t("newsletter.limited")
          : status === "error"
            ? t("error.generic")
            : "";

  return (
    <section id="newsletter" aria-labelledby="newsletter-heading" className="sm:col-span-2">
      <h2 id="newsletter-heading" className="font-semibold">
        {t("newsletter.heading")}
      </h2>
      <p className="mt-2 text-sm">{t("newsletter.intro")}</p>
      <Form ref={form} method="post" action={action} noValidate onSubmit={onSubmit} className="mt-3">
        <label htmlFor="newsletter-email" className="block text-sm font-medium">
          {t("newsletter.email")}
        </label>
        <div className="mt-1 flex">
          <input
            id="newsletter-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            aria-invalid={status === "invalid" ? true : undefined}
            aria-describedby="newsletter-message"
            className="w-full min-w-0 rounded-l border border-stone-400 px-3 py-2"
          />
          <button
            type="submit"
            className="shrink-0 rounded-r bg-brand-ink px-3 py-2 text-sm font-medium text-white"
          >
            {t("newsletter.submit")}
          </button>
        </div>
        <p
          id="newsletter-message"
          role="status"
          className={`mt-2 min-h-5 text-sm ${status === "ok" ? "text-green-800" : "text-red-800"}`}
          data-status={status ?? undefined}
        >
          {message}
        </p>
        <LoadingIndicator busy={fetcher.state !== "idle"} label={t("loading.label")} />
      </Form>
    </section>
  );
}

export function SiteFooter() {
  const root = useRoot();
  const t = useT();
  const { footerService, footerAbout } = root.menus;
  return (
    <footer className="mili-later mt-12 border-t border-stone-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-service">
          <h2 id="footer-service" className="font-semibold">
            {t("footer.customerService")}
          </h2>
          <p className="mt-2 text-sm">{t("footer.openingHours")}</p>
          {footerService ? <FooterMenu menu={footerService} /> : null}
          {root.consent ? (
            // Shows the consent banner again (app/app.css: the banner is shown while it is the target).
            <a href="#consent" className="mt-1 inline-block text-sm hover:underline">
              {root.consent.link}
            </a>
          ) : null}
        </section>
        {footerAbout ? (
          <section aria-labelledby="footer-about">
            <h2 id="footer-about" className="font-semibold">
              {footerAbout.name}
            </h2>
            <FooterMenu menu={footerAbout} />
          </section>
        ) : null}
        <Newsletter />
      </div>
    </footer>
  );
}

function FooterMenu({
  menu,
}: {
  menu: { name: string; items: { id: string | number; label: string; url: string }[] };
}) {
  const root = useRoot();
  return (
    <nav aria-label={menu.name}>
      <ul className="mt-3 space-y-1 text-sm">
        {menu.items.map((item) => (
          <li key={item.id}>
            <Link to={href(root.locale, item.url)} className="hover:underline">
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
