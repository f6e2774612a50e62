import type { MessageKey } from "../i18n/index.ts";
import { href } from "../lib/page-locale.ts";
import { useRoot, useT } from "../lib/use-root.ts";

/** An account page: its heading and, for a visitor who is not signed in, the way to sign in. */
export function AccountPage({ heading, intro }: { heading: MessageKey; intro: MessageKey }) {
  const root = useRoot();
  const t = useT();
  return (
    <main id="main">
      <h1 className="text-3xl font-bold" tabIndex={-1}>
        {t(heading)}
      </h1>
      <p className="mt-2 text-stone-700">{t(intro)}</p>
      <p className="mt-4">
        <a className="underline" href={`${href(root.locale, "/")}?action=login`}>
          {t("account.signIn")}
        </a>
      </p>
    </main>
  );
}
