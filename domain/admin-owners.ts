import type { AdminRole } from "./admin-permissions.ts";

/**
 * The back office always keeps an owner (issue 15, decision 0053): a change of admin users that leaves no active
 * owner is refused — an owner's demotion or deactivation, their own included, while no other active owner remains.
 */
export interface AdminSeat {
  id: number;
  role: AdminRole;
  active: boolean;
}

export type AdminUserChange =
  | { kind: "role"; id: number; role: AdminRole }
  | { kind: "deactivate"; id: number };

/** The admin users after a change (pure: the list is not touched). */
export function applyAdminChange(seats: readonly AdminSeat[], change: AdminUserChange): AdminSeat[] {
  return seats.map((s) =>
    s.id !== change.id ? s : change.kind === "role" ? { ...s, role: change.role } : { ...s, active: false },
  );
}

export const activeOwners = (seats: readonly AdminSeat[]) =>
  seats.filter((s) => s.active && s.role === "owner").length;

/** Whether the change would leave the back office without an active owner (when it had one). */
export function leavesNoOwner(seats: readonly AdminSeat[], change: AdminUserChange): boolean {
  return activeOwners(seats) > 0 && activeOwners(applyAdminChange(seats, change)) === 0;
}
