import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../../domain/context.js';
import { checkEmbedSigning, type EmbedSigningLink } from '../../domain/signing/check-embed-signing.js';
import { signingPageBrand } from '../../domain/signing/signing-page-brand.js';
import { checkDirectLink } from '../../domain/templates/use-direct-link.js';
import { defineHiddenRoute, type Operation } from '../operation.js';
import { EMBED_TEXT } from './embed-page-text.js';
import { embedOrigins } from './embed-origins.js';
import {
  noticePage,
  pageCsp,
  pageHeaders,
  pageLanguage,
  pickLanguage,
  shellPage,
  type NoticeKey,
  type ShellOptions,
} from './page-shell.js';
import type { PageLanguage } from './page-shell-text.js';

/** The most documents one multisign address may name. */
export const MULTISIGN_MAX = 20;

type Meta = ShellOptions['meta'];

/** Where a recipient can still do something: multisign opens these, and skips the others. */
const OPEN_STATES = new Set(['ready', 'out_of_turn', 'expired']);

/**
 * Documenso's embed pages at the root of Firma's origin (its components build their URLs with
 * `new URL('/embed/…', host)`, so a path prefix in `host` is dropped): `/embed/sign/{token}`,
 * `/embed/direct/{token}` and `/embed/v1/multisign?token=…`. Each is the signing page's or the
 * direct link's shell with an entry module that speaks Documenso's protocol (documenso-embed.js),
 * framed by FIRMA_FRAME_ANCESTORS like `/sign/*` (Documenso frames `/embed/*` anywhere; Firma
 * keeps the operator's list). The authoring paths answer 501 with a page saying the embedded
 * editor is not available yet, and any other `/embed/` path a framable 404 page.
 */
/** What every embed page is built with: the origins its messages may go to. */
interface EmbedKit {
  /** Ids and outcomes are written only for the origins the events may go to, as on /sign/{token}. */
  events: boolean;
  origins: string[];
}

function protocolMeta(kit: EmbedKit, page: string, whiteLabel: boolean): Meta {
  return [
    ['firma-embed-protocol', 'documenso'],
    ['firma-embed-page', page],
    ['firma-embed-origins', kit.events ? kit.origins.join(' ') : null],
    ['firma-embed-white-label', whiteLabel ? 'on' : null],
  ];
}

function linkMeta(kit: EmbedKit, link: EmbedSigningLink): Meta {
  return [
    ['firma-envelope-id', kit.events ? link.envelopeId : null],
    ['firma-document-id', kit.events ? String(link.documentId) : null],
    ['firma-recipient-id', kit.events ? String(link.recipientId) : null],
  ];
}

/**
 * A notice page that stays framable, redrawn in the fragment's language by embed-notice.js, which
 * also tells the app `document-error` (with `error` as its data; none when null).
 */
function notice(
  kit: EmbedKit,
  reply: FastifyReply,
  status: number,
  lang: PageLanguage,
  page: string,
  keys: [NoticeKey, NoticeKey] | ['authoringTitle', 'authoringBody'],
  error: string | null,
) {
  const text =
    keys[0] === 'authoringTitle'
      ? { title: EMBED_TEXT[lang].authoringTitle, body: EMBED_TEXT[lang].authoringBody }
      : keys;
  const meta: Meta = [
    ...protocolMeta(kit, page, false),
    ['firma-notice', keys.join(' ')],
    ['firma-embed-error', error],
  ];
  return reply.status(status).send(noticePage(lang, text, { chromeless: true, meta, script: 'embed-notice.js' }));
}

/**
 * `/embed/v1/multisign?token=a&token=b…[&document=n]`: several recipients' documents one after the
 * other. `document` is where to look from; the first still open from there is shown (with the
 * signing page), and past the last the summary. Every document is described for the summary and
 * for `all-documents-completed` (ids and reasons only for allowed origins).
 */
async function multisignPage(
  ctx: Ctx,
  kit: EmbedKit,
  request: FastifyRequest,
  reply: FastifyReply,
  asked: PageLanguage,
) {
  const query = request.query as { token?: unknown; document?: unknown };
  const tokens = ([] as unknown[]).concat(query.token ?? []);
  const invalid = () => notice(kit, reply, 404, asked, 'multisign', ['invalidTitle', 'invalidBody'], 'null');
  if (tokens.length === 0 || tokens.length > MULTISIGN_MAX) return invalid();
  if (!tokens.every((t): t is string => typeof t === 'string')) return invalid();
  const found = await checkEmbedSigning(ctx, tokens);
  if (!found) return invalid();
  const from = typeof query.document === 'string' && /^\d{1,3}$/.test(query.document) ? Number(query.document) : 0;
  const current = found.links.findIndex((l, i) => i >= from && OPEN_STATES.has(l.state));
  const shown = found.links[current] ?? found.links[0]!;
  const documents = found.links.map((l) => ({
    state: l.state,
    signingStatus: l.signingStatus,
    title: l.title,
    ...(kit.events ? { documentId: l.documentId, recipientId: l.recipientId, reason: l.rejectionReason } : {}),
  }));
  const meta: Meta = [
    ...protocolMeta(kit, 'multisign', found.whiteLabel),
    ['firma-multisign-documents', JSON.stringify(documents)],
    ['firma-multisign-current', current >= 0 ? String(current) : null],
    ...(current >= 0 ? linkMeta(kit, shown) : []),
  ];
  const script = current >= 0 ? 'embed-sign.js' : 'embed-multisign.js';
  return reply.send(shellPage(pageLanguage(shown.language, asked), script, { chromeless: true, meta }));
}

export function embedPageRoutes(ctx: Ctx): Operation[] {
  const origins = embedOrigins(ctx.config.http.frameAncestors);
  const kit: EmbedKit = { events: origins.length > 0, origins };
  const csp = pageCsp(ctx.config.http.frameAncestors);
  const page =
    (handle: (request: FastifyRequest, reply: FastifyReply, asked: PageLanguage) => Promise<unknown>) =>
    async (_ctx: Ctx, request: FastifyRequest, reply: FastifyReply) => {
      pageHeaders(reply, csp);
      return handle(request, reply, pickLanguage(request.headers['accept-language']));
    };

  return [
    defineHiddenRoute({
      method: 'GET',
      url: '/embed/sign/:token',
      handle: page(async (request, reply, asked) => {
        const { token } = request.params as { token: string };
        const found = await checkEmbedSigning(ctx, [token]);
        const link = found?.links[0];
        if (!found || !link) return notice(kit, reply, 404, asked, 'sign', ['invalidTitle', 'invalidBody'], 'null');
        const meta = [...protocolMeta(kit, 'sign', found.whiteLabel), ...linkMeta(kit, link)];
        // The team's colour, under the embedder's css and cssVars (which set --brand itself).
        const brand = await signingPageBrand(ctx, link.platformId, true);
        return reply.send(
          shellPage(pageLanguage(link.language, asked), 'embed-sign.js', { chromeless: true, meta, brand }),
        );
      }),
    }),

    // `?externalId=` is read by the page, which sends it with the visitor's details.
    defineHiddenRoute({
      method: 'GET',
      url: '/embed/direct/:token',
      handle: page(async (request, reply, asked) => {
        const { token } = request.params as { token: string };
        const link = await checkDirectLink(ctx, token);
        if (!link) return notice(kit, reply, 404, asked, 'direct', ['invalidTitle', 'directInvalidBody'], 'NOT_FOUND');
        if (link.disabled)
          return notice(
            kit,
            reply,
            410,
            asked,
            'direct',
            ['directDisabledTitle', 'directDisabledBody'],
            'DIRECT_LINK_DISABLED',
          );
        const meta = protocolMeta(kit, 'direct', link.whiteLabel);
        // The colour only, as on the embedded signing page; the embedder's css and cssVars win.
        const brand = link.platformId === null ? undefined : await signingPageBrand(ctx, link.platformId, true);
        return reply.send(
          shellPage(pageLanguage(link.language, asked), 'embed-direct.js', {
            chromeless: true,
            meta,
            ...(brand ? { brand } : {}),
          }),
        );
      }),
    }),

    defineHiddenRoute({
      method: 'GET',
      url: '/embed/v1/multisign',
      handle: page((request, reply, asked) => multisignPage(ctx, kit, request, reply, asked)),
    }),

    // The authoring components (EmbedCreateDocumentV1, EmbedCreateEnvelopeV2, …) come with the
    // document editor; until then their frames say so instead of a blank or JSON error.
    ...['/embed/v1/authoring/*', '/embed/v2/authoring/*'].map((url) =>
      defineHiddenRoute({
        method: 'GET',
        url,
        handle: page(async (_request, reply, asked) =>
          notice(kit, reply, 501, asked, 'authoring', ['authoringTitle', 'authoringBody'], null),
        ),
      }),
    ),
    defineHiddenRoute({
      method: 'GET',
      url: '/embed/*',
      handle: page(async (_request, reply, asked) =>
        notice(kit, reply, 404, asked, 'unknown', ['invalidTitle', 'invalidBody'], null),
      ),
    }),
  ];
}
