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

export function parseCsv(text: string): CsvRow[] {
  const rows: CsvRow[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  while (i < text.length) {
    const startLine = line;
    const cells: string[] = [];
    for (;;) {
      let cell = '';
      if (text[i] === '"') {
        i++;
        for (;;) {
          if (i >= text.length) throw new CsvSyntaxError(startLine, 'a quoted field is not closed');
          const ch = text[i]!;
          if (ch === '"') {
            if (text[i + 1] === '"') {
              cell += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          if (ch === '\n') line++;
          cell += ch;
          i++;
        }
        const next = text[i];
        if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r')
          throw new CsvSyntaxError(line, 'text after a closing quote');
      } else {
        while (i < text.length && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') {
          if (text[i] === '"') throw new CsvSyntaxError(line, 'a quote inside an unquoted field');
          cell += text[i];
          i++;
        }
      }
      cells.push(cell);
      if (text[i] === ',') {
        i++;
        continue;
      }
      break;
    }
    if (text[i] === '\r') i++;
    if (text[i] === '\n') {
      i++;
      line++;
    }
    if (!(cells.length === 1 && cells[0] === '')) rows.push({ line: startLine, cells });
  }
  return rows;
}
