import { z } from 'zod';

/**
 * An address the mailer delivers exactly as recorded. nodemailer parses a `to` string as an
 * address list: `a,b@x` and `a;b@x` go to `b@x`, `<a>@x` to `a`, `a b@x` and `a(b)@x` to the
 * last word, `a:b@x` to a group; so the local part is an RFC 5322 dot-atom (letters and digits of
 * any script, ``!#$%&'*+/=?^_`{|}~-``, single dots inside), with no quoted form, no space, no
 * control character and no `=?` (a receiver would decode an encoded word). The domain is ASCII
 * labels of letters, digits and hyphens (a non-ASCII one would be sent as its punycode). Spec
 * section 2: at most 64 characters before the `@`, 254 in all.
 */
const ATOM = "[\\p{L}\\p{M}\\p{N}!#$%&'*+/=?^_`{|}~-]+";
const LOCAL_PART = new RegExp(`^${ATOM}(?:\\.${ATOM})*$`, 'u');
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const DOMAIN = new RegExp(`^(?:${LABEL}\\.)+${LABEL}$`);

export function isDeliverableAddress(value: string): boolean {
  const at = value.lastIndexOf('@');
  if (at < 1 || value.length > 254) return false;
  const local = value.slice(0, at);
  return local.length <= 64 && LOCAL_PART.test(local) && !local.includes('=?') && DOMAIN.test(value.slice(at + 1));
}

const MESSAGE =
  "must be an e-mail address delivered as written: letters, digits, single dots and !#$%&'*+/=?^_`{|}~- before the @ (no spaces, quotes, commas, semicolons, <>, (), [], \\ or :), a domain of letters, digits and hyphens";

/**
 * The one e-mail address schema: every member that takes an address (recipients, CC, reply-to,
 * template and direct-link recipients, bulk-send rows, the owner's notice address) uses it, or
 * `ZOptionalEmailAddress` where an empty one is allowed. Trimmed and lower-cased, so what is
 * recorded is what the mail is sent to.
 */
export const ZEmailAddress = z
  .string()
  .trim()
  .max(254)
  .refine(isDeliverableAddress, MESSAGE)
  .transform((v) => v.toLowerCase());

/** An address, or "" for none (a template's placeholder recipient). */
export const ZOptionalEmailAddress = z
  .string()
  .trim()
  .max(254)
  .refine((v) => v === '' || isDeliverableAddress(v), `must be empty or ${MESSAGE.replace('must be ', '')}`)
  .transform((v) => v.toLowerCase());
