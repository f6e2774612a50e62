import { redirect } from "react-router";
import { checkImageUpload, EXTRAS_LIMITS } from "#domain/product-extras.ts";
import type { Route } from "./+types/product-images";
import { adminRequest } from "./api.server.ts";

/**
 * POST /admin/products/images (issue 15, decision 0057): the product editor's image upload, a multipart form with
 * `productId`, `version` and one or more `images`. The server reads its body (up to the limit in
 * server/admin-csv.ts) only for a signed-in admin; the admin API checks the permission, each file's type by its
 * content and its size, and stores it. Answers with the product's page and the outcome in its query
 * (`images=added`, or `imagesProblem`/`imagesError` with the code), so it works with and without JavaScript.
 */
export async function loader() {
  throw redirect("/admin/products");
}

function back(productId: number, params: Record<string, string>) {
  return redirect(`/admin/products/${productId}?${new URLSearchParams(params)}#images`);
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const productId = Number(form.get("productId"));
  if (!Number.isSafeInteger(productId) || productId < 1 || productId > 2 ** 31 - 1)
    throw new Response("Bad request", { status: 400 });
  const version = Number(form.get("version"));
  const files = form
    .getAll("images")
    .filter((f): f is File => f instanceof File && f.size > 0)
    .slice(0, EXTRAS_LIMITS.filesPerUpload + 1);
  const read = await Promise.all(
    files.map(async (f) => ({
      name: f.name.slice(0, 200) || "image",
      // A file over the limit is not read: its problem is the same whatever its bytes.
      bytes:
        f.size > EXTRAS_LIMITS.imageBytes
          ? new Uint8Array(EXTRAS_LIMITS.imageBytes + 1)
          : new Uint8Array(await f.arrayBuffer()),
    })),
  );
  // The API's own rule, here first: a refused file does not travel on as base64.
  const checked = checkImageUpload(read, 0);
  if (!checked.ok) {
    const [first] = checked.problems;
    return back(productId, { imagesProblem: first?.code ?? "noFile", max: String(first?.max ?? "") });
  }
  const images = read.map((f) => ({ fileName: f.name, base64: Buffer.from(f.bytes).toString("base64") }));
  const answer = await adminRequest<{ addProductImages: { version: number; added: string[] } }>(
    request,
    context,
    `mutation($id: Int!, $v: Int!, $images: [AdminImageUploadInput!]!) {
      addProductImages(productId: $id, version: $v, images: $images) { version added } }`,
    { id: productId, v: Number.isSafeInteger(version) ? version : 0, images },
  );
  if (answer.error === "UNAUTHENTICATED") throw redirect("/admin/sign-in");
  const saved = answer.data?.addProductImages;
  if (saved) return back(productId, { images: "added", n: String(saved.added.length) });
  const problems = answer.errorExtensions?.problems;
  const first = Array.isArray(problems) ? (problems[0] as { code?: string; max?: number }) : null;
  if (first?.code) return back(productId, { imagesProblem: first.code, max: String(first.max ?? "") });
  return back(productId, { imagesError: answer.error ?? "other" });
}
