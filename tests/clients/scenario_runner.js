'use strict';
// What both scenario scripts share: settling a call into data (its value, or its error as
// `describe` puts it) and running the scenario named on the command line, printing its result
// as one JSON object for the Python tests.

async function settle(promise, describe) {
  try {
    return { ok: await promise };
  } catch (e) {
    return { err: describe(e) };
  }
}

// JSON for what JSON lacks: BigInt, Map and typed arrays, tagged so the tests see the kinds.
function tagged(key, value) {
  if (typeof value === 'bigint') return { bigint: value.toString() };
  if (value instanceof Map) return { map: [...value.entries()] };
  if (ArrayBuffer.isView(value)) return { [value.constructor.name]: Array.from(value) };
  return value;
}

function runScenario(scenarios, name) {
  if (!scenarios[name]) throw new Error(`no scenario '${name}' (there are ${Object.keys(scenarios).join(', ')})`);
  scenarios[name]().then(
    (result) => process.stdout.write(JSON.stringify(result, tagged)),
    (e) => { console.error(e); process.exitCode = 1; },
  );
}

module.exports = { settle, runScenario };
