/**
 * Where a line may break: between words, and in Chinese, Japanese and Korean text between any two
 * characters (the scripts are written without spaces, or in Korean may break anywhere), except
 * before closing punctuation, which stays with the character before it.
 */

// Characters of scripts written without spaces (or, in Korean, breakable anywhere), and the
// closing punctuation that must not start a line.
const CJK_CHAR =
  /[\u1100-\u11FF\u2E80-\u2FDF\u3000-\u30FF\u3130-\u318F\u3400-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF]/u;
const NO_BREAK_BEFORE = /^[、。，．,.!?！？：；:;）」』】〕〉》”’・ー々〜…]$/u;

/** A paragraph's break units: words, and each CJK character on its own; `spaced` when a space precedes it. */
export function wrapTokens(paragraph: string): { text: string; spaced: boolean }[] {
  const tokens: { text: string; spaced: boolean }[] = [];
  for (const word of paragraph.split(' ')) {
    if (word === '') continue;
    let spaced = true;
    let latin = '';
    const push = (text: string) => {
      const last = tokens[tokens.length - 1];
      if (!spaced && last && NO_BREAK_BEFORE.test(text)) last.text += text;
      else tokens.push({ text, spaced });
      spaced = false;
    };
    for (const ch of word) {
      if (!CJK_CHAR.test(ch)) {
        latin += ch;
        continue;
      }
      if (latin) push(latin);
      latin = '';
      push(ch);
    }
    if (latin) push(latin);
  }
  return tokens;
}
