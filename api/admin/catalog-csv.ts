import { CSV_KINDS, type CsvKind, csvProblemText } from "#domain/catalog-csv.ts";
import {
  type CsvImportMode,
  type CsvImportReport,
  importCatalogCsv,
} from "#services/admin/catalog-csv/import.ts";
import { CSV_MAX_BYTES } from "#services/admin/catalog-csv/parse.ts";
import { adminBuilder as b } from "./builder.ts";
import { allow } from "./context.ts";
import { adminError } from "./errors.ts";

/**
 * The catalog's CSV import (issue 15, decision 0051): `importCatalogCsv` checks a products, prices or stock file
 * (dry run) or applies it — all or nothing, or the good rows only. Every refused row comes back with its row,
 * column, stable code and the reason in the admin's language. The export is a download, not a field
 * (server/admin-csv.ts streams it).
 */
const MAX_PROBLEMS = 5000;

const Kind = b.enumType("AdminCsvKind", { values: CSV_KINDS });
const Mode = b.enumType("AdminCsvImportMode", {
  values: {
    DRY_RUN: { value: "dryRun", description: "Check only: what would be refused, created, updated" },
    APPLY: { value: "apply", description: "Write everything, or nothing when any row is refused" },
    APPLY_GOOD_ROWS: { value: "applyGoodRows", description: "Write the rows that pass; report the others" },
  } as const,
});

type Problem = CsvImportReport["problems"][number] & { message: string };
const CsvProblemRef = b.objectRef<Problem>("AdminCsvProblem").implement({
  fields: (t) => ({
    row: t.exposeInt("row", { description: "The row in the file; the header is row 1" }),
    column: t.exposeString("column"),
    code: t.exposeString("code"),
    message: t.exposeString("message", { description: "In the admin's language" }),
  }),
});
const Report = b.objectRef<CsvImportReport & { shown: Problem[] }>("AdminCsvImportReport").implement({
  fields: (t) => ({
    kind: t.field({ type: Kind, resolve: (r) => r.kind }),
    mode: t.field({ type: Mode, resolve: (r) => r.mode }),
    rows: t.exposeInt("rows"),
    refusedRows: t.exposeInt("refusedRows"),
    created: t.exposeInt("created"),
    updated: t.exposeInt("updated"),
    unchanged: t.exposeInt("unchanged"),
    applied: t.exposeBoolean("applied", { description: "Whether anything was written" }),
    problemCount: t.int({ resolve: (r) => r.problems.length }),
    problems: t.field({
      type: [CsvProblemRef],
      description: `Every refused row's reasons, in row order (the first ${MAX_PROBLEMS})`,
      resolve: (r) => r.shown,
    }),
  }),
});

b.mutationFields((t) => ({
  importCatalogCsv: t.field({
    type: Report,
    description: "A products, prices or stock CSV in the export's columns: checked (dry run) or applied",
    args: {
      kind: t.arg({ type: Kind, required: true }),
      mode: t.arg({ type: Mode, required: true }),
      csv: t.arg.string({ required: true, description: `The file's text, at most ${CSV_MAX_BYTES} bytes` }),
    },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "catalog.edit");
      if (Buffer.byteLength(args.csv) > CSV_MAX_BYTES)
        throw adminError("BAD_USER_INPUT", `The file is larger than ${CSV_MAX_BYTES} bytes`, {
          field: "file",
          reason: "fileTooLarge",
        });
      const report = await importCatalogCsv(
        ctx.db,
        admin,
        args.kind as CsvKind,
        args.csv,
        args.mode as CsvImportMode,
      );
      const lang = admin.language;
      const shown = [...report.problems]
        .sort((a, b) => a.row - b.row)
        .slice(0, MAX_PROBLEMS)
        .map((p) => ({ ...p, message: csvProblemText(p, lang) }));
      return { ...report, shown };
    },
  }),
}));
