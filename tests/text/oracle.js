// Reference ids and decodes from Hugging Face's own Rust tokenizers (npm @anush008/tokenizers).
// One process per tokenizer file: reads a JSON request, writes a JSON answer.
//   node oracle.js request.json answer.json
// request: {tokenizer, texts, add_special_tokens?, decode_ids?, bench_rounds?,
//           batch?: {max_length, truncation, padding, pad_id, padding_side},
//           lookup?: {tokens, ids}}   (answers token_to_id and id_to_token, null when absent)
// answer:  {ids: [[...]], decoded: [...], decoded_skip: [...], bench: [{tokens, seconds} per round]}
// decode_ids defaults to the encoded ids; bench_rounds > 0 also times encodeBatch on one thread.
// A bench request does nothing else, so HF's word cache starts cold in round 1.
'use strict';
process.env.RAYON_NUM_THREADS = process.env.RAYON_NUM_THREADS || '1';
const fs = require('fs');
const { Tokenizer } = require('@anush008/tokenizers');

async function main() {
  const [requestPath, answerPath] = process.argv.slice(2);
  const request = JSON.parse(fs.readFileSync(requestPath, 'utf8'));
  const tokenizer = Tokenizer.fromFile(request.tokenizer);
  const addSpecial = request.add_special_tokens !== false;
  const answer = {};
  if (!(request.bench_rounds > 0)) {
    const ids = [];
    if (request.batch) {
      // encode_batch options: HF truncation keeps room for the special tokens, padding is
      // to the longest text unless a fixed length is given.
      const b = request.batch;
      if (b.truncation) tokenizer.setTruncation(b.max_length);
      if (b.padding) {
        const options = { padId: b.pad_id, direction: b.padding_side };
        if (b.padding === 'max_length') options.maxLength = b.max_length;
        tokenizer.setPadding(options);
      }
      const encodings = await tokenizer.encodeBatch(request.texts, { addSpecialTokens: addSpecial });
      for (const e of encodings) ids.push(e.getIds());
    } else {
      for (const text of request.texts) {
        const encoding = await tokenizer.encode(text, null, { addSpecialTokens: addSpecial });
        ids.push(encoding.getIds());
      }
    }
    const toDecode = request.decode_ids || ids;
    const decoded = await tokenizer.decodeBatch(toDecode, false);
    const decodedSkip = await tokenizer.decodeBatch(toDecode, true);
    Object.assign(answer, { ids, decoded, decoded_skip: decodedSkip });
    if (request.lookup) {
      answer.token_to_id = request.lookup.tokens.map((t) => tokenizer.tokenToId(t));
      answer.id_to_token = request.lookup.ids.map((i) => tokenizer.idToToken(i));
    }
  }
  if (request.bench_rounds > 0) {
    // encodeBatch runs in Rust over the whole batch (one rayon thread): the fairest number.
    // Each round is timed on its own; HF's word cache is warm after the first.
    answer.bench = [];
    for (let r = 0; r < request.bench_rounds; r++) {
      const start = process.hrtime.bigint();
      const encodings = await tokenizer.encodeBatch(request.texts, { addSpecialTokens: addSpecial });
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      let tokens = 0;
      for (const e of encodings) tokens += e.getLength();
      answer.bench.push({ tokens, seconds });
    }
  }
  fs.writeFileSync(answerPath, JSON.stringify(answer));
}

main().catch((err) => { console.error(err); process.exit(1); });
