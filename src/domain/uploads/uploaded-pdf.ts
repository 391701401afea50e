import type { StagedBlob } from '../../infra/storage/blob-store.js';

/** A PDF sent with a request, staged and not yet checked: what every use case that takes files receives. */
export interface UploadedPdf {
  staged: StagedBlob;
  /** The item's title: the document title for the document flow, else the file name. */
  title: string;
  /** How fields refer to this file: its file name. */
  identifier: string;
}
