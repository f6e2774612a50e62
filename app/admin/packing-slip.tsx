import { Link } from "react-router";
import type { Route } from "./+types/packing-slip";
import { adminRequest } from "./api.server.ts";
import { PrintButton } from "./print-button.tsx";
import { table, td, th, useAdminT, When } from "./ui.tsx";

/**
 * /admin/orders/:orderId/packing-slip (decision 0050): what goes in the parcel, to print — order number and date,
 * delivery address (or pickup point), shipping method, each line's article number, SKU and the quantity still to
 * pack (refunded, returned units taken off; a fully refunded line left out); no prices.
 * The back office's header is hidden in print (app/admin/layout.tsx `print:hidden`).
 */
interface Slip {
  order: { orderId: number; orderNumber: string | null; createdAt: string; name: string };
  phone: string | null;
  shippingMethod: string | null;
  pickupPoint: string | null;
  deliveryAddress: {
    name: string;
    company: string | null;
    careOf: string | null;
    addressLine1: string | null;
    addressLine2: string | null;
    zip: string | null;
    city: string | null;
    country: string | null;
  };
  lines: {
    lineId: number;
    articleNumber: string;
    name: string;
    skuName: string | null;
    skuId: number | null;
    packQuantity: number;
  }[];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const orderId = Number(params.orderId);
  if (!Number.isSafeInteger(orderId) || orderId < 1 || orderId > 2 ** 31 - 1)
    throw new Response("Not found", { status: 404 });
  const answer = await adminRequest<{ order: Slip | null }>(
    request,
    context,
    `query($id: Int!) { order(orderId: $id) {
      order { orderId orderNumber createdAt name }
      phone shippingMethod pickupPoint
      deliveryAddress { name company careOf addressLine1 addressLine2 zip city country }
      lines { lineId articleNumber name skuName skuId packQuantity } } }`,
    { id: orderId },
  );
  if (!answer.data?.order) throw new Response("Not found", { status: 404 });
  return { slip: answer.data.order };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Mili · ${loaderData?.slip.order.orderNumber ?? "Packing slip"}` }];
}

export default function PackingSlip({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useAdminT();
  const { slip } = loaderData;
  const a = slip.deliveryAddress;
  const number = slip.order.orderNumber ?? `#${slip.order.orderId}`;
  const lines = slip.lines.filter((l) => l.packQuantity > 0);
  return (
    <article className="bg-white p-4 print:p-0">
      <p className="mb-4 flex flex-wrap gap-4 print:hidden">
        <Link to={`/admin/orders/${slip.order.orderId}`} className="underline">
          {t("slip.back")}
        </Link>
        <PrintButton label={t("slip.print")} />
      </p>
      <h1 className="mb-4 text-2xl font-bold">{t("slip.title", { number })}</h1>
      <dl className="mb-6 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
        <dt className="font-medium">{t("slip.date")}</dt>
        <dd>
          <When iso={slip.order.createdAt} lang={lang} />
        </dd>
        <dt className="font-medium">{t("slip.shipping")}</dt>
        <dd>{slip.shippingMethod ?? "–"}</dd>
        {slip.pickupPoint && (
          <>
            <dt className="font-medium">{t("slip.pickupPoint")}</dt>
            <dd>{slip.pickupPoint}</dd>
          </>
        )}
      </dl>
      <section aria-labelledby="deliver-heading" className="mb-6">
        <h2 id="deliver-heading" className="mb-1 text-lg font-semibold">
          {t("slip.deliverTo")}
        </h2>
        <address className="not-italic" data-delivery-address>
          {[
            a.name || slip.order.name,
            a.company,
            a.careOf ? `c/o ${a.careOf}` : null,
            a.addressLine1,
            a.addressLine2,
            [a.zip, a.city].filter(Boolean).join(" "),
            a.country,
            slip.phone,
          ]
            .filter((x): x is string => Boolean(x))
            .map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
        </address>
      </section>
      <table className={table}>
        <thead>
          <tr>
            <th className={th}>{t("slip.article")}</th>
            <th className={th}>{t("slip.sku")}</th>
            <th className={th}>{t("slip.product")}</th>
            <th className={`${th} text-right`}>{t("slip.quantity")}</th>
          </tr>
        </thead>
        <tbody>
          {lines.length === 0 && (
            <tr>
              <td className={td} colSpan={4}>
                {t("slip.nothing")}
              </td>
            </tr>
          )}
          {lines.map((l) => (
            <tr key={l.lineId}>
              <td className={td}>{l.articleNumber}</td>
              <td className={td}>{l.skuId ?? "–"}</td>
              <td className={td}>
                {l.name}
                {l.skuName ? ` (${l.skuName})` : ""}
              </td>
              <td className={`${td} text-right`}>{l.packQuantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}
