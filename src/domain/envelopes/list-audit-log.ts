import { countAuditEvents, listAuditEvents } from '../../db/repositories/audit.repo.js';
import type { Principal } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { getEnvelopeGraph } from './get-envelope.js';
import { parseAuditActor, parseAuditData } from '../audit/stored-audit.js';

/** The envelope's audit log as paged JSON (the PDF form is the audit-log download). */
export async function listAuditLog(
  ctx: Ctx,
  principal: Principal,
  envelopeId: string,
  page: { page: number; perPage: number; direction: 'asc' | 'desc' },
) {
  const { envelope } = await getEnvelopeGraph(ctx.db, principal.platformId, { publicId: envelopeId });
  const [rows, count] = await Promise.all([
    listAuditEvents(ctx.db, envelope.id, {
      offset: (page.page - 1) * page.perPage,
      limit: page.perPage,
      direction: page.direction,
    }),
    countAuditEvents(ctx.db, envelope.id),
  ]);
  return {
    data: rows.map((row) => {
      const actor = parseAuditActor(row) as { kind: string; name?: string; email?: string };
      return {
        id: String(row.id),
        envelopeId: envelope.publicId,
        type: row.type,
        data: parseAuditData(row),
        name: actor.name ?? null,
        email: actor.email ?? null,
        userId: null,
        userAgent: row.userAgent,
        ipAddress: row.ip,
        createdAt: row.createdAt,
        seq: row.seq,
        hash: row.hash,
      };
    }),
    count,
    currentPage: page.page,
    perPage: page.perPage,
    totalPages: Math.ceil(count / page.perPage),
  };
}
