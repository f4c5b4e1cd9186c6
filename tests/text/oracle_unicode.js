// Per-code-point behavior of Hugging Face's Unicode-dependent components, for every assigned
// plane (0-3, 14-16): which characters BertNormalizer's clean_text drops, which ones
// BertPreTokenizer isolates as punctuation, which ones its accent stripping removes, and what
// NFD and Lowercase make of each.   node oracle_unicode.js answer.json
'use strict';
const fs = require('fs');
const t = require('@anush008/tokenizers');

const clean = t.bertNormalizer({ cleanText: true, handleChineseChars: false, stripAccents: false, lowercase: false });
const accents = t.bertNormalizer({ cleanText: false, handleChineseChars: false, stripAccents: true, lowercase: false });
const bert = t.bertPreTokenizer();
const nfd = t.nfdNormalizer();
const lower = t.lowercase();
const out = { dropped: [], punctuation: [], stripped: [], nfd: {}, lower: {} };
for (let cp = 0; cp < 0x110000; cp++) {
  if ((cp >= 0xD800 && cp < 0xE000) || (cp >= 0x40000 && cp < 0xE0000)) continue;
  const s = String.fromCodePoint(cp);
  if (clean.normalizeString('a' + s + 'a') === 'aa') out.dropped.push(cp);
  if (cp > 0x20 && bert.preTokenizeString('a' + s + 'a').length === 3) out.punctuation.push(cp);
  if (accents.normalizeString('a' + s) === 'a') out.stripped.push(cp);
  const d = nfd.normalizeString(s);
  if (d !== s) out.nfd[cp] = d;
  const l = lower.normalizeString(s);
  if (l !== s) out.lower[cp] = l;
}
fs.writeFileSync(process.argv[2], JSON.stringify(out));
