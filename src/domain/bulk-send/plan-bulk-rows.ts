import type { EnvelopeMeta } from '../model/envelope-meta.js';
import { AppError, type ErrorIssue } from '../../errors.js';
import { prefillName, type PrefillableFieldTypeName } from '../../lib/vocabulary/field-types.js';
import type { EnvelopeGraph } from '../envelopes/get-envelope.js';
import { IssueCollector } from '../envelopes/validation-issues.js';
import { ZCuil, ZRecipientEmail } from '../recipients/recipient-input.js';
import {
  DEFAULT_IDENTITY_RULE,
  nationalIdRule,
  satisfiesIdentityRule,
  type IdentityRuleName,
} from '../recipients/identity-rule.js';
import { planPrefills, type PrefillField } from '../templates/prefill-fields.js';
import type { TemplateRecipientInput } from '../templates/use-template.js';
import type { CsvRow } from './parse-csv.js';

/** What one row asks `use` for. */
export interface BulkRowInput {
  recipients: TemplateRecipientInput[];
  prefillFields: PrefillField[];
  title?: string | undefined;
  externalId?: string | undefined;
}

export interface BulkRowProblem {
  message: string;
  column?: string | undefined;
}

/**
 * A row as read, before the payload says whether documents are sent: `distributed` is the problem
 * the row has when they are (a signer without a CUIL that the template lacks too), which then
 * comes first, as `use` would report it. The input is kept as the JSON stored with the row.
 */
export interface PlannedRow {
  line: number;
  input: string | null;
  problem: BulkRowProblem | null;
  distributed: BulkRowProblem | null;
}

export const MAX_BULK_ROWS = 50_000;
/**
 * The longest cell: a text field's prefill value (`use` takes up to 10,000 characters); names,
 * e-mails, titles and ids are 255 at most, a CUIL 13.
 */
export const MAX_BULK_CELL_CHARS = 10_000;
/** Columns read before the file is refused, unless the template itself has more to fill. */
export const MAX_BULK_COLUMNS = 100;

const Email = ZRecipientEmail;
const Cuil = ZCuil(20);

type Column =
  | { kind: 'recipient'; index: number; member: 'name' | 'email' | 'cuil' }
  | { kind: 'title' }
  | { kind: 'externalId' }
  | { kind: 'prefill'; fieldId: number; type: PrefillableFieldTypeName };

/** The header as read against the template, and what each row's planning needs. */
export interface BulkCsvHeader {
  columns: Column[];
  names: string[];
  recipients: EnvelopeGraph['recipients'];
  template: EnvelopeGraph;
  meta: EnvelopeMeta;
  /** The platform's identity rule: which ID a signer's cell must be, and whether a signer without one can be sent. */
  identityRule: IdentityRuleName;
  /** The platform lets a signer sent without an ID enter their own on the signing page. */
  signerEntersId: boolean;
}

/**
 * The widest header a file may have: MAX_BULK_COLUMNS (so a header with a few wrong columns is
 * told which), or what the template can fill if that is more: three columns per recipient, title,
 * externalId and one per prefillable field.
 */
export function bulkColumnLimit(template: EnvelopeGraph): number {
  const prefillable = template.fields.filter((f) => prefillName(f.type) !== null).length;
  return Math.max(MAX_BULK_COLUMNS, 3 * template.recipients.length + 2 + prefillable);
}

/**
 * Reads a bulk-send CSV's header against its template. The header names the columns: `r1.name`,
 * `r1.email`, `r1.cuil`, … for the template's recipients in the order they were added (as the PDF
 * placeholders' `r1`, `r2` count), `title` and `externalId` per document, and any other column a
 * prefillable field of the template by its label. A header Firma cannot read is refused whole
 * (naming each column); then `planBulkRow` checks each row as `use` would, and a row with a
 * problem is reported with its line and column while the others go ahead.
 * @throws BULK_SEND_CSV_INVALID
 */
export function planBulkHeader(
  header: CsvRow,
  template: EnvelopeGraph,
  identity: { rule: IdentityRuleName; signerEntersId: boolean } = {
    rule: DEFAULT_IDENTITY_RULE,
    signerEntersId: false,
  },
): BulkCsvHeader {
  const recipients = [...template.recipients].sort((a, b) => a.id - b.id);
  const columns = readHeader(header.cells, template, recipients.length);
  return {
    columns,
    names: header.cells,
    recipients,
    template,
    meta: template.envelope.meta,
    identityRule: identity.rule,
    signerEntersId: identity.signerEntersId,
  };
}

export function noBulkRows(): AppError {
  return csvInvalid('The CSV needs a header line and at least one row', [{ message: 'no rows' }]);
}

function readHeader(cells: string[], template: EnvelopeGraph, recipientCount: number): Column[] {
  const byLabel = new Map<string, { id: number; type: Column & { kind: 'prefill' } }[]>();
  for (const field of template.fields) {
    const type = prefillName(field.type);
    const label = field.fieldMeta?.label?.trim();
    if (!type || !label) continue;
    byLabel.set(label, [
      ...(byLabel.get(label) ?? []),
      { id: field.id, type: { kind: 'prefill', fieldId: field.id, type } },
    ]);
  }
  const problems: ErrorIssue[] = [];
  const seen = new Set<string>();
  const columns = cells.map((raw, index): Column => {
    const name = raw.trim();
    // A cell may be 10,000 characters: the answer quotes the start of a wrong one.
    const shown = name.length > 64 ? `${name.slice(0, 64)}…` : name;
    const problem = (message: string) =>
      problems.push({ path: ['csv', 'header', index], message: `column ${index + 1} "${shown}": ${message}` });
    if (seen.has(name)) problem('named twice');
    seen.add(name);
    const recipient = /^r(\d+)\.(name|email|cuil)$/i.exec(name);
    if (recipient) {
      const n = Number(recipient[1]);
      if (n < 1 || n > recipientCount) problem(`the template has ${recipientCount} recipient(s)`);
      return { kind: 'recipient', index: n - 1, member: recipient[2]!.toLowerCase() as 'name' | 'email' | 'cuil' };
    }
    if (name === 'title') return { kind: 'title' };
    if (name === 'externalId') return { kind: 'externalId' };
    const fields = byLabel.get(name);
    if (!fields)
      problem('neither r<N>.name/email/cuil, title, externalId nor the label of a prefillable field of the template');
    else if (fields.length > 1) problem(`${fields.length} fields of the template have this label`);
    return fields?.[0]?.type ?? { kind: 'title' };
  });
  if (problems.length > 0) throw csvInvalid('The CSV header names columns Firma cannot fill', problems);
  return columns;
}

/** One data row, checked as `use` would check it. */
export function planBulkRow(row: CsvRow, header: BulkCsvHeader): PlannedRow {
  const { columns, names, recipients: templateRecipients, template, meta } = header;
  let distributed: BulkRowProblem | null = null;
  const fail = (message: string, column?: number): PlannedRow => ({
    line: row.line,
    input: null,
    problem: { message, column: column === undefined ? undefined : names[column]?.trim() },
    distributed,
  });
  if (row.cells.length !== columns.length) return fail(`${row.cells.length} cells, the header has ${columns.length}`);
  const people = templateRecipients.map((r) => ({ id: r.id, email: r.email, name: r.name, cuil: r.cuil }));
  const prefills: PrefillField[] = [];
  const prefillColumn = new Map<number, number>();
  const input: BulkRowInput = { recipients: [], prefillFields: prefills };
  for (const [index, column] of columns.entries()) {
    const cell = row.cells[index]!.trim();
    if (column.kind === 'recipient') {
      const person = people[column.index]!;
      if (column.member === 'email') {
        const parsed = Email.safeParse(cell);
        if (!parsed.success) return fail('is not an e-mail address', index);
        if (parsed.data) person.email = parsed.data;
      } else if (column.member === 'cuil') {
        const parsed = Cuil.safeParse(cell);
        // Any rule's ID parses; the platform's own rule is the one a row is sent under.
        if (!parsed.success || (parsed.data && !satisfiesIdentityRule(header.identityRule, parsed.data)))
          return fail(
            header.identityRule === 'CUIL'
              ? 'is not a valid CUIL (11 digits, a person prefix and a correct check digit)'
              : `is not a valid ${nationalIdRule(header.identityRule)?.label ?? 'CUIL'}`,
            index,
          );
        if (parsed.data) person.cuil = parsed.data;
      } else if (cell) {
        if (cell.length > 255) return fail('is longer than 255 characters', index);
        person.name = cell;
      }
    } else if (column.kind === 'title') {
      if (cell.length > 255) return fail('is longer than 255 characters', index);
      if (cell) input.title = cell;
    } else if (column.kind === 'externalId') {
      if (cell.length > 255) return fail('is longer than 255 characters', index);
      if (cell) input.externalId = cell;
    } else if (column.kind === 'prefill' && cell) {
      prefillColumn.set(prefills.length, index);
      prefills.push(
        column.type === 'checkbox'
          ? { type: 'checkbox', id: column.fieldId, value: cell.split('|').map((v) => v.trim()) }
          : { type: column.type, id: column.fieldId, value: cell },
      );
    }
  }
  // Recipients in order, each one's e-mail before its CUIL: when documents are sent, a signer
  // without a CUIL before any recipient without an e-mail is the row's problem.
  const noEmail = people.findIndex((p) => !p.email);
  const idRule = nationalIdRule(header.identityRule);
  const noCuil =
    idRule && !header.signerEntersId
      ? people.findIndex(
          (p, index) =>
            templateRecipients[index]!.role === 'SIGNER' && !satisfiesIdentityRule(header.identityRule, p.cuil),
        )
      : -1;
  if (noCuil >= 0 && (noEmail < 0 || noCuil < noEmail))
    distributed = {
      message: `r${noCuil + 1}.cuil is needed: a signer's ${idRule!.label}, and the template's recipient has no valid one`,
    };
  if (noEmail >= 0) return fail(`r${noEmail + 1}.email is needed: the template's recipient has none`);
  const issues = new IssueCollector();
  planPrefills(prefills, template.fields, meta, [], issues);
  const first = issues.list()[0];
  if (first) {
    const entry = typeof first.path?.[1] === 'number' ? first.path[1] : -1;
    return fail(first.message.replace(/^prefillFields\.\d+\.\w+: /, ''), prefillColumn.get(entry));
  }
  input.recipients = people.map((p) => ({ id: p.id, email: p.email, name: p.name, cuil: p.cuil }));
  return { line: row.line, input: JSON.stringify(input), problem: null, distributed };
}

function csvInvalid(message: string, issues: ErrorIssue[]): AppError {
  return new AppError('BULK_SEND_CSV_INVALID', message, { issues });
}
