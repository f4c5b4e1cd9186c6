'use strict';
// Scenarios for the Node client (clients/node) against a compiled embedding library:
//   node client_scenarios.js LIB.so SCENARIO
// prints one JSON object that test_node_client.py checks against the stand-in run in Python.
// No scenario calls client.close(): the process must still exit by itself (idle workers are
// unref'd), which the Python side's timeout would catch.
const path = require('path');
const muna = require(path.join(__dirname, '..', '..', 'clients', 'node'));
const runner = require('./scenario_runner');

const { Muna } = muna;
const [lib, scenario] = process.argv.slice(2);
const client = () => new Muna({ models: { standin: lib } });

// An error as data: its class, whether it is the OpenAI-style APIError, and its fields.
function describe(e) {
  return {
    name: e.constructor.name, apiError: e instanceof muna.APIError, munaError: e instanceof muna.MunaError,
    message: e.message, status: e.status, error: e.error, type: e.type, detail: e.detail,
  };
}

const settle = (promise) => runner.settle(promise, describe);

const scenarios = {
  // Responses as they come, for the shape and value checks.
  async responses() {
    const c = client();
    return {
      single: await c.embeddings.create({ model: 'standin', input: 'hello world' }),
      batch: await c.embeddings.create({ model: 'standin', input: ['a b c', 'héllo wörld 🌍', 'x'], encoding_format: 'float' }),
      dims: await Promise.all([512, 256, 128].map((dimensions) =>
        c.embeddings.create({ model: 'standin', input: ['one two', 'three'], dimensions }))),
      query: await c.embeddings.create({ model: 'standin', input: ['one two'], task: 'query' }),
      base64: await c.embeddings.create({ model: 'standin', input: ['a b c', 'héllo wörld 🌍'], encoding_format: 'base64', dimensions: 256 }),
    };
  },

  // Each bad request, as the error it raised.
  async errors() {
    const c = client();
    const bad = {
      unknown_model: { model: 'nope', input: 'x' },
      model_not_string: { model: 7, input: 'x' },
      input_missing: { model: 'standin' },
      input_number: { model: 'standin', input: 42 },
      input_tokens: { model: 'standin', input: [[1, 2, 3]] },
      input_empty_list: { model: 'standin', input: [] },
      input_empty_string: { model: 'standin', input: ['a', ''] },
      input_too_many: { model: 'standin', input: Array(2049).fill('x') },
      dimensions_unsupported: { model: 'standin', input: 'x', dimensions: 100 },
      dimensions_not_integer: { model: 'standin', input: 'x', dimensions: 1.5 },
      dimensions_string: { model: 'standin', input: 'x', dimensions: '128' },
      dimensions_huge: { model: 'standin', input: 'x', dimensions: 1e30 },
      nulls_are_absent: { model: 'standin', input: 'x', dimensions: null, encoding_format: null, task: null, user: null },
      encoding_format_bad: { model: 'standin', input: 'x', encoding_format: 'int8' },
      task_unknown: { model: 'standin', input: 'x', task: 'poetry' },
      unknown_parameter: { model: 'standin', input: 'x', temperature: 1 },
      not_an_object: 'hello',
    };
    const out = {};
    for (const [name, body] of Object.entries(bad)) out[name] = await settle(c.embeddings.create(body));
    // A model whose path is no library: the client's set-up failing, a 500.
    const broken = new Muna({ models: { broken: path.join(__dirname, 'no-such-library.so') } });
    out.broken_model = await settle(broken.embeddings.create({ model: 'broken', input: 'x' }));
    return out;
  },

  // The raw ABI: signatures, a direct synchronous call, and what a raised exception becomes.
  async abi() {
    const library = muna.load(lib);
    const direct = library.call('embed', [['one two'], 'query', 128]);
    let raised = null;
    try {
      library.call('embed', [['x'], undefined, 100]);
    } catch (e) {
      raised = describe(e);
    }
    let missing = null;
    try {
      library.call('embed', []);
    } catch (e) {
      missing = describe(e);
    }
    return {
      functions: library.functions,
      direct: { dtype: direct.dtype, shape: direct.shape, data: Array.from(direct.data) },
      counts: library.call('count_tokens', [['one two three', 'x', '  spaced   out  ']]),
      raised, missing,
    };
  },

  // Every kind of value through the raw ABI (LIB is tests/clients/abi_kinds.py:echo here).
  async kinds() {
    const library = muna.load(lib);
    const x = { data: Float32Array.from([1, 2, 3, 4, 5, 6]), shape: [2, 3] };
    const args = [x, 2, true, { a: 1, b: 2 }, [3, 'x'], 2n ** 60n, new Map([[1, 'one'], [2, 'two']])];
    let wrongType = null;  // a str where an array is declared
    try {
      library.call('echo', ['not an array', ...args.slice(1)]);
    } catch (e) {
      wrongType = describe(e);
    }
    return { plain: library.call('echo', args), noted: library.call('echo', [...args, 'hi']), wrongType };
  },

  async models() {
    const c = client();
    return { list: await c.models.list(), retrieve: await c.models.retrieve('standin'), unknown: await settle(c.models.retrieve('nope')) };
  },

  // Two slow calls and a fast one at once, on three workers: all complete, the fast one first
  // (calls run side by side), and a 10 ms timer keeps firing while the slow ones run: the
  // longest gap between its ticks shows how long the event loop was ever blocked.
  async concurrent() {
    const c = new Muna({ models: { standin: lib }, workers: 3 });
    const slowInput = Array(400).fill('x'.repeat(50000));
    // Start all three workers first: a worker's start-up (koffi, the library) is not what
    // this measures.
    await Promise.all([1, 2, 3].map(() => c.embeddings.create({ model: 'standin', input: 'warm up' })));
    let last = Date.now();
    let maxGapMs = 0;
    let ticks = 0;
    const timer = setInterval(() => {
      const now = Date.now();
      maxGapMs = Math.max(maxGapMs, now - last);
      last = now;
      ticks++;
    }, 10);
    const order = [];
    const start = Date.now();
    const timed = (label, p) => p.then((r) => { order.push(label); return { label, ms: Date.now() - start, rows: r.data.length }; });
    const slow = [timed('slow1', c.embeddings.create({ model: 'standin', input: slowInput, dimensions: 128 })),
                  timed('slow2', c.embeddings.create({ model: 'standin', input: slowInput, dimensions: 128 }))];
    await new Promise((resolve) => setTimeout(resolve, 20));
    const fast = timed('fast', c.embeddings.create({ model: 'standin', input: 'quick' }));
    const results = await Promise.all([...slow, fast]);
    clearInterval(timer);
    return { results, order, ticks, maxGapMs };
  },

  // After close(), the client refuses new calls.
  async closed() {
    const c = client();
    await c.embeddings.create({ model: 'standin', input: 'x' });
    await c.close();
    return settle(c.embeddings.create({ model: 'standin', input: 'x' }));
  },
};

runner.runScenario(scenarios, scenario);
