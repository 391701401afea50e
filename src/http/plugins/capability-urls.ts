import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../../domain/context.js';
import { downloadByLink } from '../../domain/envelopes/download-link.js';
import { receiveDocumentUpload, type ReceivedUpload } from '../../domain/envelopes/receive-document-upload.js';
import { AppError } from '../../errors.js';
import { sendPdf } from '../views/send-pdf.js';

/**
 * The two capability URLs v1 and v2 hand out, served the same way under either version: the
 * upload URL (a raw PDF body) and the download link. The URL is the credential: these routes
 * take no API token (`config: { public: true }`) and the logger redacts their paths.
 */

/** Lets the scope's routes take a raw PDF body, as a stream: staged while read, never buffered whole. */
export function acceptRawPdf(app: FastifyInstance): void {
  app.addContentTypeParser(['application/pdf', 'application/octet-stream'], (_request, payload, done) =>
    done(null, payload),
  );
}

/** PUT of an upload URL: the raw PDF, with the limits and checks of every upload. */
export async function receiveRawPdf(
  ctx: Ctx,
  token: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<ReceivedUpload> {
  try {
    const type = String(request.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim();
    if (type !== 'application/pdf' && type !== 'application/octet-stream')
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the raw PDF with Content-Type: application/pdf');
    const staged = await ctx.storage.stage(request.body as NodeJS.ReadableStream & AsyncIterable<Uint8Array>, {
      maxBytes: ctx.config.limits.uploadBytes,
    });
    return await receiveDocumentUpload(ctx, token, staged);
  } catch (error) {
    // The refusal may come before the body was read to its end: close the connection so the
    // client does not reuse a socket that still carries the rest of the upload.
    void reply.header('Connection', 'close');
    throw error;
  }
}

/** GET of a download link: the PDF, never cached, never named in a Referer. */
export async function sendLinkedPdf(ctx: Ctx, link: string, reply: FastifyReply): Promise<FastifyReply> {
  const pdf = await downloadByLink(ctx, link);
  void reply.header('Cache-Control', 'private, no-store').header('Referrer-Policy', 'no-referrer');
  return sendPdf(reply, pdf);
}
