/**
 * RFC 4180 CSV: fields separated by commas, rows by CRLF or LF, a field in double quotes may hold
 * commas, line breaks and doubled quotes. A leading UTF-8 byte order mark (what spreadsheets
 * write) is dropped; blank lines are skipped. Each row keeps the line it starts on, so a problem
 * can name the line a person sees in their editor.
 */
export interface CsvRow {
  line: number;
  cells: string[];
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
  }
}

/** A cell or a row beyond the parser's caps: thrown as soon as the cap is passed, not after the row. */
export class CsvLimitError extends Error {
  constructor(
    readonly kind: 'cell' | 'columns',
    readonly line: number,
    /** 1-based column of the cell at fault (for `columns`, the first one over the cap). */
    readonly column: number,
    readonly limit: number,
  ) {
    super(
      kind === 'cell'
        ? `line ${line}, column ${column}: a cell longer than ${limit} characters`
        : `line ${line}: more than ${limit} columns`,
    );
  }
}

export interface CsvCaps {
  maxCellChars: number;
  maxColumns: number;
}

const UNCAPPED: CsvCaps = { maxCellChars: Infinity, maxColumns: Infinity };

const enum State {
  /** At the start of a field (of a row when `inRow` is false). */
  FieldStart,
  Unquoted,
  Quoted,
  /** A quote inside a quoted field: the next character says whether it was doubled or closing. */
  QuoteSeen,
  /** After a closing quote: only a comma or a line end may follow. */
  AfterQuoted,
  /** After a CR ending a row: an LF may follow and belongs to it. */
  AfterCr,
}

/**
 * The same CSV read chunk by chunk: `push` takes any slice of the text (a chunk may end inside a
 * field, a quote pair or a CRLF) and answers the rows it completed; `end` the last one. The work
 * of a push is linear in its chunk, and what is held between pushes is one row at most, bounded by
 * the caps: a cell longer than `maxCellChars` or a row wider than `maxColumns` is refused as soon
 * as it passes the cap, so a hostile file costs no more than its first cells over the limit.
 */
export class CsvStreamParser {
  private state = State.FieldStart;
  private started = false;
  private inRow = false;
  private line = 1;
  private rowLine = 1;
  private cells: string[] = [];
  private cell = '';

  constructor(private readonly caps: CsvCaps = UNCAPPED) {}

  push(text: string): CsvRow[] {
    const rows: CsvRow[] = [];
    let i = 0;
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) i = 1;
    }
    const n = text.length;
    while (i < n) {
      switch (this.state) {
        case State.AfterCr:
          if (text.charCodeAt(i) === 0x0a) {
            this.line++;
            i++;
          }
          this.state = State.FieldStart;
          break;
        case State.FieldStart:
          if (!this.inRow) {
            this.inRow = true;
            this.rowLine = this.line;
          }
          if (text.charCodeAt(i) === 0x22) {
            this.state = State.Quoted;
            i++;
          } else this.state = State.Unquoted;
          break;
        case State.Unquoted: {
          let j = i;
          for (; j < n; j++) {
            const c = text.charCodeAt(j);
            if (c === 0x2c || c === 0x0a || c === 0x0d || c === 0x22) break;
          }
          this.append(text, i, j);
          i = j;
          if (j < n) {
            if (text.charCodeAt(j) === 0x22) throw new CsvSyntaxError(this.line, 'a quote inside an unquoted field');
            i = this.delimiter(text, j, rows);
          }
          break;
        }
        case State.Quoted: {
          let j = text.indexOf('"', i);
          if (j < 0) j = n;
          for (let k = text.indexOf('\n', i); k >= 0 && k < j; k = text.indexOf('\n', k + 1)) this.line++;
          this.append(text, i, j);
          i = j;
          if (j < n) {
            this.state = State.QuoteSeen;
            i++;
          }
          break;
        }
        case State.QuoteSeen:
          if (text.charCodeAt(i) === 0x22) {
            this.append('"', 0, 1);
            this.state = State.Quoted;
            i++;
          } else this.state = State.AfterQuoted;
          break;
        case State.AfterQuoted: {
          const c = text.charCodeAt(i);
          if (c !== 0x2c && c !== 0x0a && c !== 0x0d) throw new CsvSyntaxError(this.line, 'text after a closing quote');
          i = this.delimiter(text, i, rows);
          break;
        }
      }
    }
    return rows;
  }

  /** The input is over: answers the last row, if one was open. */
  end(): CsvRow[] {
    if (this.state === State.Quoted) throw new CsvSyntaxError(this.rowLine, 'a quoted field is not closed');
    const rows: CsvRow[] = [];
    if (this.inRow) {
      this.endCell();
      this.endRow(rows);
    }
    this.state = State.FieldStart;
    return rows;
  }

  /** At a comma, CR or LF that ends a field (index `j`): answers where reading goes on. */
  private delimiter(text: string, j: number, rows: CsvRow[]): number {
    const c = text.charCodeAt(j);
    this.endCell();
    if (c === 0x2c) {
      // A comma opens the next column: refused here, not once that column ends.
      if (this.cells.length >= this.caps.maxColumns)
        throw new CsvLimitError('columns', this.rowLine, this.cells.length + 1, this.caps.maxColumns);
      this.state = State.FieldStart;
      return j + 1;
    }
    this.endRow(rows);
    if (c === 0x0a) {
      this.line++;
      this.state = State.FieldStart;
    } else this.state = State.AfterCr;
    return j + 1;
  }

  private append(text: string, from: number, to: number): void {
    if (to <= from) return;
    if (this.cell.length + (to - from) > this.caps.maxCellChars)
      throw new CsvLimitError('cell', this.rowLine, this.cells.length + 1, this.caps.maxCellChars);
    this.cell += text.slice(from, to);
  }

  private endCell(): void {
    if (this.cells.length >= this.caps.maxColumns)
      throw new CsvLimitError('columns', this.rowLine, this.cells.length + 1, this.caps.maxColumns);
    this.cells.push(this.cell);
    this.cell = '';
  }

  private endRow(rows: CsvRow[]): void {
    const cells = this.cells;
    if (!(cells.length === 1 && cells[0] === '')) rows.push({ line: this.rowLine, cells });
    this.cells = [];
    this.inRow = false;
  }
}

/** A whole text at once (small inputs, tests). */
export function parseCsv(text: string, caps?: CsvCaps): CsvRow[] {
  const parser = new CsvStreamParser(caps);
  return [...parser.push(text), ...parser.end()];
}
