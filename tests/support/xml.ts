/**
 * A small, strict XML reader for the tests (the shop's package.json has no XML library, and the sitemaps need no
 * more than this): a prolog, elements, attributes and text, no DTD, comments or CDATA. It throws on anything not
 * well-formed — an unclosed or mismatched tag, a stray `<` or `&`, an unknown entity, an unquoted or repeated
 * attribute, a second root, an undeclared namespace prefix — and resolves each element's namespace.
 */
export interface XmlElement {
  /** The qualified name as written ("xhtml:link"). */
  name: string;
  /** The local name ("link"). */
  local: string;
  /** The namespace URI the element is in. */
  ns: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const NAME = /^[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?/;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decode(raw: string, where: number): string {
  if (raw.includes("<")) throw new Error(`"<" in text or attribute at ${where}`);
  return raw.replace(/&([^;]*);?/g, (match, body: string) => {
    if (!match.endsWith(";")) throw new Error(`Unterminated entity at ${where}`);
    if (body in ENTITIES) return ENTITIES[body] as string;
    const code = /^#x([0-9a-fA-F]+)$/.exec(body)?.[1] ?? /^#([0-9]+)$/.exec(body)?.[1];
    if (code === undefined) throw new Error(`Unknown entity &${body}; at ${where}`);
    return String.fromCodePoint(Number.parseInt(code, body.startsWith("#x") ? 16 : 10));
  });
}

export function parseXml(xml: string): XmlElement {
  let at = 0;
  const prolog =
    /^<\?xml\s+version="1\.[0-9]"(?:\s+encoding="[A-Za-z0-9._-]+")?(?:\s+standalone="(?:yes|no)")?\s*\?>/.exec(
      xml,
    );
  if (prolog) at = prolog[0].length;
  const stack: { el: XmlElement; scope: Record<string, string> }[] = [];
  let root: XmlElement | null = null;
  while (at < xml.length) {
    const lt = xml.indexOf("<", at);
    const text = xml.slice(at, lt === -1 ? xml.length : lt);
    const top = stack.at(-1);
    if (top) top.el.text += decode(text, at);
    else if (text.trim()) throw new Error(`Text outside the root element at ${at}`);
    if (lt === -1) break;
    at = lt;
    if (xml.startsWith("</", at)) {
      const name = NAME.exec(xml.slice(at + 2))?.[0];
      const end = xml.indexOf(">", at);
      if (!name || end === -1 || xml.slice(at + 2 + name.length, end).trim())
        throw new Error(`Bad closing tag at ${at}`);
      const open = stack.pop();
      if (!open || open.el.name !== name)
        throw new Error(`</${name}> closes <${open?.el.name ?? "nothing"}> at ${at}`);
      at = end + 1;
      continue;
    }
    const name = NAME.exec(xml.slice(at + 1))?.[0];
    if (!name) throw new Error(`Bad tag at ${at}`);
    if (!top && root) throw new Error(`A second root element <${name}> at ${at}`);
    at += 1 + name.length;
    const attrs: Record<string, string> = {};
    let selfClosing = false;
    for (;;) {
      const space = /^\s*/.exec(xml.slice(at))?.[0].length ?? 0;
      at += space;
      if (xml.startsWith("/>", at)) {
        selfClosing = true;
        at += 2;
        break;
      }
      if (xml.startsWith(">", at)) {
        at += 1;
        break;
      }
      if (!space) throw new Error(`Attributes must be separated by space at ${at}`);
      const attr = /^([A-Za-z_][\w.:-]*)\s*=\s*("([^"]*)"|'([^']*)')/.exec(xml.slice(at));
      if (!attr) throw new Error(`Bad attribute in <${name}> at ${at}`);
      const key = attr[1] as string;
      if (key in attrs) throw new Error(`Repeated attribute ${key} in <${name}> at ${at}`);
      attrs[key] = decode(attr[3] ?? attr[4] ?? "", at);
      at += attr[0].length;
    }
    const scope = { ...(top?.scope ?? { xml: "http://www.w3.org/XML/1998/namespace" }) };
    for (const [key, value] of Object.entries(attrs)) {
      if (key === "xmlns") scope[""] = value;
      else if (key.startsWith("xmlns:")) scope[key.slice(6)] = value;
    }
    const [prefix, local] = name.includes(":") ? (name.split(":") as [string, string]) : ["", name];
    const ns = scope[prefix];
    if (ns === undefined) throw new Error(`Undeclared namespace prefix "${prefix}" of <${name}>`);
    for (const key of Object.keys(attrs)) {
      const p = key.includes(":") ? (key.split(":")[0] as string) : "";
      if (p && p !== "xmlns" && scope[p] === undefined)
        throw new Error(`Undeclared namespace prefix "${p}" of attribute ${key}`);
    }
    const el: XmlElement = { name, local, ns, attrs, children: [], text: "" };
    if (top) top.el.children.push(el);
    else root = el;
    if (!selfClosing) stack.push({ el, scope });
  }
  if (stack.length) throw new Error(`<${stack.at(-1)?.el.name}> is never closed`);
  if (!root) throw new Error("No root element");
  return root;
}
