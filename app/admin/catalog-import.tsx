import { Form, Link, redirect, useNavigation } from "react-router";
import { CSV_KINDS, CSV_MAX_BYTES, type CsvKind } from "#domain/catalog-csv.ts";
import type { Route } from "./+types/catalog-import";
import { adminRequest } from "./api.server.ts";
import { button, Notice, primary, table, td, th, useAdminT } from "./ui.tsx";

/**
 * /admin/catalog/import (issue 15, decision 0051): upload a products, prices or stock CSV (multipart, at most
 * CSV_MAX_BYTES; the server's body limit for this path says the same). "Check" is a dry run: every row that would
 * be refused, with its row, column and reason, and what would be created, updated or left unchanged — nothing
 * changes. "Import everything" writes all or nothing; "Import the good rows only" leaves the refused rows out.
 */
type Intent = "DRY_RUN" | "APPLY" | "APPLY_GOOD_ROWS";
const INTENTS: readonly Intent[] = ["DRY_RUN", "APPLY", "APPLY_GOOD_ROWS"];

interface Report {
  kind: CsvKind;
  mode: Intent;
  rows: number;
  refusedRows: number;
  created: number;
  updated: number;
  unchanged: number;
  applied: boolean;
  problemCount: number;
  problems: { row: number; column: string; code: string; message: string }[];
}

type ActionData =
  | { error: "noFile" | "tooLarge" | "other"; kind: CsvKind }
  | { report: Report; kind: CsvKind };

export async function loader({ request, context }: Route.LoaderArgs) {
  const answer = await adminRequest<{ me: { email: string } | null }>(request, context, "{ me { email } }");
  if (!answer.data?.me) throw redirect("/admin/sign-in");
  return {};
}

/** The file's text: UTF-8 (with or without BOM), else Windows-1252 (what older Excel saves as "CSV"). */
function decode(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

export async function action({ request, context }: Route.ActionArgs): Promise<ActionData> {
  const form = await request.formData();
  const kindValue = String(form.get("kind") ?? "");
  const kind: CsvKind = (CSV_KINDS as readonly string[]).includes(kindValue)
    ? (kindValue as CsvKind)
    : "stock";
  const intentValue = String(form.get("intent") ?? "");
  const mode: Intent = (INTENTS as readonly string[]).includes(intentValue)
    ? (intentValue as Intent)
    : "DRY_RUN";
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return { error: "noFile", kind };
  if (file.size > CSV_MAX_BYTES) return { error: "tooLarge", kind };
  const csv = decode(new Uint8Array(await file.arrayBuffer()));
  const answer = await adminRequest<{ importCatalogCsv: Report }>(
    request,
    context,
    `mutation($kind: AdminCsvKind!, $mode: AdminCsvImportMode!, $csv: String!) {
      importCatalogCsv(kind: $kind, mode: $mode, csv: $csv) {
        kind mode rows refusedRows created updated unchanged applied problemCount
        problems { row column code message } } }`,
    { kind, mode, csv },
  );
  if (answer.error === "UNAUTHENTICATED") throw redirect("/admin/sign-in");
  const report = answer.data?.importCatalogCsv;
  if (!report)
    return { error: answer.errorExtensions?.reason === "fileTooLarge" ? "tooLarge" : "other", kind };
  return { report, kind };
}

export function meta() {
  return [{ title: "Mili · Import CSV" }];
}

export default function CatalogImport({ actionData }: Route.ComponentProps) {
  const { t, may } = useAdminT();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const data = actionData as ActionData | undefined;
  const report = data && "report" in data ? data.report : null;
  const size = Math.round(CSV_MAX_BYTES / 1024 / 1024);
  const counts = report
    ? {
        rows: report.rows,
        created: report.created,
        updated: report.updated,
        unchanged: report.unchanged,
        refused: report.refusedRows,
      }
    : null;
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("csv.importTitle")}</h1>
        <Link to="/admin/catalog/export" className="underline">
          {t("csv.toExport")}
        </Link>
      </div>
      <p className="mb-4 max-w-prose">{t("csv.importIntro", { size })}</p>
      <p className="mb-4 max-w-prose">{t("csv.createHint")}</p>
      {!may("catalog.edit") ? <Notice kind="error">{t("csv.readOnly")}</Notice> : null}
      {data && "error" in data ? (
        <Notice kind="error">
          {data.error === "noFile"
            ? t("csv.noFile")
            : data.error === "tooLarge"
              ? t("csv.tooLarge", { size })
              : t("error.other")}
        </Notice>
      ) : null}
      {report && counts ? (
        <div aria-live="polite">
          {report.mode === "DRY_RUN" ? (
            <Notice kind={report.refusedRows ? "error" : "ok"}>
              {t("csv.dryRunDone")} {t("csv.summary", counts)}
            </Notice>
          ) : report.applied ? (
            <Notice kind="ok">
              {t("csv.appliedDone", counts)} {report.refusedRows ? t("csv.appliedSkipped", counts) : null}
            </Notice>
          ) : (
            <Notice kind="error">{t("csv.notApplied", counts)}</Notice>
          )}
        </div>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="mb-6">
        <fieldset disabled={!may("catalog.edit")}>
          <fieldset className="mb-4">
            <legend className="mb-2 font-semibold">{t("csv.kind")}</legend>
            {CSV_KINDS.map((kind) => (
              <p key={kind} className="mb-1">
                <label className="inline-flex items-start gap-2">
                  <input
                    type="radio"
                    name="kind"
                    value={kind}
                    defaultChecked={kind === (data?.kind ?? "products")}
                    className="mt-1"
                  />
                  <span>{t(`csv.kind.${kind}`)}</span>
                </label>
              </p>
            ))}
          </fieldset>
          <p className="mb-4">
            <label htmlFor="csv-file" className="block font-semibold">
              {t("csv.file")}
            </label>
            <input
              id="csv-file"
              type="file"
              name="file"
              accept=".csv,text/csv"
              required
              className="mt-1 block"
            />
          </p>
          <p className="mb-2 flex flex-wrap gap-2">
            <button type="submit" name="intent" value="DRY_RUN" className={primary} disabled={busy}>
              {t("csv.check")}
            </button>
            <button type="submit" name="intent" value="APPLY" className={button} disabled={busy}>
              {t("csv.apply")}
            </button>
            <button type="submit" name="intent" value="APPLY_GOOD_ROWS" className={button} disabled={busy}>
              {t("csv.applyGood")}
            </button>
          </p>
          <p className="max-w-prose text-sm text-stone-700">{t("csv.applyHint")}</p>
        </fieldset>
      </Form>
      {report?.problems.length ? (
        <>
          <table className={table}>
            <caption className="mb-2 text-left text-lg font-semibold">{t("csv.problems")}</caption>
            <thead>
              <tr>
                <th scope="col" className={th}>
                  {t("csv.row")}
                </th>
                <th scope="col" className={th}>
                  {t("csv.column")}
                </th>
                <th scope="col" className={th}>
                  {t("csv.reason")}
                </th>
              </tr>
            </thead>
            <tbody>
              {report.problems.map((p) => (
                <tr key={`${p.row}-${p.column}-${p.code}`}>
                  <td className={td}>{p.row}</td>
                  <td className={td}>
                    <code>{p.column}</code>
                  </td>
                  <td className={td}>{p.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {report.problemCount > report.problems.length ? (
            <p className="mt-2">
              {t("csv.moreProblems", { count: report.problemCount - report.problems.length })}
            </p>
          ) : null}
        </>
      ) : null}
    </>
  );
}
