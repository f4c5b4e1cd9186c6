'use strict';
// A worker thread of the pool (pool.js): runs compiled functions synchronously, so each call
// and its muna_last_error() happen on the same thread (the ABI's error is thread-local, which
// koffi's own fn.async() cannot honour: the error would be read on another thread).
const { parentPort } = require('worker_threads');
const { openLibrary } = require('./abi');
const { MunaError } = require('./errors');

// A job is a list of calls into one library, run in order; its value is their results.
parentPort.on('message', ({ file, calls }) => {
  let value;
  try {
    const library = openLibrary(file);
    value = calls.map(({ name, args }) => library.call(name, args));
  } catch (e) {
    const munaError = e instanceof MunaError;
    parentPort.postMessage({ error: { munaError, message: e.message, stack: e.stack } });
    return;
  }
  parentPort.postMessage({ value }, transferables(value, []));
});

// The buffers of typed arrays in a result, moved to the main thread instead of copied.
function transferables(value, found) {
  if (ArrayBuffer.isView(value)) {
    if (!found.includes(value.buffer)) found.push(value.buffer);
  } else if (value instanceof Map) {
    for (const v of value.values()) transferables(v, found);
  } else if (value !== null && typeof value === 'object') {
    for (const v of Object.values(value)) transferables(v, found);
  }
  return found;
}
