// Reference ids and decodes from Hugging Face's own Rust tokenizers (npm @anush008/tokenizers).
// One process per tokenizer file: reads a JSON request, writes a JSON answer.
//   node oracle.js request.json answer.json
// request: {tokenizer, texts, add_special_tokens?, decode_ids?, bench_rounds?}
// answer:  {ids: [[...]], decoded: [...], decoded_skip: [...], bench: {...}}
// decode_ids defaults to the encoded ids; bench_rounds > 0 also times encodeBatch on one thread.
'use strict';
process.env.RAYON_NUM_THREADS = process.env.RAYON_NUM_THREADS || '1';
const fs = require('fs');
const { Tokenizer } = require('@anush008/tokenizers');

async function main() {
  const [requestPath, answerPath] = process.argv.slice(2);
  const request = JSON.parse(fs.readFileSync(requestPath, 'utf8'));
  const tokenizer = Tokenizer.fromFile(request.tokenizer);
  const addSpecial = request.add_special_tokens !== false;
  const ids = [];
  for (const text of request.texts) {
    const encoding = await tokenizer.encode(text, null, { addSpecialTokens: addSpecial });
    ids.push(encoding.getIds());
  }
  const toDecode = request.decode_ids || ids;
  const decoded = await tokenizer.decodeBatch(toDecode, false);
  const decodedSkip = await tokenizer.decodeBatch(toDecode, true);
  const answer = { ids, decoded, decoded_skip: decodedSkip };
  if (request.bench_rounds > 0) {
    // encodeBatch runs in Rust over the whole batch (one rayon thread): the fairest number.
    let tokens = 0;
    const start = process.hrtime.bigint();
    for (let r = 0; r < request.bench_rounds; r++) {
      const encodings = await tokenizer.encodeBatch(request.texts, { addSpecialTokens: addSpecial });
      for (const e of encodings) tokens += e.getLength();
    }
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    answer.bench = { tokens, seconds, rounds: request.bench_rounds };
  }
  fs.writeFileSync(answerPath, JSON.stringify(answer));
}

main().catch((err) => { console.error(err); process.exit(1); });
