import type { Lang } from "../lib/locale.ts";
import { useRoot } from "../lib/use-root.ts";
import { type ListedProduct, ProductGrid } from "./product-grid.tsx";

export interface WidgetData {
  id: string;
  type: string;
  configuration: string;
  /** Products a productList widget shows (loaded by the route). */
  products?: ListedProduct[];
}

type Texts = Record<string, string>;

function text(value: unknown, languageId: string): string | undefined {
  if (!value || typeof value !== "object") return undefined;
  return (value as Texts)[languageId];
}

/** Renders content widgets: text, banner and product lists; texts in the page's language. */
export function Widgets({ widgets, lang }: { widgets: WidgetData[]; lang: Lang }) {
  const root = useRoot();
  const languageId = root.locale.languageId;
  return (
    <div className="space-y-8" data-lang={lang}>
      {widgets.map((w) => {
        const config = JSON.parse(w.configuration) as Record<string, unknown>;
        if (w.type === "text") {
          return (
            <div key={w.id} className="max-w-prose space-y-3">
              {(text(config.text, languageId) ?? "").split(/\n{2,}/).map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          );
        }
        if (w.type === "banner") {
          return (
            <section key={w.id} className="rounded-lg bg-brand-ink p-6 text-white">
              <h2 className="text-2xl font-bold">{text(config.title, languageId)}</h2>
              <p className="mt-2">{text(config.text, languageId)}</p>
            </section>
          );
        }
        if (w.type === "productList") {
          return (
            <section key={w.id}>
              <h2 className="text-xl font-semibold">{text(config.title, languageId)}</h2>
              <ProductGrid products={w.products ?? []} />
            </section>
          );
        }
        return null;
      })}
    </div>
  );
}
