import { move } from "#domain/product-extras.ts";
import { type AdminRouteContext, adminRequest } from "./api.server.ts";
import { type FieldProblem, type FormAnswer, formAnswer } from "./product-form.tsx";

/**
 * The product page's actions for its extras (decision 0057): the images form (order, alt texts, a move up or down,
 * a delete), the parameters form and the related products form. Each answers like the product's own forms
 * (product-form.tsx formAnswer): problems by field in the admin's language, a conflict's changes, the typed values.
 */
export const EXTRAS_INTENTS = ["images", "parameters", "related", "package"] as const;

export const EXTRAS_QUERY = `productExtras(productId: $id) {
  images { fileName uploaded alt { nb sv } }
  parameters { groupId identifier valueKey show nb { name value } sv { name value } }
  related { productId articleNumber name relation }
  parameterGroups { id name }
  package { groupId required nb { name description } sv { name description }
    options { productId articleNumber name quantity isSelected } } }`;

const SAVED = "{ version }";

function stepOf(value: string, list: readonly string[]): string[] {
  const [key = "", direction] = [
    value.slice(0, value.lastIndexOf(":")),
    value.slice(value.lastIndexOf(":") + 1),
  ];
  const from = list.indexOf(key);
  return move(list, from, direction === "up" ? from - 1 : from + 1);
}

/** The form's text fields as a flat map (the typed values kept on a refusal). */
function textsOf(form: FormData) {
  const out: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string") out[key] = value;
  return out;
}

export async function extrasAction(
  request: Request,
  context: AdminRouteContext,
  productId: number,
  intent: string,
  form: FormData,
): Promise<FormAnswer> {
  const version = Number(form.get("version"));
  const vars = { id: productId, v: Number.isSafeInteger(version) ? version : 0 };
  const values = textsOf(form);
  const str = (name: string) => String(form.get(name) ?? "");
  if (intent === "images") {
    const order = form.getAll("image").map(String);
    const remove = str("delete");
    if (remove) {
      const answer = await adminRequest(
        request,
        context,
        `mutation($id: Int!, $v: Int!, $f: String!) { deleteProductImage(productId: $id, version: $v, fileName: $f) ${SAVED} }`,
        { ...vars, f: remove },
      );
      return formAnswer("deleteImage", null, answer, values);
    }
    const moved = str("move");
    const list = moved ? stepOf(moved, order) : order;
    const answer = await adminRequest(
      request,
      context,
      `mutation($id: Int!, $v: Int!, $images: [AdminProductImageInput!]!) {
        saveProductImages(productId: $id, version: $v, images: $images) ${SAVED} }`,
      {
        ...vars,
        images: list.map((fileName) => ({
          fileName,
          altNb: str(`altNb.${fileName}`),
          altSv: str(`altSv.${fileName}`),
        })),
      },
    );
    return formAnswer(intent, null, answer, values);
  }
  if (intent === "parameters") {
    const rows = Math.min(Number(form.get("rows")) || 0, 200);
    const removed = form.get("remove") === null ? -1 : Number(form.get("remove"));
    // The form's rows as sent: the empty new row and a removed row are left out; problems point back at the form's.
    const sent: number[] = [];
    const parameters = [];
    for (let i = 0; i < rows; i++) {
      const p = (k: string) => str(`p.${i}.${k}`);
      if (i === removed) continue;
      if (!p("identifier") && !p("nbName") && !p("nbValue") && !p("svName") && !p("svValue")) continue;
      sent.push(i);
      parameters.push({
        groupId: Number(p("groupId")) || 0,
        identifier: p("identifier"),
        valueKey: p("valueKey") || null,
        show: p("show") === "on",
        nb: { name: p("nbName"), value: p("nbValue") },
        sv: { name: p("svName"), value: p("svValue") },
      });
    }
    const answer = await adminRequest(
      request,
      context,
      `mutation($id: Int!, $v: Int!, $p: [AdminProductParameterInput!]!) {
        saveProductParameters(productId: $id, version: $v, parameters: $p) ${SAVED} }`,
      { ...vars, p: parameters },
    );
    const result = formAnswer(intent, null, answer, values);
    result.problems = result.problems.map((problem: FieldProblem) => {
      const m = /^parameter\.(\d+)\.(.*)$/.exec(problem.field);
      return m ? { ...problem, field: `parameter.${sent[Number(m[1])] ?? m[1]}.${m[2]}` } : problem;
    });
    return result;
  }
  if (intent === "related") {
    let ids = form.getAll("related").map(String);
    const add = str("add");
    const remove = str("remove");
    const moved = str("move");
    if (add && !ids.includes(add)) ids.push(add);
    if (remove) ids = ids.filter((id) => id !== remove);
    if (moved) ids = stepOf(moved, ids);
    const kept = ids.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0 && n < 2 ** 31);
    const answer = await adminRequest(
      request,
      context,
      `mutation($id: Int!, $v: Int!, $ids: [Int!]!, $kinds: [String!]) {
        saveRelatedProducts(productId: $id, version: $v, productIds: $ids, relations: $kinds) ${SAVED} }`,
      // Each product's kind as chosen in its row; a product just added has none (it is similar).
      { ...vars, ids: kept, kinds: kept.map((id) => str(`relation.${id}`)) },
    );
    return formAnswer(intent, null, answer, values);
  }
  if (intent === "package") {
    const count = Math.min(Number(form.get("groups")) || 0, 50);
    const removed = form.get("removeGroup") === null ? -1 : Number(form.get("removeGroup"));
    // A product picked for a group ("{group}:{productId}") and a choice removed ("{group}:{choice}").
    const [addTo = -1, addId = 0] = str("addChoice").split(":").map(Number);
    const [dropFrom = -1, dropAt = -1] = str("removeChoice").split(":").map(Number);
    const sent: number[] = [];
    const optionSent: number[][] = [];
    const groups = [];
    for (let i = 0; i < count; i++) {
      const g = (k: string) => str(`g.${i}.${k}`);
      if (i === removed) continue;
      const options = [];
      const kept: number[] = [];
      const optionCount = Math.min(Number(g("options")) || 0, 100);
      for (let k = 0; k < optionCount; k++) {
        const id = g(`o.${k}.productId`).trim();
        if (!id || (i === dropFrom && k === dropAt)) continue;
        kept.push(k);
        options.push({
          productId: /^\d{1,10}$/.test(id) ? Number(id) : 0,
          quantity: g(`o.${k}.quantity`),
          isSelected: g("default") === String(k),
        });
      }
      if (i === addTo && Number.isSafeInteger(addId) && addId > 0 && addId < 2 ** 31) {
        if (!options.some((o) => o.productId === addId)) {
          kept.push(optionCount);
          options.push({ productId: addId, quantity: "1", isSelected: false });
        }
      }
      if (!g("groupId") && !g("nbName") && !g("svName") && options.length === 0) continue;
      sent.push(i);
      optionSent.push(kept);
      groups.push({
        groupId: g("groupId") ? Number(g("groupId")) : null,
        required: g("required") === "on",
        nb: { name: g("nbName"), description: g("nbDescription") },
        sv: { name: g("svName"), description: g("svDescription") },
        options,
      });
    }
    const answer = await adminRequest(
      request,
      context,
      `mutation($id: Int!, $v: Int!, $g: [AdminPackageGroupInput!]!) {
        savePackageGroups(productId: $id, version: $v, groups: $g) ${SAVED} }`,
      { ...vars, g: groups },
    );
    const result = formAnswer(intent, null, answer, values);
    result.problems = result.problems.map((problem: FieldProblem) => {
      const m = /^group\.(\d+)\.(?:option\.(\d+)\.)?(.*)$/.exec(problem.field);
      if (!m) return problem;
      const i = Number(m[1]);
      const group = sent[i] ?? i;
      if (m[2] === undefined) return { ...problem, field: `group.${group}.${m[3]}` };
      const k = Number(m[2]);
      return { ...problem, field: `group.${group}.option.${optionSent[i]?.[k] ?? k}.${m[3]}` };
    });
    return result;
  }
  throw new Response("Bad request", { status: 400 });
}
