import { describe, expect, it } from "vitest";
import {
  countryOfMarket,
  keyOfCode,
  loginProblems,
  newPasswordProblems,
  profileProblems,
  registerProblems,
} from "./account-forms.ts";

describe("the account forms' checks", () => {
  it("sign-in: an e-mail and a password", () => {
    expect(loginProblems({ email: "", password: "" })).toEqual({
      email: "api.account.field.required",
      password: "api.account.password.required",
    });
    expect(loginProblems({ email: "kari@", password: "x" })).toEqual({ email: "api.account.email.invalid" });
    expect(loginProblems({ email: "kari@example.no", password: "x" })).toEqual({});
  });

  it("a new password: at least 7 characters, repeated exactly", () => {
    expect(newPasswordProblems({ password: "", passwordRepeat: "" })).toEqual({
      password: "api.account.password.required",
    });
    expect(newPasswordProblems({ password: "sekssk", passwordRepeat: "sekssk" })).toEqual({
      password: "api.account.password.tooShort",
    });
    expect(newPasswordProblems({ password: "sjutegn", passwordRepeat: "sjutegN" })).toEqual({
      passwordRepeat: "api.account.password.mismatch",
    });
    expect(newPasswordProblems({ password: "sjutegn", passwordRepeat: "sjutegn" })).toEqual({});
  });

  it("registration: an organisation needs its name and a valid number of the market's country", () => {
    const base = {
      email: "a@b.no",
      password: "Fjelltur1",
      passwordRepeat: "Fjelltur1",
      company: "",
      organizationId: "",
    };
    expect(registerProblems({ ...base, customerType: "PERSON" }, "NO")).toEqual({});
    expect(registerProblems({ ...base, customerType: "ORGANIZATION" }, "NO")).toEqual({
      company: "api.account.field.required",
      organizationId: "api.account.field.required",
    });
    const org = { ...base, customerType: "ORGANIZATION" as const, company: "Fjell AS" };
    expect(registerProblems({ ...org, organizationId: "923609016" }, "NO")).toEqual({});
    expect(registerProblems({ ...org, organizationId: "923609017" }, "NO")).toEqual({
      organizationId: "api.account.organizationId.invalid",
    });
    expect(registerProblems({ ...org, organizationId: "556036-0793" }, "SE")).toEqual({});
  });

  it("settings: the personal id of the address's country; an empty one is left as it is", () => {
    const base = { customerType: "PERSON" as const, organizationId: "", company: "", zip: "" };
    expect(profileProblems({ ...base, country: "NO", personalId: "12345678901" }, "NO")).toEqual({
      personalId: "api.account.personalId.invalid",
    });
    expect(profileProblems({ ...base, country: "NO", personalId: "" }, "NO")).toEqual({});
    expect(profileProblems({ ...base, country: "SE", personalId: "", zip: "0150" }, "NO")).toEqual({
      zip: "api.account.zip.invalid",
    });
  });

  it("maps the auth endpoint's codes to texts, and markets to countries", () => {
    expect(keyOfCode("WRONG_CREDENTIALS")).toBe("api.account.signIn.wrong");
    expect(keyOfCode("ACCOUNT_EXISTS")).toBe("api.account.register.exists");
    expect(keyOfCode("anything else")).toBe("api.account.generic");
    expect(countryOfMarket("se")).toBe("SE");
    expect(countryOfMarket("no")).toBe("NO");
  });
});
