import { renderFields, type FormPlaceholder, type RenderField } from '../render/index.js';
import { prepareExternalSignature, type SealOptions, type SignerCertificates } from '../seal/index.js';

/**
 * A DIGITAL signer's revision, as one task of a PDF worker thread: their fields (as form fields,
 * with every other recipient's, in form mode) written as an incremental update on the item's
 * latest revision, a signature placeholder appended, and the CMS
 * signed attributes over the byte range. Rendering and hashing a large document stay off the
 * event loop, and the bytes cross the thread boundary once each way.
 */
export interface SignerRevisionInput {
  base: Uint8Array;
  fields: RenderField[];
  /** Form mode (issue #34): `fields` become form fields, these are created empty. */
  form?: { empty: FormPlaceholder[] };
  signer: { certificate: Uint8Array; chain: Uint8Array[]; keyType: SignerCertificates['keyType'] };
  signature: SealOptions;
}

export interface SignerRevision {
  /** The revision with the placeholder, /Contents still zeros. */
  pdf: Uint8Array;
  contentsStart: number;
  contentsEnd: number;
  /** The DER SET the signer signs. */
  signedAttributes: Uint8Array;
}

export async function renderSignerRevision(input: SignerRevisionInput): Promise<SignerRevision> {
  const drawn = await renderFields(input.base, input.fields, {
    incremental: true,
    ...(input.form ? { form: input.form } : {}),
  });
  // Buffers arrive from the main thread as plain Uint8Arrays: the seal code wants Buffers.
  const signer: SignerCertificates = {
    certificate: Buffer.from(input.signer.certificate),
    chain: input.signer.chain.map((c) => Buffer.from(c)),
    keyType: input.signer.keyType,
  };
  return prepareExternalSignature(
    Buffer.from(drawn.buffer, drawn.byteOffset, drawn.byteLength),
    signer,
    input.signature,
  );
}
