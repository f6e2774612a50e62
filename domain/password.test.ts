import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  base64,
  isPasswordDigest,
  newPasswordProblem,
  PASSWORD_SALT_DEFAULT,
  passwordDigest,
  passwordDigestInput,
  passwordsMatch,
} from "./password.ts";

describe("password digest (API.md: base64(SHA-384(UTF-8 of password + salt)))", () => {
  it("gives the known digest of known passwords, byte for byte", async () => {
    // Computed independently (Python hashlib) with the specification's salt.
    expect(await passwordDigest("hemligt123", PASSWORD_SALT_DEFAULT)).toBe(
      "6CxFRXKN6C1DRC6VPFPLpAiLYL2SvU+IpUQVM2XO5IEbXBqmMi0VqKjsej1xtRF9",
    );
    expect(await passwordDigest("Blåbär-Søt 7", PASSWORD_SALT_DEFAULT)).toBe(
      "+peAYpTnd+RqM+wlarxsmk+OjhhwXClzLI1jnZQXe0PF7NT3A4/yOTtP3GTr9gxc",
    );
    expect(await passwordDigest("", PASSWORD_SALT_DEFAULT)).toBe(
      "YlF9kP0wUh3myKzvHI+BWeUGS7nccZAk5q45fw5vdYXOdVNcIkgaHzmiHTBOjOgc",
    );
  });

  it("digests the UTF-8 of the password followed by the salt", () => {
    const bytes = passwordDigestInput("å", "s");
    expect([...bytes]).toEqual([0xc3, 0xa5, 0x73]);
  });

  it("equals Node's SHA-384 in base64 for any password and salt (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: "grapheme", maxLength: 40 }),
        fc.string(),
        async (password, salt) => {
          const expected = createHash("sha384")
            .update(password + salt, "utf8")
            .digest("base64");
          const digest = await passwordDigest(password, salt);
          expect(digest).toBe(expected);
          expect(isPasswordDigest(digest)).toBe(true);
        },
      ),
    );
  });

  it("base64 matches Node's for any bytes (property)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 70 }), (bytes) => {
        expect(base64(bytes)).toBe(Buffer.from(bytes).toString("base64"));
      }),
    );
  });

  it("knows a digest's shape", () => {
    expect(isPasswordDigest("a".repeat(64))).toBe(true);
    expect(isPasswordDigest("a".repeat(63))).toBe(false);
    expect(isPasswordDigest(`${"a".repeat(63)}=`)).toBe(false);
    expect(isPasswordDigest("hemligt123")).toBe(false);
    expect(isPasswordDigest(42)).toBe(false);
  });
});

describe("new password rules (spec §5, §9)", () => {
  const common = new Set(["password1", "qwertyuiop"]);
  const isCommon = (p: string) => common.has(p);

  it("needs a password of 7 to 256 characters that is not a common one", () => {
    expect(newPasswordProblem("", isCommon)).toBe("required");
    expect(newPasswordProblem("abc12e", isCommon)).toBe("tooShort");
    expect(newPasswordProblem("blåbär7", isCommon)).toBeNull();
    expect(newPasswordProblem("🙂🙂🙂🙂🙂🙂", isCommon)).toBe("tooShort"); // 6 code points, 12 UTF-16 units
    expect(newPasswordProblem("x".repeat(257), isCommon)).toBe("tooLong");
    expect(newPasswordProblem("Password1", isCommon)).toBe("common");
    expect(newPasswordProblem("QWERTYUIOP", isCommon)).toBe("common");
  });

  it("accepts every password of 7–256 code points that is not common (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme-ascii", minLength: 7, maxLength: 256 }), (password) => {
        fc.pre(!common.has(password.toLowerCase()));
        expect(newPasswordProblem(password, isCommon)).toBeNull();
      }),
    );
  });

  it("compares the repeated password exactly", () => {
    expect(passwordsMatch("hemligt123", "hemligt123")).toBe(true);
    expect(passwordsMatch("hemligt123", "Hemligt123")).toBe(false);
  });
});
