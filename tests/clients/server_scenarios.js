'use strict';
// Scenarios for `muna serve`, driven by the OFFICIAL openai npm client pointed at it:
//   node server_scenarios.js BASE_URL MODEL SCENARIO
// prints one JSON object that test_server.py checks against the stand-in run in Python.
const OpenAI = require('openai');
const runner = require('./scenario_runner');

const [baseURL, model, scenario] = process.argv.slice(2);
// No retries: a retried 5xx would hide what the server answered the first time.
const client = new OpenAI({ baseURL, apiKey: 'x', maxRetries: 0, timeout: 60000 });

function describe(e) {
  return { name: e.constructor.name, apiError: e instanceof OpenAI.APIError, status: e.status, error: e.error, message: e.message };
}

const settle = (promise) => runner.settle(promise, describe);

const scenarios = {
  async embeddings() {
    const texts = ['a b c', 'héllo wörld 🌍', 'x'];
    return {
      // No encoding_format: the client asks for base64 and decodes it to numbers itself.
      default: await client.embeddings.create({ model, input: texts }),
      float: await client.embeddings.create({ model, input: texts, encoding_format: 'float' }),
      base64: await client.embeddings.create({ model, input: texts, encoding_format: 'base64', dimensions: 256 }),
      single: await client.embeddings.create({ model, input: 'hello world', dimensions: 128 }),
      query: await client.embeddings.create({ model, input: ['one two'], task: 'query' }),
    };
  },

  async models() {
    const page = await client.models.list();
    const ids = [];
    for await (const m of client.models.list()) ids.push(m.id);
    return { data: page.data, ids, retrieve: await client.models.retrieve(model), unknown: await settle(client.models.retrieve('nope')) };
  },

  async errors() {
    const bad = {
      unknown_model: { model: 'nope', input: 'x' },
      input_number: { model, input: 42 },
      input_tokens: { model, input: [[1, 2, 3]] },
      input_empty_list: { model, input: [] },
      input_empty_string: { model, input: '' },
      dimensions_unsupported: { model, input: 'x', dimensions: 100 },
      dimensions_string: { model, input: 'x', dimensions: '128' },
      dimensions_huge: { model, input: 'x', dimensions: 1e30 },
      nulls_are_absent: { model, input: 'x', dimensions: null, encoding_format: null, task: null, user: null },
      encoding_format_bad: { model, input: 'x', encoding_format: 'int8' },
      task_unknown: { model, input: 'x', task: 'poetry' },
      unknown_parameter: { model, input: 'x', temperature: 1 },
    };
    const out = {};
    for (const [name, body] of Object.entries(bad)) out[name] = await settle(client.embeddings.create(body));
    return out;
  },

  // Eight requests at once, each with its own input; the answers come back in any order.
  async concurrent() {
    const inputs = Array.from({ length: 8 }, (_, i) => [`request ${i}`, `text ${i} `.repeat(i + 1)]);
    const responses = await Promise.all(inputs.map((input) =>
      client.embeddings.create({ model, input, encoding_format: 'float' })));
    return { inputs, responses };
  },
};

runner.runScenario(scenarios, scenario);
