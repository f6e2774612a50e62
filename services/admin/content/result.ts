import type { ContentProblem } from "#domain/content-edit.ts";
import type { RecordedChange } from "../audit.ts";
import { Refused } from "../refusal.ts";

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

export const invalid = (...problems: ContentProblem[]) =>
  new Refused<ContentResult & { ok: false }>({ ok: false, refusal: "invalid", problems });

export const notFound = () => new Refused<ContentResult & { ok: false }>({ ok: false, refusal: "notFound" });
