/**
 * /checkout/confirm: the order confirmation, for an order id in the query. Orders come with the checkout issue;
 * until then no order can be confirmed, so the page is not found (status 404).
 */
export function loader() {
  throw new Response(null, { status: 404, statusText: "Not Found" });
}

export default function CheckoutConfirm() {
  return null;
}
