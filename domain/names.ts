/**
 * Names a shopper can tell apart. The variants of a product (colours, flavours) share the product's name, which
 * is right on the product page (its variant picker says which one it is) but not where several of them stand in
 * a list of names: search suggestions, the cart, a package's options. There a product is named with its own
 * variant values (the product levels of its variant group) that the name does not already say:
 * "Rocciabianca Varde Softshelljakke Dame, lilla", "Kraftkök Daily Proteinbar, bringebær".
 */

export interface VariantValue {
  /** As the request's language words it, e.g. "Lilla", "Bringebær", "Dame". */
  label: string;
}

const normalize = (text: string) => text.normalize("NFC").toLowerCase().trim();

/** Whether `name` already says `label` as a whole word or phrase ("… Dame" says "dame"). */
function says(name: string, label: string): boolean {
  const words = normalize(name).split(/[\s,–—\-/()]+/u);
  const wanted = normalize(label).split(/[\s,–—\-/()]+/u);
  if (wanted.length === 0 || wanted[0] === "") return true;
  for (let i = 0; i + wanted.length <= words.length; i++)
    if (wanted.every((w, k) => words[i + k] === w)) return true;
  return false;
}

/**
 * The product's name followed by each of its variant values the name does not already say, each with a small
 * first letter as Norwegian and Swedish write a colour or a flavour after a comma ("lilla", "cookies & cream").
 */
export function distinctName(name: string, values: readonly VariantValue[]): string {
  const extra: string[] = [];
  for (const { label } of values) {
    const text = label.trim();
    if (!text || says(name, text) || extra.some((e) => says(e, text))) continue;
    extra.push(text.charAt(0).toLowerCase() + text.slice(1));
  }
  return extra.length ? `${name}, ${extra.join(", ")}` : name;
}
