import { formatDate } from "#domain/format.ts";
import { type Stock, stockStatus } from "#domain/stock.ts";
import type { Translate } from "../../i18n/index.ts";

/** At most this many units on the shelf shows "only N left". */
export const FEW_LEFT = 5;

const TONE = {
  inStock: "bg-green-700",
  fewLeft: "bg-amber-600",
  outOfStock: "bg-red-700",
  backorder: "bg-amber-600",
  static: "bg-green-700",
} as const;

/** The text of a stock status, with the expected restock date when the item is out of stock and one is known. */
export function stockText(stock: Stock, t: Translate, languageId: string): string {
  const status = stockStatus(stock, FEW_LEFT);
  switch (status.kind) {
    case "inStock":
      return t("stock.inStock");
    case "fewLeft":
      return t("stock.fewLeft", { quantity: status.quantity });
    case "backorder":
      return t("stock.backorder");
    case "static":
      return t("stock.static");
    case "outOfStock":
      return stock.incoming
        ? `${t("stock.outOfStock")}. ${t("stock.incoming", { date: formatDate(stock.incoming, languageId, { style: "long" }) })}`
        : t("stock.outOfStock");
  }
}

/** A stock status line: a coloured dot (decorative) and the text; `prefix` says what it is about. */
export function StockLine({
  stock,
  t,
  languageId,
  prefix,
}: {
  stock: Stock;
  t: Translate;
  languageId: string;
  prefix?: string;
}) {
  const status = stockStatus(stock, FEW_LEFT);
  return (
    <p className="flex items-center gap-2 text-sm" data-stock={status.kind}>
      <span aria-hidden="true" className={`inline-block size-2.5 rounded-full ${TONE[status.kind]}`} />
      <span>
        {prefix ? `${prefix} ` : null}
        {stockText(stock, t, languageId)}
      </span>
    </p>
  );
}
