import { findFolder } from '../../db/repositories/folder.repo.js';
import type { EnvelopeType } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { memberMaySeeFolder } from '../auth/member-visibility.js';
import type { EnvelopeStatus } from '../../lib/vocabulary/envelope-status.js';
import type { ApiCaller } from '../auth/principal.js';
import type { Ctx } from '../context.js';
import { findEnvelopeEntries } from '../envelopes/find-envelopes.js';
import { memberEnvelopeView } from './member-envelope-view.js';

export interface MemberListInput {
  query?: string | undefined;
  status?: EnvelopeStatus | undefined;
  folderId?: string | undefined;
  page: number;
  perPage: number;
}

/**
 * A platform's documents or templates as the member may see them (visibility, or owned by them,
 * or addressed to them), newest first: the API's envelope listing (its indexes, its page and one
 * query for the page's recipients, one for its owners), searched by title, externalId, or a
 * recipient's whole e-mail address or name. A folder filter naming a folder the member may not see
 * (above their role), like an unknown one, is NOT_FOUND: nothing is seen through it.
 * @throws NOT_FOUND
 */
export async function findMemberEnvelopes(ctx: Ctx, caller: ApiCaller, type: EnvelopeType, input: MemberListInput) {
  if (input.folderId !== undefined) {
    const folder = await findFolder(ctx.db, caller.principal.platformId, input.folderId);
    if (!folder || folder.type !== type || !memberMaySeeFolder(caller.principal.member, folder.visibility))
      throw notFound('Folder');
  }
  const page = await findEnvelopeEntries(ctx, caller.principal, {
    type,
    query: input.query,
    queryRecipients: true,
    status: input.status,
    folderId: input.folderId,
    page: input.page,
    perPage: input.perPage,
    orderByDirection: 'desc',
  });
  return {
    data: page.data.map(({ row, recipients, owner }) => memberEnvelopeView(row, recipients, owner)),
    count: page.count,
    page: page.currentPage,
    perPage: page.perPage,
    totalPages: page.totalPages,
  };
}
