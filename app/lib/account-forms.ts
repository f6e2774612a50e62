import { newPasswordProblem, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#domain/password.ts";
import { type Country, isValidEmail, isValidIdentityNumber, isValidPostalCode } from "#domain/validators.ts";
import type { AccountKey } from "../i18n/account.ts";

/**
 * The account forms' checks, one set for the browser (before anything is sent) and the server (forms sent without
 * JavaScript): each field's problem as the key of its text (app/i18n/account.ts; the exact texts of spec §5). The
 * rules themselves are domain/'s (validators.ts, password.ts); this only says which rule a form applies where.
 */
export type Problems = Partial<Record<string, AccountKey>>;

/** The parameters every account text may need (the password's limits). */
export const TEXT_PARAMS = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH } as const;

const PASSWORD_KEYS = {
  required: "api.account.password.required",
  tooShort: "api.account.password.tooShort",
  tooLong: "api.account.password.tooLong",
  common: "api.account.password.common",
} as const satisfies Record<string, AccountKey>;

function emailProblem(email: string): AccountKey | null {
  if (email.trim() === "") return "api.account.field.required";
  return isValidEmail(email) ? null : "api.account.email.invalid";
}

/** Sign-in: an e-mail and a password (any password: its rules were checked when it was chosen). */
export function loginProblems(form: { email: string; password: string }): Problems {
  const problems: Problems = {};
  const email = emailProblem(form.email);
  if (email) problems.email = email;
  if (form.password === "") problems.password = "api.account.password.required";
  return problems;
}

/** A new password and its repetition. */
export function newPasswordProblems(
  form: { password: string; passwordRepeat: string },
  names: { password: string; passwordRepeat: string } = {
    password: "password",
    passwordRepeat: "passwordRepeat",
  },
): Problems {
  const problems: Problems = {};
  const problem = newPasswordProblem(form.password);
  if (problem) problems[names.password] = PASSWORD_KEYS[problem];
  else if (form.password !== form.passwordRepeat)
    problems[names.passwordRepeat] = "api.account.password.mismatch";
  return problems;
}

export interface RegisterForm {
  email: string;
  password: string;
  passwordRepeat: string;
  customerType: "PERSON" | "ORGANIZATION";
  company: string;
  organizationId: string;
}

/** Registration: e-mail, a new password twice, and for an organisation its name and a valid number. */
export function registerProblems(form: RegisterForm, country: Country): Problems {
  const problems: Problems = { ...newPasswordProblems(form) };
  const email = emailProblem(form.email);
  if (email) problems.email = email;
  if (form.customerType === "ORGANIZATION") {
    if (form.company.trim() === "") problems.company = "api.account.field.required";
    if (form.organizationId.trim() === "") problems.organizationId = "api.account.field.required";
    else if (!isValidIdentityNumber(form.organizationId, country, "ORGANIZATION"))
      problems.organizationId = "api.account.organizationId.invalid";
  }
  return problems;
}

/** Forgotten password: an e-mail. */
export function forgotProblems(form: { email: string }): Problems {
  const email = emailProblem(form.email);
  return email ? { email } : {};
}

export interface ProfileForm {
  customerType: "PERSON" | "ORGANIZATION";
  country: string;
  personalId: string;
  organizationId: string;
  company: string;
  zip: string;
}

/**
 * Settings: the personnummer or fødselsnummer of the address's country (Swedish or Norwegian, the 2032 scheme
 * included), an organisation's number and name, and the zip code of the country.
 */
export function profileProblems(form: ProfileForm, fallback: Country): Problems {
  const problems: Problems = {};
  const country: Country = form.country === "SE" ? "SE" : form.country === "NO" ? "NO" : fallback;
  if (form.customerType === "PERSON" && form.personalId.trim() !== "") {
    if (!isValidIdentityNumber(form.personalId, country, "PERSON"))
      problems.personalId = "api.account.personalId.invalid";
  }
  if (form.customerType === "ORGANIZATION") {
    if (form.company.trim() === "") problems.company = "api.account.field.required";
    if (form.organizationId.trim() === "") problems.organizationId = "api.account.field.required";
    else if (!isValidIdentityNumber(form.organizationId, country, "ORGANIZATION"))
      problems.organizationId = "api.account.organizationId.invalid";
  }
  if (form.zip.trim() !== "" && !isValidPostalCode(form.zip, country))
    problems.zip = "api.account.zip.invalid";
  return problems;
}

/** The text key for an auth endpoint's error code (its message is in the answer too, for script callers). */
export function keyOfCode(code: string | null): AccountKey {
  switch (code) {
    case "WRONG_CREDENTIALS":
      return "api.account.signIn.wrong";
    case "ACCOUNT_EXISTS":
      return "api.account.register.exists";
    case "CHALLENGE_EXPIRED":
      return "api.account.signIn.expired";
    case "COMMON_PASSWORD":
      return "api.account.password.common";
    case "RATE_LIMITED":
      return "panel.rateLimited";
    case "UNAUTHENTICATED":
      return "api.account.signIn.required";
    default:
      return "api.account.generic";
  }
}

/** The market's country ("se" → SE, else NO): whose identity numbers a form without an address country takes. */
export function countryOfMarket(market: string): Country {
  return market.toLowerCase() === "se" ? "SE" : "NO";
}
