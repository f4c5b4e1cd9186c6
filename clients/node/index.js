'use strict';
// muna for Node.js: compiled libraries through FFI.
//   const { Muna } = require('muna');                 // OpenAI-style embeddings client
//   const client = new Muna({ models: { embeddinggemma: 'build/embedding_gemma.so' } });
//   const res = await client.embeddings.create({ model: 'embeddinggemma', input: ['hello'] });
//   const { load } = require('muna');                 // any compiled function, called directly
//   const lib = load('build/normalize.so'); lib.call('normalize', [{ data, shape: [4, 8] }]);
const { Muna } = require('./client');
const { openLibrary } = require('./abi');
const errors = require('./errors');

/** The compiled library at `file`: `functions` (every exported signature) and
 * `call(name, args)`, a synchronous call on this thread (use Muna for calls off the loop). */
function load(file) {
  return openLibrary(file);
}

module.exports = { Muna, load, ...errors };
