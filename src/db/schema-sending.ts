import type { Generated } from 'kysely';

// Row types of sending at scale: bulk sends and their rows, the sender addresses (see schema.ts).

export type BulkSendStatus = 'RUNNING' | 'DONE';

export type BulkSendRowStatus = 'PENDING' | 'DONE' | 'FAILED';

export interface BulkSendTable {
  id: string;
  platformId: number;
  /** The template's envelope id (numeric). */
  templateId: number;
  status: BulkSendStatus;
  distribute: number;
  totalRows: number;
  /** JSON: the ApiCaller that started the run (token id, platform name, address, user agent). */
  caller: string;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

export interface BulkSendRowTable {
  bulkSendId: string;
  /** The row's line in the CSV, counting the header as line 1. */
  rowNumber: number;
  platformId: number;
  status: BulkSendRowStatus;
  /** JSON: the row's recipients and prefills, ready for `use` (null once done). */
  input: string | null;
  /** JSON: why the row failed ({message, column?}). */
  error: string | null;
  envelopeId: number | null;
  updatedAt: string;
}

/** An address a platform's documents may send from (`meta.emailId`), once verified (migration 0061). */
export interface SenderIdentityTable {
  id: string;
  platformId: number;
  /** Lower-cased. */
  email: string;
  /** The display name its mails carry; null: the platform's sender name. */
  name: string | null;
  /** slowHash of the 6-digit code mailed to the address; null once verified. */
  codeHash: string | null;
  codeExpiresAt: string | null;
  /** When the latest code was issued (a new one is refused for a minute after). */
  codeSentAt: string | null;
  /** Tries spent on the current code (each counted before it is checked). */
  codeTries: Generated<number>;
  verifiedAt: string | null;
  createdAt: string;
  updatedAt: string;
}
