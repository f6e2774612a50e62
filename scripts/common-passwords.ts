/**
 * Writes services/customers/common-passwords.txt: the 10,000 most common passwords, most common first, one a line.
 * Source: the ranked password list of zxcvbn (Dropbox, MIT licence) as packaged by `@zxcvbn-ts/language-common`
 * 4.1.3 (`src/passwords.json`, 49,233 entries from leaked-password frequency counts); its first 10,000 entries.
 *
 *   npm pack @zxcvbn-ts/language-common@4.1.3 && tar xzf zxcvbn-ts-language-common-4.1.3.tgz
 *   node scripts/common-passwords.ts package/src/passwords.json
 */
import { readFileSync, writeFileSync } from "node:fs";

const source = process.argv[2];
if (!source) throw new Error("usage: node scripts/common-passwords.ts path/to/passwords.json");
const ranked = JSON.parse(readFileSync(source, "utf8")) as string[];
const top = ranked.slice(0, 10_000);
if (new Set(top).size !== 10_000) throw new Error("expected 10,000 distinct passwords");
writeFileSync(new URL("../services/customers/common-passwords.txt", import.meta.url), `${top.join("\n")}\n`);
console.log(`wrote ${top.length} passwords`);
