import { hash, verify } from '@node-rs/argon2';

/**
 * Account passwords: argon2id (the library's default algorithm, version 0x13) with OWASP's
 * Password Storage Cheat Sheet minimum, m = 19 MiB, t = 2, p = 1, a 16-byte random salt and a
 * 32-byte hash, stored as the PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`), which carries its
 * parameters so they can be raised later. @node-rs/argon2 computes on libuv's thread pool and
 * answers with a promise: the event loop stays free while a hash takes its tens of milliseconds
 * (password-hash.test.ts proves the loop turns while one runs).
 */
export const PASSWORD_HASH_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

/** Unicode passwords are compared as the same characters however the keyboard composed them. */
const normalized = (password: string) => password.normalize('NFC');

export function hashPassword(password: string): Promise<string> {
  return hash(normalized(password), PASSWORD_HASH_OPTIONS);
}

/** False for a wrong password and for a stored value that is not an argon2 hash. */
export async function passwordMatches(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, normalized(password));
  } catch {
    return false;
  }
}

let dummy: Promise<string> | null = null;

/**
 * Spends what checking a real password costs, for an address no account has: a sign-in with an
 * unknown e-mail then takes as long as one with a wrong password, so timing tells neither apart.
 */
export async function spendPasswordCheck(password: string): Promise<false> {
  dummy ??= hashPassword('firma dummy password, matched by nothing');
  await passwordMatches(await dummy, password);
  return false;
}
