import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AdminSeat,
  type AdminUserChange,
  activeOwners,
  applyAdminChange,
  leavesNoOwner,
} from "./admin-owners.ts";
import { ADMIN_ROLES } from "./admin-permissions.ts";

const seats = fc
  .array(fc.record({ role: fc.constantFrom(...ADMIN_ROLES), active: fc.boolean() }), { maxLength: 8 })
  .map((list) => list.map((s, i): AdminSeat => ({ ...s, id: i + 1 })));
const change = (n: number): fc.Arbitrary<AdminUserChange> =>
  fc.oneof(
    fc.record({
      kind: fc.constant("role" as const),
      id: fc.integer({ min: 1, max: Math.max(1, n) }),
      role: fc.constantFrom(...ADMIN_ROLES),
    }),
    fc.record({ kind: fc.constant("deactivate" as const), id: fc.integer({ min: 1, max: Math.max(1, n) }) }),
  );
const withChange = seats.chain((s) => fc.tuple(fc.constant(s), change(s.length)));

describe("leavesNoOwner", () => {
  it("an allowed change always leaves an active owner when there was one", () => {
    fc.assert(
      fc.property(
        withChange,
        ([s, c]) => leavesNoOwner(s, c) || activeOwners(s) === 0 || activeOwners(applyAdminChange(s, c)) > 0,
      ),
    );
  });
  it("with two active owners or more, any one change is allowed", () => {
    fc.assert(fc.property(withChange, ([s, c]) => activeOwners(s) < 2 || !leavesNoOwner(s, c)));
  });
  it("changes of non-owners are never refused", () => {
    fc.assert(
      fc.property(withChange, ([s, c]) => {
        const target = s.find((x) => x.id === c.id);
        return (target?.role === "owner" && target.active) || !leavesNoOwner(s, c);
      }),
    );
  });
  it("the last owner may not demote or deactivate themselves", () => {
    const one: AdminSeat[] = [
      { id: 1, role: "owner", active: true },
      { id: 2, role: "staff", active: true },
      { id: 3, role: "owner", active: false },
    ];
    expect(leavesNoOwner(one, { kind: "role", id: 1, role: "staff" })).toBe(true);
    expect(leavesNoOwner(one, { kind: "deactivate", id: 1 })).toBe(true);
    expect(leavesNoOwner(one, { kind: "role", id: 1, role: "owner" })).toBe(false);
    expect(leavesNoOwner(one, { kind: "deactivate", id: 2 })).toBe(false);
  });
});
