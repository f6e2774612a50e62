import { ADMIN_COOKIE, readCookie } from "#api/admin/yoga.ts";
import type { Database } from "#db/client.ts";
import { type AdminAction, adminRefusal } from "#domain/admin-permissions.ts";
import { CSV_KINDS, CSV_MAX_BYTES, type CsvKind } from "#domain/catalog-csv.ts";
import { EXTRAS_LIMITS } from "#domain/product-extras.ts";
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

/**
 * The product images' upload route (app/admin/product-images.tsx, decision 0057) takes a form of that many images at
 * their largest; like the CSV import, it is read only for a signed-in admin (the gate below).
 */
const IMAGES_BYTES = EXTRAS_LIMITS.filesPerUpload * EXTRAS_LIMITS.imageBytes + 256 * 1024;
export const PRODUCT_IMAGE_LIMITS = {
  "/admin/products/images": IMAGES_BYTES,
  "/admin/products/images.data": IMAGES_BYTES,
} as const;
const UPLOAD_LIMITS: Record<string, number> = { ...CSV_IMPORT_LIMITS, ...PRODUCT_IMAGE_LIMITS };

/**
 * The back office's rule (domain/admin-permissions.ts adminRefusal) for a plain route: null when the session's admin
 * may do `action`, else the answer — to the sign-in or to set up two-step sign-in (303), or 403.
 */
async function refusedAnswer(db: Database, request: Request, action: AdminAction): Promise<Response | null> {
  const admin = await adminOfSession(db, readCookie(request.headers.get("cookie"), ADMIN_COOKIE));
  const refusal = adminRefusal(admin, action, true);
  if (refusal === null) return null;
  if (refusal === "FORBIDDEN")
    return new Response("Forbidden", { status: 403, headers: { "cache-control": "no-store" } });
  return new Response(null, {
    status: 303,
    headers: {
      location: refusal === "TWO_STEP_REQUIRED" ? "/admin/security" : "/admin/sign-in",
      "cache-control": "no-store",
    },
  });
}

/**
 * Before the request guard reads an upload's body: a CSV import (up to 8 MB) or product images (up to 20 MB) are read
 * only for a signed-in admin who has met the two-step requirement, so nobody without a session makes the server hold
 * megabytes. The role's own refusal (support may not import) is the page's, with its message.
 */
export function catalogImportGate(db: Database) {
  return async (request: Request): Promise<Response | null> => {
    if (request.method !== "POST") return null;
    const path = new URL(request.url).pathname;
    if (!Object.hasOwn(UPLOAD_LIMITS, path)) return null;
    return refusedAnswer(db, request, "catalog.read");
  };
}

export function catalogExportHandler(db: Database) {
  return async (request: Request): Promise<Response> => {
    const refused = await refusedAnswer(db, request, "catalog.read");
    if (refused) return refused;
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
