import { formatDate } from "#domain/format.ts";
import type { WithdrawalActionData, WithdrawalView } from "../components/order/withdrawal.tsx";
import { strictly } from "./auth.server.ts";
import { GetOrderPublicQuery, WithdrawFromOrderMutation } from "./graphql/order-operations.ts";
import type { requestClient } from "./graphql/server.ts";

/**
 * The server side of the withdrawal function (components/order/withdrawal.tsx), shared by the order page and the
 * account's orders: the first step only answers "confirm"; the second calls withdrawFromOrder. Dates are formatted
 * here, so the formatting code stays out of the browser's bundles.
 */
export function withdrawalView(
  w: { possible: boolean; lastDay?: string | null; refusal?: string | null; withdrawnAt?: string | null },
  languageId: string,
): WithdrawalView {
  return {
    possible: w.possible,
    lastDay: w.lastDay ? formatDate(`${w.lastDay}T12:00:00Z`, languageId, { style: "long" }) : null,
    refusal: w.refusal ?? null,
    withdrawnAt: w.withdrawnAt ? formatDate(w.withdrawnAt, languageId, { style: "long" }) : null,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The withdrawal's two steps as a form action; null when the form is not a withdrawal's. */
export async function withdrawalAction(
  client: ReturnType<typeof requestClient>["client"],
  rc: ReturnType<typeof requestClient>["rc"],
  form: FormData,
): Promise<WithdrawalActionData | null> {
  const intent = String(form.get("intent") ?? "");
  const publicId = String(form.get("publicId") ?? "").trim();
  if (intent !== "withdraw-start" && intent !== "withdraw") return null;
  if (!UUID.test(publicId)) throw new Response("Bad order id", { status: 400 });
  if (intent === "withdraw-start") return { intent, publicId };
  try {
    await strictly(client.request(WithdrawFromOrderMutation, { publicOrderId: publicId }));
    return { intent: "withdrawn", publicId };
  } catch (error) {
    // The withdrawal is recorded (and its e-mail queued) before the order is cancelled: when a later step failed,
    // the shopper has withdrawn all the same and gets the receipt; the failure is the shop's to follow up.
    const recorded = await client
      .request(GetOrderPublicQuery, { publicOrderId: publicId })
      .then((r) => Boolean(r.data.getOrderPublic?.withdrawal.withdrawnAt))
      .catch(() => false);
    rc.log(
      recorded ? "error" : "warn",
      recorded ? "withdrawal recorded, a later step failed" : "withdrawal not recorded",
      {
        error: String(error),
      },
    );
    return { intent: recorded ? "withdrawn" : "withdraw-failed", publicId };
  }
}
