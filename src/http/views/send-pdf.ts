import type { FastifyReply } from 'fastify';
import type { PdfDownload } from '../../domain/envelopes/download-item.js';
import { contentDisposition } from './content-disposition.js';

/** Streams a PDF answer: its type, its file name for the browser, and its length when known. */
export function sendPdf(reply: FastifyReply, pdf: PdfDownload): FastifyReply {
  void reply.type('application/pdf').header('Content-Disposition', contentDisposition(pdf.filename));
  if (pdf.size !== null) void reply.header('Content-Length', pdf.size);
  return reply.send(pdf.stream);
}
