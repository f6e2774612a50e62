import type { Route } from "./+types/customer-export";
import { adminRequest } from "./api.server.ts";

/**
 * POST /admin/customers/:customerId/export: the GDPR access export as a JSON download (decision 0053). A POST
 * (a form's), because the export is recorded in the audit log; the API checks the permission.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const customerId = Number(params.customerId);
  if (!Number.isSafeInteger(customerId) || customerId < 1 || customerId > 2 ** 31 - 1)
    throw new Response("Not found", { status: 404 });
  const answer = await adminRequest<{ exportCustomer: string }>(
    request,
    context,
    "mutation($id: Int!) { exportCustomer(customerId: $id) }",
    { id: customerId },
  );
  if (answer.error === "UNAUTHENTICATED")
    return new Response(null, { status: 303, headers: { location: "/admin/sign-in" } });
  if (answer.error === "FORBIDDEN") throw new Response("Forbidden", { status: 403 });
  if (!answer.data) throw new Response("Not found", { status: 404 });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(answer.data.exportCustomer, {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="customer-${customerId}-${day}.json"`,
      "cache-control": "private, no-store",
    },
  });
}

export async function loader() {
  throw new Response("Method not allowed", { status: 405, headers: { allow: "POST" } });
}
