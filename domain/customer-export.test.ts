import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nameStaff, nameStaffIn } from "./customer-export.ts";

const own = new Set(["kari@example.no"]);
const roles = new Map([
  ["owner@mili.example", "owner"],
  ["støtte@mili.example", "support"],
  ["lager@mili.example", "staff"],
]);

describe("nameStaff", () => {
  it("names staff by role (or 'staff'), keeps the customer's own address and text without addresses", () => {
    expect(nameStaff("back office: owner@mili.example", own, roles)).toBe("back office: staff (owner)");
    expect(nameStaff("refund 12: Owner@Mili.Example.", own, roles)).toBe("refund 12: staff (owner).");
    expect(nameStaff("by støtte@mili.example", own, roles)).toBe("by staff (support)");
    expect(nameStaff("gone.admin@mili.example", own, roles)).toBe("staff");
    expect(nameStaff("lager@mili.example", own, roles)).toBe("staff");
    expect(nameStaff("sent to kari@example.no", own, roles)).toBe("sent to kari@example.no");
    expect(nameStaff("Customer asked to cancel", own, roles)).toBe("Customer asked to cancel");
    expect(nameStaffIn(null, own, roles)).toBeNull();
  });

  const local = fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,10}$/);
  const domain = fc.stringMatching(/^[a-z0-9]{1,8}\.(no|se|example)$/);
  const address = fc.tuple(local, domain).map(([l, d]) => `${l}@${d}`);
  const filler = fc.constantFrom(" ", ": ", ", ", " by ", "refund 3: ", " (", ") ", ". ", "\n");

  it("leaves no address but the customer's own, whatever the text around it", () => {
    fc.assert(
      fc.property(
        address,
        fc.array(address, { maxLength: 3 }),
        fc.array(fc.tuple(filler, fc.boolean(), fc.nat({ max: 2 })), { maxLength: 6 }),
        fc.constantFrom("owner", "staff", "support"),
        (customer, staff, parts, role) => {
          const staffOnly = staff.filter((s) => s !== customer);
          fc.pre(staffOnly.length > 0);
          const text = parts
            .map(([f, mine, i]) => `${f}${mine ? customer : (staffOnly[i % staffOnly.length] as string)} `)
            .join("");
          const out = nameStaff(text, new Set([customer]), new Map(staffOnly.map((s) => [s, role])));
          const found = out.match(/[^\s@():,]+@[^\s@():,]+/g) ?? [];
          for (const a of found) expect(a.replace(/\.$/, "")).toBe(customer);
          expect(found.length).toBe(parts.filter(([, mine]) => mine).length);
          // Idempotent: a named export names nothing more.
          expect(nameStaff(out, new Set([customer]))).toBe(out);
        },
      ),
    );
  });

  it("changes no text without an @", () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes("@")),
        (s) => {
          expect(nameStaff(s, own, roles)).toBe(s);
        },
      ),
    );
  });
});
