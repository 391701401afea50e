import { countRowsByStatus, finishedRows, type BulkSendRow } from '../../db/repositories/bulk-send.repo.js';
import type { Db } from '../../db/database.js';

export interface BulkSendView {
  id: string;
  templateId: number;
  status: 'RUNNING' | 'DONE';
  distribute: boolean;
  totalRows: number;
  pendingRows: number;
  doneRows: number;
  failedRows: number;
  /** Each failed row: its line in the CSV (the header is line 1), the column at fault when known, why. */
  failures: { line: number; column: string | null; message: string }[];
  /** The documents made so far, in row order. */
  documentIds: number[];
  createdAt: string;
  finishedAt: string | null;
}

/** The run's progress, read from its rows (two queries, whatever the row count). */
export async function presentBulkSend(db: Db, run: BulkSendRow): Promise<BulkSendView> {
  const [counts, ended] = await Promise.all([
    countRowsByStatus(db, run.platformId, run.id),
    finishedRows(db, run.platformId, run.id),
  ]);
  const failures: BulkSendView['failures'] = [];
  const documentIds: number[] = [];
  for (const row of ended) {
    if (row.status === 'DONE' && row.envelopeId !== null) documentIds.push(row.envelopeId);
    if (row.status === 'FAILED') {
      const error = JSON.parse(row.error ?? '{}') as { message?: string; column?: string };
      failures.push({ line: row.rowNumber, column: error.column ?? null, message: error.message ?? 'failed' });
    }
  }
  return {
    id: run.id,
    templateId: run.templateId,
    status: run.status,
    distribute: run.distribute === 1,
    totalRows: run.totalRows,
    pendingRows: counts.PENDING,
    doneRows: counts.DONE,
    failedRows: counts.FAILED,
    failures,
    documentIds,
    createdAt: run.createdAt,
    finishedAt: run.finishedAt,
  };
}
