/**
 * Values of an exact length, for the tests of the forms' limits: a value right at a limit must
 * be one the form takes (a well-formed address, an http(s) URL), so only its length decides.
 */

/**
 * A well-formed e-mail address of `length` characters (210 to 264): a 64-character local part,
 * the most an address may have, and domain labels of at most 63 characters, as DNS allows.
 */
export function addressOfLength(length: number): string {
  const last = length - 201;
  if (last < 1 || last > 63) throw new Error(`no address of ${length} characters here`);
  return `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(last)}.example`;
}

/** An https address of `length` characters (at least 27) on a partner's own site. */
export function webAddressOfLength(length: number): string {
  const site = "https://northwind.example/";
  if (length <= site.length) throw new Error(`no web address of ${length} characters here`);
  return `${site}${"p".repeat(length - site.length)}`;
}

/** A text of `length` characters. */
export function textOfLength(length: number): string {
  return "x".repeat(length);
}
