import { countAuditEvents, listAuditEvents } from '../../db/repositories/audit.repo.js';
import type { Principal } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { getEnvelopeGraph } from './get-envelope.js';
import { auditLogEntryView } from '../audit/audit-log-view.js';

/** The envelope's audit log as paged JSON, in Documenso's shape (the PDF form is the audit-log download). */
export async function listAuditLog(
  ctx: Ctx,
  principal: Principal,
  envelopeId: string,
  page: { page: number; perPage: number; direction: 'asc' | 'desc' },
) {
  const graph = await getEnvelopeGraph(ctx.db, principal.platformId, { publicId: envelopeId });
  const { envelope } = graph;
  const [rows, count] = await Promise.all([
    listAuditEvents(ctx.db, envelope.id, {
      offset: (page.page - 1) * page.perPage,
      limit: page.perPage,
      direction: page.direction,
    }),
    countAuditEvents(ctx.db, envelope.id),
  ]);
  const parts = {
    envelopePublicId: envelope.publicId,
    recipients: new Map(graph.recipients.map((r) => [r.id, r])),
    fields: new Map(graph.fields.map((f) => [f.id, f])),
  };
  return {
    data: rows.map((row) => auditLogEntryView(row, parts)),
    count,
    currentPage: page.page,
    perPage: page.perPage,
    totalPages: Math.ceil(count / page.perPage),
  };
}
