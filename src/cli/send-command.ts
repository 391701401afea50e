import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import type { ApiCaller } from '../domain/auth/principal.js';
import type { Ctx } from '../domain/context.js';
import { createEnvelope } from '../domain/envelopes/create-envelope.js';
import { deleteEnvelope } from '../domain/envelopes/delete-envelope.js';
import { distributeEnvelope } from '../domain/envelopes/distribute-envelope.js';
import { FIELD_TYPES, provesSigning, type FieldType } from '../lib/vocabulary/field-types.js';
import { ZMetaInput } from '../domain/model/envelope-meta.js';
import { getPlatformOperator } from '../domain/platforms/get-platform-operator.js';
import { ZRecipientCreate } from '../domain/recipients/recipient-input.js';
import { nationalIdRule, satisfiesIdentityRule, type IdentityRuleName } from '../domain/recipients/identity-rule.js';
import { loadIdentityRule } from '../domain/recipients/load-identity-rule.js';
import { AppError } from '../errors.js';
import { progressBar } from './progress.js';

/** Uploads above this size show progress on stderr; smaller ones are read before a bar would move. */
const PROGRESS_FROM_BYTES = 4 * 1024 * 1024;

export interface SendCommandInput {
  file: string | undefined;
  /** `--signer` and `--field` in the order typed: a field belongs to the signer before it. */
  ordered: { option: 'signer' | 'field'; value: string }[];
  placeholders: boolean;
  title: string | undefined;
  platform: string;
  email: boolean;
  json: boolean;
}

const USAGE =
  'usage: firma send <file.pdf> --signer "Name <email> CUIL" [--field type:page:x,y] … [--placeholders] [--title T] [--email]';

/**
 * `firma send`: the API's create and distribute for people who do not write code, through the
 * same use cases (one transaction each, audit entries and jobs as for the API). Each `--signer`
 * is `Name <email> CUIL`; the `--field`s after it are that signer's (`type:page:x,y`, percent of
 * the page from the top left); a signer without any gets a signature field at the bottom of page
 * 1, unless `--placeholders` says the PDF's tags (`{{signature, r1}}`) place them. Prints each
 * signing URL (distribution NONE) or, with `--email`, has Firma mail them.
 * @throws VALIDATION_ERROR for a usage mistake, and the create and distribute codes.
 */
export async function sendCommand(ctx: Ctx, input: SendCommandInput, out: (text: string) => void): Promise<number> {
  if (!input.file) throw new AppError('VALIDATION_ERROR', USAGE);
  const principal = await getPlatformOperator(ctx, input.platform);
  const recipients = parseRecipients(
    input.ordered,
    input.placeholders,
    await loadIdentityRule(ctx.db, principal.platformId),
  );
  const size = await stat(input.file).then(
    (s) => s.size,
    (error: NodeJS.ErrnoException) => {
      throw new AppError('VALIDATION_ERROR', `cannot read ${input.file}: ${error.code ?? error.message}`);
    },
  );
  const caller: ApiCaller = {
    principal,
    request: { ip: null, userAgent: 'firma-cli' },
  };
  const staged = await ctx.storage.stage(withProgress(createReadStream(input.file), size), {
    maxBytes: ctx.config.limits.uploadBytes,
  });
  const name = basename(input.file);
  const title = input.title ?? (name.replace(/\.pdf$/i, '') || name);
  let graph;
  try {
    graph = await createEnvelope(ctx, caller, {
      type: 'DOCUMENT',
      title,
      files: [{ staged, title, identifier: name }],
      recipients,
    });
  } catch (error) {
    await staged.discard().catch(() => undefined);
    throw error;
  }
  const sent = await distributeEnvelope(ctx, caller, {
    key: { documentId: graph.envelope.id },
    meta: ZMetaInput.parse({ distributionMethod: input.email ? 'EMAIL' : 'NONE' }),
  }).catch(async (error: unknown) => {
    // Created but not sendable (say, --placeholders on a PDF without tags): the person asked to
    // send, not to keep a draft, so the draft goes (deleted like any, audited); if even that fails,
    // say what is left and how to finish it.
    const removed = await deleteEnvelope(ctx, caller, { documentId: graph.envelope.id }).then(
      () => true,
      () => false,
    );
    process.stderr.write(
      removed
        ? `firma: nothing was sent; the draft it made (document ${graph.envelope.id}) was removed\n`
        : `firma: document ${graph.envelope.id} was created but not sent; it stays a DRAFT: fix it through the API and POST /api/v2/document/distribute {"documentId": ${graph.envelope.id}}, or delete it\n`,
    );
    throw error;
  });
  const links = sent.links.map(({ token: _token, ...link }) => link);
  if (input.json) {
    out(JSON.stringify({ id: graph.envelope.id, envelopeId: graph.envelope.publicId, title, recipients: links }));
    return 0;
  }
  out(`Sent "${title}": document ${graph.envelope.id} (${graph.envelope.publicId})`);
  for (const link of links)
    out(
      input.email
        ? `  ${link.name} <${link.email}>: signing request e-mailed`
        : `  ${link.name} <${link.email}>: ${link.signingUrl}`,
    );
  out(`Follow it with: firma status ${graph.envelope.id}`);
  return 0;
}

const SIGNER = /^\s*(.*?)\s*<([^<>\s]+)>\s*([\d\s-]*)$/;
const FIELD = /^([a-z_]+):(\d+):(\d+(?:\.\d+)?),(\d+(?:\.\d+)?)$/i;

function parseRecipients(ordered: SendCommandInput['ordered'], placeholders: boolean, identityRule: IdentityRuleName) {
  type Recipient = ReturnType<typeof ZRecipientCreate.parse> & {
    path: (string | number)[];
    fields: {
      type: FieldType;
      page: number;
      positionX: number;
      positionY: number;
      width: number;
      height: number;
      path: (string | number)[];
    }[];
  };
  const recipients: Recipient[] = [];
  for (const { option, value } of ordered) {
    if (option === 'signer') {
      const match = SIGNER.exec(value);
      if (!match)
        throw new AppError('VALIDATION_ERROR', `--signer "${value}": expected "Name <email> CUIL", e.g. ${EXAMPLE}`);
      const parsed = ZRecipientCreate.safeParse({
        name: match[1],
        email: match[2],
        role: 'SIGNER',
        ...(match[3]?.trim() ? { cuil: match[3].replace(/[\s.-]/g, '') } : {}),
      });
      // Checked here as distribution would (the platform's identity rule), so a mistyped ID leaves no draft behind.
      const idRule = nationalIdRule(identityRule);
      if (match[3]?.trim() && idRule && !satisfiesIdentityRule(identityRule, match[3]))
        throw new AppError('VALIDATION_ERROR', `--signer "${value}": not a valid ${idRule.label} (${idRule.shape})`);
      if (!parsed.success)
        throw new AppError(
          'VALIDATION_ERROR',
          `--signer "${value}": ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
        );
      recipients.push({ ...parsed.data, path: ['--signer', recipients.length], fields: [] });
      continue;
    }
    const signer = recipients.at(-1);
    if (!signer) throw new AppError('VALIDATION_ERROR', `--field "${value}" comes before any --signer`);
    const match = FIELD.exec(value);
    const type = match?.[1]?.toUpperCase() as FieldType | undefined;
    if (!match || !type || !FIELD_TYPES.includes(type))
      throw new AppError(
        'VALIDATION_ERROR',
        `--field "${value}": expected type:page:x,y (x and y in percent of the page), type one of ${FIELD_TYPES.map((t) => t.toLowerCase()).join(', ')}`,
      );
    signer.fields.push({
      type,
      page: Number(match[2]),
      positionX: Number(match[3]),
      positionY: Number(match[4]),
      width: 30,
      height: provesSigning(type) ? 8 : 5,
      path: ['--field', value],
    });
  }
  if (recipients.length === 0)
    throw new AppError('VALIDATION_ERROR', `at least one --signer is needed, e.g. ${EXAMPLE}`);
  if (!placeholders)
    for (const [i, r] of recipients.entries())
      if (r.fields.length === 0)
        r.fields.push({
          type: 'SIGNATURE',
          page: 1,
          positionX: i % 2 === 0 ? 10 : 55,
          positionY: Math.max(5, 85 - 10 * Math.floor(i / 2)),
          width: 30,
          height: 8,
          path: ['--signer', i],
        });
  return recipients;
}

const EXAMPLE = '--signer "Ana Pérez <ana@example.com> 20-12345678-6"';

/** The file as it is read, with a progress bar on stderr when it is large enough to wait for. */
function withProgress(stream: Readable, size: number): Readable {
  if (size < PROGRESS_FROM_BYTES) return stream;
  const bar = progressBar(process.stderr, 'upload');
  let done = 0;
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      done += chunk.length;
      bar.update(done, size, `${mb(done)} of ${mb(size)} MB`);
      callback(null, chunk);
    },
    flush(callback) {
      bar.finish();
      callback();
    },
  });
  return stream.pipe(counter);
}
