/**
 * Providers that ignore dots in an address's local part (`v.ictim@` is `victim@`), by the
 * domain an address is written with, and the domain their mailboxes are counted under.
 */
const DOTS_IGNORED: ReadonlyMap<string, string> = new Map([
  ["gmail.com", "gmail.com"],
  ["googlemail.com", "gmail.com"],
]);

/**
 * The mailbox an e-mail address delivers to, as a limit counts it: lower-cased, the plus tag
 * dropped (`victim+1@example.com` is `victim@example.com`), and at Gmail (gmail.com and
 * googlemail.com, both read as gmail.com) the local part's dots dropped too. Elsewhere dots stay:
 * `first.last@` and `firstlast@` may be two people. A limit counted on the address as typed would
 * give `victim+1@` … `victim+8@` eight allowances for one inbox.
 *
 * Only a limit's key: the address is still sent as typed. Odd input (no `@`, more than one, an
 * empty side, a local part that would be left empty) is its own mailbox, lower-cased.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const parts = address.split("@");
  if (parts.length !== 2) return address;
  const [written, fullDomain] = parts as [string, string];
  const domain = fullDomain.replace(/\.+$/, "");
  if (!written || !domain) return address;
  const plus = written.indexOf("+");
  let local = plus === -1 ? written : written.slice(0, plus);
  const dotless = DOTS_IGNORED.get(domain);
  if (dotless !== undefined) local = local.replaceAll(".", "");
  if (!local) return address;
  return `${local}@${dotless ?? domain}`;
}
