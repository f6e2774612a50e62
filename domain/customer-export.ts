/**
 * The GDPR access export's rule about staff (issue 15, decision 0053, amended): the export holds the customer's own
 * data, not the shop's staff. A text the staff wrote or that names who acted (a status change's reason, a refund's
 * reason and actor, a balance entry's reason, who signed in as the customer) names the staff member by role —
 * "staff (owner)" — or "staff" when the role is not known, never by e-mail address. The customer's own addresses
 * stay as they are.
 */

/** An e-mail address inside a text (letters of any script; a full stop after the domain is not part of it). */
const EMAIL = /[\p{L}\p{N}._%+'-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*/gu;

/** The word a staff member is named by in the export. */
export const STAFF_LABEL = "staff";

/**
 * The text with every e-mail address that is not one of the customer's own (`own`, lower-cased) replaced by the
 * staff label: `staff (role)` when `roles` (staff addresses, lower-cased, to their role) knows it (the role "staff" is just
 * `staff`), else `staff`.
 */
export function nameStaff(
  text: string,
  own: ReadonlySet<string>,
  roles: ReadonlyMap<string, string> = new Map(),
): string {
  return text.replace(EMAIL, (address) => {
    const key = address.toLowerCase();
    if (own.has(key)) return address;
    const role = roles.get(key);
    return role && role !== STAFF_LABEL ? `${STAFF_LABEL} (${role})` : STAFF_LABEL;
  });
}

/** Like {@link nameStaff}, for a column that may be empty. */
export function nameStaffIn(
  text: string | null,
  own: ReadonlySet<string>,
  roles?: ReadonlyMap<string, string>,
): string | null {
  return text == null ? null : nameStaff(text, own, roles);
}
