import { ADMIN_COOKIE, readCookie } from "#api/admin/yoga.ts";
import type { Database } from "#db/client.ts";
import { adminMay } from "#domain/admin-permissions.ts";
import { CSV_KINDS, CSV_MAX_BYTES, type CsvKind } from "#domain/catalog-csv.ts";
import { csvFileName, exportCatalogCsv } from "#services/admin/catalog-csv/export.ts";
import { adminOfSession } from "#services/admin/users.ts";

/**
 * GET /admin/catalog/export.csv?kind=products|prices|stock (issue 15, decision 0051): the catalog as a CSV download,
 * streamed a batch of products at a time (services/admin/catalog-csv/export.ts). A file, not a GraphQL field: an
 * answer of 100,000 products is a stream, never one JSON string. It needs the back office's session (the
 * `mili-admin` cookie) and the `catalog.read` permission, as the catalog's screens do; a GET changes nothing, so
 * it needs no same-site check beyond the cookie's SameSite=Strict.
 */
export { CSV_MAX_BYTES };
export const CSV_EXPORT_PATH = "/admin/catalog/export.csv";

/** The import's upload routes (the page's own form and React Router's data request) take a file this large. */
export const CSV_IMPORT_LIMITS = {
  "/admin/catalog/import": CSV_MAX_BYTES + 64 * 1024,
  "/admin/catalog/import.data": CSV_MAX_BYTES + 64 * 1024,
} as const;

export function catalogExportHandler(db: Database) {
  return async (request: Request): Promise<Response> => {
    const admin = await adminOfSession(db, readCookie(request.headers.get("cookie"), ADMIN_COOKIE));
    if (!admin)
      return new Response(null, {
        status: 303,
        headers: { location: "/admin/sign-in", "cache-control": "no-store" },
      });
    if (!adminMay(admin.role, "catalog.read"))
      return new Response("Forbidden", { status: 403, headers: { "cache-control": "no-store" } });
    const kind = new URL(request.url).searchParams.get("kind") ?? "products";
    if (!(CSV_KINDS as readonly string[]).includes(kind))
      return new Response(`kind must be one of ${CSV_KINDS.join(", ")}`, {
        status: 400,
        headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
      });
    return new Response(exportCatalogCsv(db, kind as CsvKind), {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${csvFileName(kind as CsvKind)}"`,
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
      },
    });
  };
}
