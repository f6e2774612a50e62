import { isIPv4, isIPv6 } from "node:net";

/**
 * Whose budget a client address draws from: an IPv4 address as it is, an IPv4-mapped IPv6 address as its IPv4
 * address, and any other IPv6 address as its /64 network (one subscriber gets a whole /64, so counting single
 * addresses would let one attacker be 2^64 clients). Anything else (no address, a malformed one) is "unknown":
 * those share one budget rather than escaping the limit.
 */
export function subjectOfIp(address: string | null | undefined): string {
  const text = (address ?? "").trim().replace(/^\[|\]$/g, "");
  const zoneless = text.replace(/%.*$/, "");
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(zoneless)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (isIPv4(zoneless)) return zoneless;
  if (!isIPv6(zoneless)) return "unknown";
  return `${expandIPv6(zoneless).slice(0, 4).join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, lower-case hex without leading zeros. */
function expandIPv6(address: string): string[] {
  let text = address.toLowerCase();
  // A trailing dotted IPv4 part (::1.2.3.4) becomes two groups.
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail === undefined ? [] : tail ? tail.split(":") : [];
  const middle = tail === undefined ? [] : new Array(8 - left.length - right.length).fill("0");
  return [...left, ...middle, ...right].map((g) => Number.parseInt(g || "0", 16).toString(16));
}
