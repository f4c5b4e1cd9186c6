'use strict';
// The OpenAI-style client: `new Muna({ models: { name: "lib.so" } })`, then
// `client.embeddings.create({ model, input, dimensions, encoding_format })` and
// `client.models.list()`, with OpenAI's response shapes and error classes. Inference runs on
// worker threads (pool.js); the event loop only validates and packs responses.
const fs = require('fs');
const os = require('os');
const path = require('path');
const { openLibrary } = require('./abi');
const { WorkerPool } = require('./pool');
const { MunaError, BadRequestError, NotFoundError, InternalServerError } = require('./errors');

// OpenAI's own limit on the number of inputs in one embeddings request.
const MAX_INPUTS = 2048;
// `task` is muna's extension to OpenAI's parameters: the embedding library's task prompt.
const CREATE_PARAMS = new Set(['model', 'input', 'dimensions', 'encoding_format', 'user', 'task']);

class Muna {
  /** `models`: model name -> path of a compiled embedding library; `workers`: how many calls
   * run at once (each on its own thread). */
  constructor({ models = {}, workers } = {}) {
    this._models = new Map(Object.entries(models).map(([name, file]) => [name, path.resolve(file)]));
    this._pool = new WorkerPool(workers);
    this.embeddings = new Embeddings(this);
    this.models = new Models(this);
  }

  /** Stops the worker threads (idle ones never keep the process alive, so this is optional). */
  close() {
    return this._pool.close();
  }

  _library(model) {
    if (typeof model !== 'string') throw new BadRequestError("'model' must be a string", { param: 'model' });
    const file = this._models.get(model);
    if (!file) {
      throw new NotFoundError(`The model '${model}' does not exist`, { param: 'model', code: 'model_not_found' });
    }
    // A path that is no embedding library is the client's set-up failing, not the request.
    try {
      const library = openLibrary(file);
      library.signature('embed');
      library.signature('count_tokens');
      return { file, library };
    } catch (e) {
      throw new InternalServerError(`model '${model}' (${file}): ${e.message}`);
    }
  }

  // Makes `calls` ([name, { parameter: value }]: absent parameters take the function's
  // defaults) one after another on a worker; what a function raised becomes an APIError.
  async _run(file, library, calls) {
    const positional = calls.map(([name, named]) => {
      const args = library.signature(name).params.map((p) => named[p.name]);
      while (args.length && args[args.length - 1] === undefined) args.pop();
      return { name, args };
    });
    try {
      return await this._pool.run(file, positional);
    } catch (e) {
      if (!(e instanceof MunaError)) throw e;
      // The caller's values were rejected (a dimension the model lacks, an unknown task):
      // a bad request, as OpenAI answers it. Anything else failed inside the model.
      if (['ValueError', 'TypeError', 'KeyError', 'IndexError'].includes(e.type)) throw new BadRequestError(e.detail);
      throw new InternalServerError(e.message);
    }
  }
}

class Embeddings {
  constructor(client) {
    this._client = client;
  }

  /** OpenAI's embeddings.create: resolves to { object: "list", data: [{ object: "embedding",
   * index, embedding }], model, usage: { prompt_tokens, total_tokens } }. */
  async create(body) {
    const { model, texts, dimensions, encodingFormat, task } = validate(body);
    const { file, library } = this._client._library(model);
    const [vectors, counts] = await this._client._run(file, library, [
      ['embed', { texts, task, dimensions }],
      ['count_tokens', { texts }],
    ]);
    const [rows, width] = vectors.shape;
    if (vectors.dtype !== 'float32' || vectors.shape.length !== 2 || rows !== texts.length) {
      throw new InternalServerError(`${model}: embed returned ${vectors.dtype} ${JSON.stringify(vectors.shape)}, ` +
                                    `not float32 [${texts.length}, dimensions]`);
    }
    const data = [];
    for (let i = 0; i < rows; i++) {
      const row = vectors.data.subarray(i * width, (i + 1) * width);
      data.push({ object: 'embedding', index: i, embedding: encodingFormat === 'base64' ? toBase64(row) : Array.from(row) });
    }
    const tokens = counts.reduce((a, b) => a + Number(b), 0);
    return { object: 'list', data, model, usage: { prompt_tokens: tokens, total_tokens: tokens } };
  }
}

class Models {
  constructor(client) {
    this._client = client;
  }

  /** OpenAI's models.list: { object: "list", data: [model, ...] }. */
  async list() {
    return { object: 'list', data: [...this._client._models.keys()].map((id) => this._describe(id)) };
  }

  /** OpenAI's models.retrieve: { id, object: "model", created, owned_by }. */
  async retrieve(id) {
    this._client._library(id);
    return this._describe(id);
  }

  _describe(id) {
    // `created`: when the library was compiled (its file's modification time), Unix seconds.
    const file = this._client._models.get(id);
    const created = fs.existsSync(file) ? Math.floor(fs.statSync(file).mtimeMs / 1000) : 0;
    return { id, object: 'model', created, owned_by: 'muna' };
  }
}

// The checks OpenAI's API makes on an embeddings request, as BadRequestErrors naming the
// parameter; `muna serve` (codegen/muna/serve.py) answers the same requests the same way.
function validate(body) {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new BadRequestError('the request must be an object of parameters');
  }
  for (const key of Object.keys(body)) {
    if (!CREATE_PARAMS.has(key)) throw new BadRequestError(`Unrecognized request argument supplied: ${key}`, { param: key });
  }
  // An optional parameter sent as null is absent, as OpenAI's API takes it.
  const { model, input, dimensions = null, task = null, user = null } = body;
  const encodingFormat = body.encoding_format ?? 'float';
  if (typeof model !== 'string') throw new BadRequestError("'model' must be a string", { param: 'model' });
  if (input === undefined) throw new BadRequestError("'input' is required", { param: 'input' });
  const texts = typeof input === 'string' ? [input] : input;
  if (!Array.isArray(texts) || !texts.every((t) => typeof t === 'string')) {
    throw new BadRequestError("'input' must be a string or an array of strings", { param: 'input' });
  }
  if (texts.length === 0) throw new BadRequestError("'input' must not be empty", { param: 'input' });
  if (texts.length > MAX_INPUTS) throw new BadRequestError(`'input' must have at most ${MAX_INPUTS} items`, { param: 'input' });
  if (texts.some((t) => t.length === 0)) throw new BadRequestError("'input' must not contain empty strings", { param: 'input' });
  // Bounded so that every accepted value fits the library's int64 (the library rejects sizes it lacks).
  if (dimensions !== null && !(Number.isInteger(dimensions) && dimensions > 0 && dimensions < 2 ** 31)) {
    throw new BadRequestError("'dimensions' must be a positive integer", { param: 'dimensions' });
  }
  if (encodingFormat !== 'float' && encodingFormat !== 'base64') {
    throw new BadRequestError("'encoding_format' must be 'float' or 'base64'", { param: 'encoding_format' });
  }
  if (task !== null && typeof task !== 'string') throw new BadRequestError("'task' must be a string", { param: 'task' });
  if (user !== null && typeof user !== 'string') throw new BadRequestError("'user' must be a string", { param: 'user' });
  return { model, texts, dimensions: dimensions ?? undefined, encodingFormat, task: task ?? undefined };
}

// base64 of the row as little-endian float32, OpenAI's wire format for encoding_format=base64.
function toBase64(row) {
  const bytes = Buffer.from(row.buffer, row.byteOffset, row.byteLength);
  return (os.endianness() === 'LE' ? bytes : Buffer.from(bytes).swap32()).toString('base64');
}

module.exports = { Muna };
