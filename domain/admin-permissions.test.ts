import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ADMIN_ACTIONS, ADMIN_ROLES, adminMay } from "./admin-permissions.ts";

const role = fc.constantFrom(...ADMIN_ROLES);
const action = fc.constantFrom(...ADMIN_ACTIONS);

describe("adminMay", () => {
  it("the owner may do everything", () => {
    fc.assert(fc.property(action, (a) => adminMay("owner", a)));
  });
  it("roles are nested: what support may, staff may; what staff may, the owner may", () => {
    fc.assert(
      fc.property(
        action,
        (a) =>
          (!adminMay("support", a) || adminMay("staff", a)) &&
          (!adminMay("staff", a) || adminMay("owner", a)),
      ),
    );
  });
  it("an unknown role may do nothing", () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !(ADMIN_ROLES as readonly string[]).includes(s)),
        action,
        (r, a) => !adminMay(r, a),
      ),
    );
  });
  it("only the owner manages admin users and reads the audit log; support moves no order", () => {
    fc.assert(
      fc.property(role, (r) => {
        expect(adminMay(r, "admin.manage")).toBe(r === "owner");
        expect(adminMay(r, "audit.read")).toBe(r === "owner");
        expect(adminMay(r, "order.status")).toBe(r !== "support");
        expect(adminMay(r, "order.refund")).toBe(r !== "support");
        expect(adminMay(r, "order.email")).toBe(true);
        expect(adminMay(r, "catalog.edit")).toBe(r !== "support");
        expect(adminMay(r, "catalog.read")).toBe(true);
        expect(adminMay(r, "sales.read")).toBe(r !== "support");
        expect(adminMay(r, "settings.read")).toBe(r !== "support");
        expect(adminMay(r, "settings.edit")).toBe(r === "owner");
        for (const a of ["campaigns.edit", "giftCards.edit"] as const)
          expect(adminMay(r, a)).toBe(r !== "support");
        for (const a of ["campaigns.read", "giftCards.read"] as const) expect(adminMay(r, a)).toBe(true);
        expect(adminMay(r, "content.read")).toBe(true);
        expect(adminMay(r, "content.edit")).toBe(r !== "support");
      }),
    );
  });
  it("every role may moderate, read customers and shop as one", () => {
    fc.assert(
      fc.property(
        role,
        fc.constantFrom("review.moderate", "question.answer", "customer.read", "customer.shopAs" as const),
        (r, a) => adminMay(r, a),
      ),
    );
  });
});
