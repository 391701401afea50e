/**
 * Which parts of a search the PostgreSQL trigram index is asked for.
 *
 * A GIN scan for `like '%…%'` reads the posting list of every trigram of the pattern. A trigram
 * that sits in most titles (a shared prefix such as "Seeded contract …", a company name) has a
 * posting list as long as the table, and walking it costs tens of milliseconds at a million
 * envelopes while filtering almost nothing. So the index is asked only for substrings of the
 * query whose trigrams are all rare (the "anchors"), and the whole query is checked on the rows
 * they find. Every anchor is a substring of the query, so every match contains it: the choice
 * changes the speed, never the answer.
 */

/** A trigram as pg_trgm extracts it from `like '%query%'`, and the characters it stands on. */
export interface PatternTrigram {
  text: string;
  /** Code-point offsets into the lower-cased query; a padding blank stands on its separator. */
  start: number;
  end: number;
}

/** An anchor: the code points [start, end) of the lower-cased query. */
export interface SearchAnchor {
  start: number;
  end: number;
}

/** pg_trgm's word characters (`t_isalnum`): letters and digits; everything else separates words. */
const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * The trigrams pg_trgm takes from `like '%query%'` (its `generate_wildcard_trgm`): words are runs
 * of letters and digits; a word gets two leading blanks after a separator and one trailing blank
 * before one, but none against the pattern's outer `%`. An approximation where the database's
 * locale disagrees with Unicode about letters is harmless: it only picks a worse anchor.
 */
export function likeTrigrams(lowerQuery: string): PatternTrigram[] {
  const chars = [...lowerQuery];
  const trigrams: PatternTrigram[] = [];
  let i = 0;
  while (i < chars.length) {
    if (!WORD_CHAR.test(chars[i]!)) {
      i++;
      continue;
    }
    const wordStart = i;
    while (i < chars.length && WORD_CHAR.test(chars[i]!)) i++;
    const wordEnd = i;
    const padded: { char: string; at: number }[] = [];
    if (wordStart > 0) padded.push({ char: ' ', at: wordStart - 1 }, { char: ' ', at: wordStart - 1 });
    for (let k = wordStart; k < wordEnd; k++) padded.push({ char: chars[k]!, at: k });
    if (wordEnd < chars.length) padded.push({ char: ' ', at: wordEnd });
    for (let k = 0; k + 3 <= padded.length; k++) {
      const window = padded.slice(k, k + 3);
      trigrams.push({
        text: window.map((c) => c.char).join(''),
        start: window[0]!.at,
        end: window[2]!.at + 1,
      });
    }
  }
  return trigrams;
}

/**
 * The anchors for a query, or `null` to search with the whole query as today (no trigram is
 * common, or no stretch of the query avoids them all: then there is nothing better to ask for).
 * `isCommon` says whether a trigram's posting list is too long to be worth walking.
 * An anchor is a longest stretch of the query that stands on no common trigram and on at least one
 * rare one; pg_trgm extracts from `like '%anchor%'` exactly the query's trigrams inside the stretch.
 */
export function chooseSearchAnchors(lowerQuery: string, isCommon: (trigram: string) => boolean): SearchAnchor[] | null {
  const trigrams = likeTrigrams(lowerQuery);
  const common = trigrams.filter((t) => isCommon(t.text));
  const rare = trigrams.filter((t) => !isCommon(t.text));
  if (common.length === 0 || rare.length === 0) return null;
  const length = [...lowerQuery].length;
  const starts = [0, ...common.map((t) => t.start + 1)];
  const anchors: SearchAnchor[] = [];
  for (const start of starts) {
    // Stop one character short of the first common trigram lying wholly at or after the start.
    const end = Math.min(length, ...common.filter((t) => t.start >= start).map((t) => t.end - 1));
    if (!rare.some((t) => t.start >= start && t.end <= end)) continue;
    anchors.push({ start, end });
  }
  // A rare trigram may stand on a common one's characters (" 12" on "  1"): no anchor then.
  if (anchors.length === 0) return null;
  return anchors.filter(
    (a, i) =>
      !anchors.some(
        (b, j) => j !== i && b.start <= a.start && b.end >= a.end && (b.end - b.start > a.end - a.start || j < i),
      ),
  );
}
