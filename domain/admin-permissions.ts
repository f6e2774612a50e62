/**
 * What each back-office role may do (issue 15, decision 0037): one table, one pure function. The owner may do
 * everything; staff run the shop day to day (orders, customers, moderation) but do not manage admin users or read
 * the audit log; support answers customers (reads orders and customers, moderates, shops as a customer) but moves
 * no order and so no money. The catalog (decision 0043), campaigns with promo codes, and gift cards (decision 0045):
 * every role reads them; owner and staff change them. The sales figures of the dashboard (decision 0048): owner and
 * staff. A customer's data (decision 0053): every role ends a customer's sessions (a stolen account); owner and staff
 * export it (GDPR access); only the owner erases an account (GDPR erasure: it cannot be undone). Orders (decision 0050): every role reads them and resends their e-mails (`order.email`, support answers
 * the customer who lost one); owner and staff move them (`order.status`: ship and capture, cancel, mark a
 * withdrawal's goods received) and refund them (`order.refund`). Content pages, widgets and menus (decision 0058):
 * every role reads them (`content.read`); owner and staff change them (`content.edit`). The shop's settings (decisions 0059, 0062: markets, currencies, VAT
 * rates, shipping options, payment methods per market, theme colours): owner and staff read them (`settings.read`); only the owner changes them
 * (`settings.edit`: they move every price, fee and page of the shop).
 */
export const ADMIN_ROLES = ["owner", "staff", "support"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const ADMIN_ACTIONS = [
  "moderation.read",
  "review.moderate",
  "question.answer",
  "question.reject",
  "order.read",
  "order.status",
  "order.refund",
  "order.email",
  "customer.read",
  "customer.shopAs",
  "customer.sessions",
  "customer.export",
  "customer.erase",
  "catalog.read",
  "catalog.edit",
  "campaigns.read",
  "campaigns.edit",
  "giftCards.read",
  "giftCards.edit",
  "audit.read",
  "admin.manage",
  "sales.read",
  "content.read",
  "content.edit",
  "settings.read",
  "settings.edit",
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

const SUPPORT: readonly AdminAction[] = [
  "moderation.read",
  "review.moderate",
  "question.answer",
  "question.reject",
  "order.read",
  "order.email",
  "customer.read",
  "customer.shopAs",
  "customer.sessions",
  "catalog.read",
  "campaigns.read",
  "giftCards.read",
  "content.read",
];
const STAFF: readonly AdminAction[] = [
  ...SUPPORT,
  "order.status",
  "customer.export",
  "order.refund",
  "catalog.edit",
  "campaigns.edit",
  "giftCards.edit",
  "sales.read",
  "content.edit",
  "settings.read",
];

const GRANTS: Readonly<Record<AdminRole, ReadonlySet<AdminAction>>> = {
  owner: new Set(ADMIN_ACTIONS),
  staff: new Set(STAFF),
  support: new Set(SUPPORT),
};

export function isAdminRole(value: string): value is AdminRole {
  return (ADMIN_ROLES as readonly string[]).includes(value);
}

/** Whether a role may do an action. An unknown role may do nothing. */
export function adminMay(role: string, action: AdminAction): boolean {
  return isAdminRole(role) && GRANTS[role].has(action);
}

/**
 * Why an admin may not do an action, or null when they may: no session, the owner's two-step requirement not met
 * (only where two-step sign-in is available), or a role without the action. One rule for the admin API's fields and
 * the back office's plain routes (the CSV download and upload).
 */
export function adminRefusal(
  admin: { role: string; mustSetUpTwoStep?: boolean } | null,
  action: AdminAction,
  twoStepAvailable: boolean,
): "UNAUTHENTICATED" | "TWO_STEP_REQUIRED" | "FORBIDDEN" | null {
  if (!admin) return "UNAUTHENTICATED";
  if (admin.mustSetUpTwoStep && twoStepAvailable) return "TWO_STEP_REQUIRED";
  if (!adminMay(admin.role, action)) return "FORBIDDEN";
  return null;
}
