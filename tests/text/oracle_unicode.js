// Per-code-point behavior of Hugging Face's Unicode-dependent components, for every assigned
// plane (0-3, 14-16): which characters BertNormalizer's clean_text drops, which ones
// BertPreTokenizer isolates as punctuation, which ones its accent stripping removes, and what
// NFD, NFC (after "A", before U+0301), NFKC and Lowercase make of each, and the Whitespace
// pre-tokenizer's \w and \s.
//   node oracle_unicode.js answer.json
'use strict';
const fs = require('fs');
const t = require('@anush008/tokenizers');

const clean = t.bertNormalizer({ cleanText: true, handleChineseChars: false, stripAccents: false, lowercase: false });
const accents = t.bertNormalizer({ cleanText: false, handleChineseChars: false, stripAccents: true, lowercase: false });
const bert = t.bertPreTokenizer();
const nfd = t.nfdNormalizer();
const nfc = t.nfcNormalizer();
const nfkc = t.nfkcNormalizer();
const lower = t.lowercase();
const whitespace = t.whitespacePreTokenizer();
const out = { dropped: [], punctuation: [], stripped: [], nfd: {}, lower: {}, word: [], space: [], nfc: {}, nfkc: {} };
for (let cp = 0; cp < 0x110000; cp++) {
  if ((cp >= 0xD800 && cp < 0xE000) || (cp >= 0x40000 && cp < 0xE0000)) continue;
  const s = String.fromCodePoint(cp);
  if (clean.normalizeString('a' + s + 'a') === 'aa') out.dropped.push(cp);
  if (cp > 0x20 && bert.preTokenizeString('a' + s + 'a').length === 3) out.punctuation.push(cp);
  if (accents.normalizeString('a' + s) === 'a') out.stripped.push(cp);
  const d = nfd.normalizeString(s);
  if (d !== s) out.nfd[cp] = d;
  // Composition needs pairs: each character after a letter and before a combining acute.
  const c = nfc.normalizeString('A' + s + '\u0301');
  if (c !== 'A' + s + '\u0301') out.nfc[cp] = c;
  const k = nfkc.normalizeString(s);
  if (k !== s) out.nfkc[cp] = k;
  const l = lower.normalizeString(s);
  if (l !== s) out.lower[cp] = l;
  const pieces = whitespace.preTokenizeString('a' + s + 'a').length;  // \w joins, \s splits
  if (pieces === 1) out.word.push(cp);
  else if (pieces === 2) out.space.push(cp);
}
fs.writeFileSync(process.argv[2], JSON.stringify(out));
