import { getRandomValues } from "node:crypto";
import {
  cryptoSource,
  generatePassword,
  type GenerateResult,
  type PasswordOptions,
} from "./password";
import { hasPasswordQuery, passwordOptionsOf } from "./password-query";

/** What the generator block shows after its form was sent without JS. */
export interface GeneratedForRequest {
  options: PasswordOptions;
  result: GenerateResult;
}

/**
 * The password the URL's form asks for, made here with node:crypto (null without the form). The
 * password is only ever put into the page: never logged, never sent anywhere else.
 */
export function generateForRequest(url: URL): GeneratedForRequest | null {
  if (!hasPasswordQuery(url)) return null;
  const options = passwordOptionsOf(url);
  const source = cryptoSource((array) => getRandomValues(array));
  return { options, result: generatePassword(options, source) };
}
