import type { Database } from "#db/client.ts";
import { changesSince } from "./audit.ts";

/** What a back-office change answers when it refuses: its code, and by code what the form shows. */
export interface Refusal {
  ok: false;
  refusal: string;
}

/**
 * A refusal thrown inside a back-office change's transaction (decision 0045): the transaction rolls back, nothing is
 * written, and the change answers `result`.
 */
export class Refused<R extends Refusal = Refusal> extends Error {
  readonly result: R;
  constructor(result: R) {
    super(result.refusal);
    this.result = result;
  }
}

/**
 * Runs `work` in one transaction; a Refused thrown inside answers its refusal. `otherwise` may answer another error
 * as a refusal (a unique index refusing the second of two admins saving at once); anything else is thrown.
 */
export async function refusable<R extends { ok: boolean }>(
  db: Database,
  work: (tx: Database) => Promise<R>,
  otherwise?: (error: unknown) => R | undefined,
): Promise<R> {
  try {
    return await db.transaction(async (tx) => work(tx as unknown as Database));
  } catch (error) {
    if (error instanceof Refused) return error.result as unknown as R;
    const answer = otherwise?.(error);
    if (answer) return answer;
    throw error;
  }
}

/**
 * Refuses a change made from a form that read an older version (optimistic versions, decision 0045): the answer
 * carries the current version and what was changed since, from the audit log.
 */
export async function refuseStale(
  t: Database,
  entity: string,
  id: string | number,
  current: number,
  version: number,
): Promise<void> {
  if (current !== version)
    throw new Refused({
      ok: false,
      refusal: "stale",
      version: current,
      changes: await changesSince(t, entity, id, version),
    });
}
