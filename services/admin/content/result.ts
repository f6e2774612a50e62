import type { Database } from "#db/client.ts";
import type { ContentProblem } from "#domain/content-edit.ts";
import type { RecordedChange } from "../audit.ts";

/**
 * What a back-office change of content answers (decision 0058), as campaigns do (decision 0045): saved with the
 * thing's id and new version, or refused — invalid (every problem by field), not found, or stale (someone saved
 * since the form's version: the current version and what they changed) — with nothing written.
 */
export type ContentResult =
  | { ok: true; id: number; version: number }
  | { ok: false; refusal: "invalid"; problems: ContentProblem[] }
  | { ok: false; refusal: "notFound" }
  | { ok: false; refusal: "stale"; version: number; changes: RecordedChange[] };

export class ContentRefused extends Error {
  readonly result: ContentResult & { ok: false };
  constructor(result: ContentResult & { ok: false }) {
    super(result.refusal);
    this.result = result;
  }
}

export const invalid = (...problems: ContentProblem[]) =>
  new ContentRefused({ ok: false, refusal: "invalid", problems });

export const notFound = () => new ContentRefused({ ok: false, refusal: "notFound" });

/** Runs `work` in a transaction; a ContentRefused thrown inside answers its refusal (and nothing is written). */
export async function inTransaction(
  db: Database,
  work: (tx: Database) => Promise<ContentResult>,
): Promise<ContentResult> {
  try {
    return await db.transaction(async (tx) => work(tx as unknown as Database));
  } catch (error) {
    if (error instanceof ContentRefused) return error.result;
    throw error;
  }
}
