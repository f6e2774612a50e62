import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/customer";
import { adminRequest } from "./api.server.ts";
import { CustomerPrivacy, CustomerSessions, type Session } from "./customer-privacy.tsx";
import { type AdminTextKey, errorText } from "./texts.ts";
import { Money, Notice, primary, table, td, th, useAdminT, When } from "./ui.tsx";

/**
 * /admin/customers/:customerId: the customer, their orders and balance; "shop as" (issue 15 "Customers"); their
 * sessions (end one or all), the GDPR export (a download, /admin/customers/:id/export) and the two-step erasure
 * (`?erase=1` asks for the e-mail; decision 0053).
 */
interface Detail {
  customer: {
    customerId: number;
    email: string;
    name: string;
    phone: string | null;
    customerType: string;
    blocked: boolean;
    createdAt: string;
  };
  orders: {
    orderId: number;
    orderNumber: string | null;
    status: string;
    currencyCode: string;
    totalMinor: number;
    createdAt: string;
  }[];
  balances: { currencyCode: string; amountMinor: number }[];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const customerId = Number(params.customerId);
  if (!Number.isSafeInteger(customerId) || customerId < 1 || customerId > 2 ** 31 - 1)
    throw new Response("Not found", { status: 404 });
  const answer = await adminRequest<{ customer: Detail | null; customerSessions: Session[] | null }>(
    request,
    context,
    `query($id: Int!) { customer(customerId: $id) {
      customer { customerId email name phone customerType blocked createdAt }
      orders { orderId orderNumber status currencyCode totalMinor createdAt }
      balances { currencyCode amountMinor } }
      customerSessions(customerId: $id) { sessionId startedAt lastUsedAt userAgent actor } }`,
    { id: customerId },
  );
  if (!answer.data?.customer) throw new Response("Not found", { status: 404 });
  const erase = new URL(request.url).searchParams.get("erase") === "1";
  return { detail: answer.data.customer, sessions: answer.data.customerSessions ?? [], erase };
}

type ActionAnswer = {
  intent: string;
  error: string | null;
  link?: string | null;
  ended?: number | null;
  openOrders?: string[];
};

export async function action({ request, context, params }: Route.ActionArgs): Promise<ActionAnswer> {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "shopAs");
  const id = Number(params.customerId);
  if (intent === "endSession" || intent === "endAll") {
    const answer = await adminRequest<{ endCustomerSessions: number }>(
      request,
      context,
      "mutation($id: Int!, $s: String) { endCustomerSessions(customerId: $id, sessionId: $s) }",
      { id, s: intent === "endSession" ? String(form.get("sessionId") ?? "") : null },
    );
    return { intent, error: answer.error, ended: answer.data?.endCustomerSessions ?? null };
  }
  if (intent === "erase") {
    const typed = String(form.get("email") ?? "")
      .trim()
      .toLowerCase();
    const expected = String(form.get("expected") ?? "").toLowerCase();
    if (!typed || typed !== expected) return { intent, error: "mismatch" };
    const answer = await adminRequest<{ eraseCustomer: boolean }>(
      request,
      context,
      "mutation($id: Int!, $c: Int!) { eraseCustomer(customerId: $id, confirm: $c) }",
      { id, c: id },
    );
    if (answer.data) throw redirect("/admin/customers?erased=1");
    const orders = answer.errorExtensions?.orders;
    return { intent, error: answer.error, openOrders: Array.isArray(orders) ? orders.map(String) : [] };
  }
  const answer = await adminRequest<{ shopAsCustomer: { url: string } }>(
    request,
    context,
    "mutation($id: Int!) { shopAsCustomer(customerId: $id) { url } }",
    { id: Number(params.customerId) },
  );
  const url = answer.data?.shopAsCustomer.url;
  // The link opens the storefront on this server, whatever PUBLIC_URL says the host is.
  return {
    intent,
    error: answer.error,
    link: url ? `${new URL(url).pathname}${new URL(url).search}` : null,
  };
}

export function meta() {
  return [{ title: "Mili · Customer" }];
}

export default function Customer({ loaderData, actionData }: Route.ComponentProps) {
  const { t, lang } = useAdminT();
  const { customer, orders, balances } = loaderData.detail;
  const answer = (actionData ?? null) as ActionAnswer | null;
  const shopAs = answer?.intent === "shopAs" ? answer : null;
  return (
    <>
      <p className="mb-2">
        <Link to="/admin/customers" className="underline">
          {t("customer.back")}
        </Link>
      </p>
      <h1 className="mb-4 text-2xl font-bold">{t("customer.title", { email: customer.email })}</h1>
      <dl className="mb-6 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
        <dt className="font-medium">{t("customers.name")}</dt>
        <dd>{customer.name || "–"}</dd>
        <dt className="font-medium">{t("customers.type")}</dt>
        <dd>
          {customer.customerType}
          {customer.blocked ? ` (${t("customer.blocked")})` : ""}
        </dd>
        <dt className="font-medium">{t("customers.since")}</dt>
        <dd>
          <When iso={customer.createdAt} lang={lang} />
        </dd>
        <dt className="font-medium">{t("customer.balance")}</dt>
        <dd>
          {balances.length === 0
            ? "–"
            : balances.map((b) => (
                <span key={b.currencyCode} className="mr-3">
                  <Money minor={b.amountMinor} currency={b.currencyCode} lang={lang} />
                </span>
              ))}
        </dd>
      </dl>
      <section
        aria-labelledby="shop-as-heading"
        className="mb-6 rounded border border-stone-300 bg-white p-4"
      >
        <h2 id="shop-as-heading" className="mb-1 text-xl font-semibold">
          {t("customer.shopAs")}
        </h2>
        <p className="mb-2 text-sm">{t("customer.shopAsHelp")}</p>
        {shopAs?.error && <Notice kind="error">{errorText(t, shopAs.error)}</Notice>}
        {shopAs?.link ? (
          <p role="status">
            <a href={shopAs.link} target="_blank" rel="noopener" className="font-semibold underline">
              {t("customer.shopAsLink", { email: customer.email })}
            </a>
          </p>
        ) : (
          <Form method="post">
            <button type="submit" name="intent" value="shopAs" className={primary}>
              {t("customer.shopAs")}
            </button>
          </Form>
        )}
      </section>
      <section aria-labelledby="orders-heading">
        <h2 id="orders-heading" className="mb-2 text-xl font-semibold">
          {t("customer.orders")}
        </h2>
        {orders.length === 0 ? (
          <p>{t("customer.noOrders")}</p>
        ) : (
          <table className={table}>
            <thead>
              <tr>
                <th className={th}>{t("orders.number")}</th>
                <th className={th}>{t("orders.date")}</th>
                <th className={th}>{t("orders.status")}</th>
                <th className={`${th} text-right`}>{t("orders.total")}</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <tr key={o.orderId}>
                  <td className={td}>
                    <Link to={`/admin/orders/${o.orderId}`} className="underline">
                      {o.orderNumber ?? `#${o.orderId}`}
                    </Link>
                  </td>
                  <td className={td}>
                    <When iso={o.createdAt} lang={lang} />
                  </td>
                  <td className={td}>{t(`status.${o.status}` as AdminTextKey)}</td>
                  <td className={`${td} text-right`}>
                    <Money minor={o.totalMinor} currency={o.currencyCode} lang={lang} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <CustomerSessions sessions={loaderData.sessions} answer={answer} />
      <CustomerPrivacy
        customerId={customer.customerId}
        email={customer.email}
        confirming={loaderData.erase}
        answer={answer}
      />
    </>
  );
}
