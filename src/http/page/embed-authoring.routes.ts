import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../../domain/context.js';
import { openAuthoringPage, type AuthoringTarget } from '../../domain/embed-authoring/open-authoring-page.js';
import { defineHiddenRoute, type Operation } from '../operation.js';
import { appBundleLoader } from '../web-app/app-assets.js';
import { appShell, NOT_BUILT_PAGE } from '../web-app/app-shell.js';
import { embedOrigins } from './embed-origins.js';
import { noticePage, pageCsp, pageHeaders, pickLanguage } from './page-shell.js';

/** Which of Documenso's authoring components a page serves (the client's behaviour and events follow it). */
export type AuthoringMode =
  | 'v1-document-create'
  | 'v1-document-edit'
  | 'v1-template-create'
  | 'v1-template-edit'
  | 'v2-envelope-create'
  | 'v2-envelope-edit';

interface AuthoringRoute {
  url: string;
  mode: AuthoringMode;
  /** What the page opens, from the path's id (null: the id is malformed, so nothing opens). */
  target: (params: Record<string, string>) => AuthoringTarget | null;
}

const NUMERIC_ID = /^[1-9][0-9]{0,14}$/;
const ENVELOPE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const create = (): AuthoringTarget => ({ kind: 'create' });
const numeric = (type: 'DOCUMENT' | 'TEMPLATE') => (params: Record<string, string>) =>
  NUMERIC_ID.test(params.id ?? '') ? { kind: 'edit' as const, type, documentId: Number(params.id) } : null;

export const AUTHORING_ROUTES: readonly AuthoringRoute[] = [
  { url: '/embed/v1/authoring/document/create', mode: 'v1-document-create', target: create },
  { url: '/embed/v1/authoring/document/edit/:id', mode: 'v1-document-edit', target: numeric('DOCUMENT') },
  { url: '/embed/v1/authoring/template/create', mode: 'v1-template-create', target: create },
  { url: '/embed/v1/authoring/template/edit/:id', mode: 'v1-template-edit', target: numeric('TEMPLATE') },
  { url: '/embed/v2/authoring/envelope/create', mode: 'v2-envelope-create', target: create },
  {
    url: '/embed/v2/authoring/envelope/edit/:envelopeId',
    mode: 'v2-envelope-edit',
    target: (params) =>
      ENVELOPE_ID.test(params.envelopeId ?? '')
        ? { kind: 'edit', type: null, publicId: params.envelopeId as string }
        : null,
  },
];

/**
 * Documenso's authoring embeds (EmbedCreateDocumentV1, EmbedUpdateEnvelopeV2, …) at the root of
 * Firma's origin. Each checks the presign token in `?token=` (scoped as Documenso scopes it:
 * open-authoring-page.ts) and answers the web app's bundle in its embedded-editor mode, framed by
 * FIRMA_FRAME_ANCESTORS with the signing shells' CSP (no inline script; pdf.js's worker allowed).
 * What the script needs comes in <meta> elements: the mode, the envelope's ids and the origins its
 * events may go to. The token itself is never written in the page (the script reads the address;
 * no-referrer keeps it out of Referer headers). Any token or id that does not open answers the same
 * framable 404 page. These static paths take precedence over embed-page.routes.ts' authoring wildcard.
 */
export function embedAuthoringPageRoutes(ctx: Ctx): Operation[] {
  const origins = embedOrigins(ctx.config.http.frameAncestors);
  const csp = pageCsp(ctx.config.http.frameAncestors);
  const bundleOf = appBundleLoader();

  const invalid = (reply: FastifyReply, request: FastifyRequest) =>
    reply.status(404).send(
      noticePage(pickLanguage(request.headers['accept-language']), ['invalidTitle', 'invalidBody'], {
        chromeless: true,
        meta: [['firma-embed-page', 'authoring']],
      }),
    );

  return AUTHORING_ROUTES.map((route) =>
    defineHiddenRoute({
      method: 'GET',
      url: route.url,
      handle: async (_ctx, request, reply) => {
        pageHeaders(reply, csp);
        const token = (request.query as { token?: unknown }).token;
        const target = route.target(request.params as Record<string, string>);
        if (typeof token !== 'string' || !target) return invalid(reply, request);
        const opened = await openAuthoringPage(ctx, token, target);
        if (!opened) return invalid(reply, request);
        const bundle = bundleOf();
        if (!bundle) return reply.status(503).send(NOT_BUILT_PAGE);
        const envelope = opened.envelope;
        const meta: Record<string, string> = {
          'firma-page': 'embed-authoring',
          'firma-authoring-mode': route.mode,
          ...(origins.length > 0 ? { 'firma-embed-origins': origins.join(' ') } : {}),
          ...(opened.whiteLabel ? { 'firma-embed-white-label': 'on' } : {}),
          ...(envelope
            ? {
                'firma-envelope-id': envelope.publicId,
                'firma-document-id': String(envelope.documentId),
                'firma-envelope-type': envelope.type,
              }
            : {}),
        };
        return reply.send(appShell(pickLanguage(request.headers['accept-language']), bundle, meta));
      },
    }),
  );
}
