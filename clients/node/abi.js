'use strict';
// muna's C ABI (include/muna/abi.h) through koffi: loading a compiled library, converting JS
// values to ABI values and back, and calling an exported function synchronously on the
// calling thread. The Python loader (codegen/muna/loader.py) is the model; JS numbers are
// ambiguous (int or float), so arguments are converted by the parameter's declared type.
const path = require('path');
const { MunaError } = require('./errors');

const koffi = requireKoffi();

// libgomp, under the library's parallel loops, spins 300,000 rounds at every barrier by default,
// which makes multi-threaded calls several times slower when another process holds a core; a
// bounded spin does not cost the quiet case (docs/perf.md). libgomp reads the setting once, when
// the library is first loaded, and worker threads see a copy of the environment, so it is set
// when the main thread first requires this module. A user's own setting wins; Python's loader
// does the same (codegen/muna/loader.py).
if (process.env.OMP_WAIT_POLICY === undefined && process.env.GOMP_SPINCOUNT === undefined) {
  process.env.GOMP_SPINCOUNT = '10000';
}
// koffi runs a C function on a stack of its own (2 MiB by default), not the thread's; give
// compiled functions the 8 MiB a C, C++ or Python caller's main thread has. koffi only
// accepts this before its first library load in the thread; after one, its setting stays.
try {
  koffi.config({ ...koffi.config(), sync_stack_size: 8 << 20 });
} catch (e) {
  if (!/once a library has been loaded/.test(e.message)) throw e;
}

function requireKoffi() {
  try {
    return require('koffi');
  } catch (e) {
    if (e.code !== 'MODULE_NOT_FOUND') throw e;
    // Inside the muna repository, scripts/setup.sh installs koffi into the git-ignored .deps/.
    return require(path.join(__dirname, '..', '..', '.deps', 'node_modules', 'koffi'));
  }
}

const KIND = ['none', 'bool', 'int', 'float', 'str', 'tensor', 'list', 'tuple', 'dict', 'bytes', 'set'];
const DTYPES = ['bool', 'uint8', 'int8', 'int16', 'int32', 'int64', 'float32', 'float64', 'bfloat16'];
// The typed array each dtype is read into; bool as bytes, bfloat16 widened to float32.
const ARRAY_OF_DTYPE = {
  bool: Uint8Array, uint8: Uint8Array, int8: Int8Array, int16: Int16Array, int32: Int32Array,
  int64: BigInt64Array, float32: Float32Array, float64: Float64Array, bfloat16: Uint16Array,
};
const DTYPE_OF_ARRAY = new Map([
  [Uint8Array, 'uint8'], [Int8Array, 'int8'], [Int16Array, 'int16'], [Int32Array, 'int32'],
  [BigInt64Array, 'int64'], [Float32Array, 'float32'], [Float64Array, 'float64'],
]);

// The ABI's functions, as koffi prototypes (values are pointers to the opaque muna_value).
const SIGNATURES = [
  'const char *muna_functions(void)',
  'int muna_call_function(const char *name, muna_value **args, size_t nargs, _Out_ muna_value **result)',
  'const char *muna_last_error(void)',
  'muna_value *muna_none(void)',
  'muna_value *muna_bool(int value)',
  'muna_value *muna_int(int64_t value)',
  'muna_value *muna_float(double value)',
  'muna_value *muna_str(const uint8_t *data, size_t size)',
  'muna_value *muna_tensor(int dtype, int ndim, const int64_t *shape, const void *data)',
  'muna_value *muna_list(void)',
  'muna_value *muna_tuple(void)',
  'muna_value *muna_dict(void)',
  'muna_value *muna_set(void)',
  'int muna_append(muna_value *container, muna_value *item)',
  'int muna_dict_set(muna_value *dict, muna_value *key, muna_value *value)',
  'void muna_value_free(muna_value *value)',
  'int muna_value_kind(const muna_value *value)',
  'int muna_value_bool(const muna_value *value)',
  'int64_t muna_value_int(const muna_value *value)',
  'double muna_value_float(const muna_value *value)',
  'const void *muna_value_str(const muna_value *value, _Out_ size_t *size)',
  'int muna_tensor_dtype(const muna_value *value)',
  'int muna_tensor_ndim(const muna_value *value)',
  'const int64_t *muna_tensor_shape(const muna_value *value)',
  'const void *muna_tensor_data(const muna_value *value)',
  'size_t muna_len(const muna_value *value)',
  'const muna_value *muna_item(const muna_value *value, size_t index)',
  'const muna_value *muna_dict_key(const muna_value *value, size_t index)',
  'const muna_value *muna_dict_value(const muna_value *value, size_t index)',
];
koffi.opaque('muna_value');
// Loaded libraries by absolute path, per thread (each worker thread has its own koffi).
const libraries = new Map();

/** The library at `file`, loaded once per thread: { path, functions, call(name, args) }. */
function openLibrary(file) {
  const key = path.resolve(file);
  let library = libraries.get(key);
  if (!library) {
    library = new Library(key);
    libraries.set(key, library);
  }
  return library;
}

class Library {
  constructor(file) {
    this.path = file;
    const lib = koffi.load(file);
    this.abi = {};
    for (const prototype of SIGNATURES) this.abi[prototype.match(/(\w+)\(/)[1]] = lib.func(prototype);
    try { // libraries built before bytes crossed the ABI lack it (they take no bytes either)
      this.abi.muna_bytes = lib.func('muna_value *muna_bytes(const uint8_t *data, size_t size)');
    } catch (e) {
      this.abi.muna_bytes = null;
    }
    /** Every exported function's signature: [{ name, source, params: [{ name, type, default? }], returns }]. */
    this.functions = JSON.parse(this.abi.muna_functions());
  }

  signature(name) {
    const found = this.functions.find((f) => f.name === name);
    if (!found) {
      const names = this.functions.map((f) => f.name).join(', ');
      throw new MunaError(`AttributeError: ${this.path} exports no function '${name}' (it has ${names})`);
    }
    return found;
  }

  /** Calls `name` with positional `args` (undefined: the parameter's default) on this thread;
   * returns the result as JS values or throws MunaError with the function's exception. */
  call(name, args) {
    const { params } = this.signature(name);
    if (args.length > params.length) {
      throw new MunaError(`TypeError: ${name}() takes ${params.length} arguments but ${args.length} were given`);
    }
    const abi = this.abi;
    const values = [];
    try {
      args.forEach((arg, i) => values.push(arg === undefined ? null : this.toValue(arg, params[i].type)));
      const out = [null];
      if (abi.muna_call_function(name, values, values.length, out) !== 0) {
        throw new MunaError(abi.muna_last_error());
      }
      try {
        return this.fromValue(out[0]);
      } finally {
        abi.muna_value_free(out[0]);
      }
    } finally {
      for (const v of values) if (v) abi.muna_value_free(v);
    }
  }

  // --- JS -> ABI ---------------------------------------------------------------------------
  // `type` is the declared type text ("int", "list[float]", "Optional[str]", ...) or
  // undefined where unknown; it only decides what a JS number becomes and list vs tuple.
  toValue(x, type) {
    const abi = this.abi;
    const { head, args } = parseType(type);
    if (head === 'Optional' || head === 'Union') {
      return this.toValue(x, args.find((a) => a !== 'None'));
    }
    if (x === null || x === undefined) return abi.muna_none();
    if (typeof x === 'boolean') return abi.muna_bool(x ? 1 : 0);
    if (typeof x === 'bigint') return abi.muna_int(x);
    if (typeof x === 'number') {
      const asInt = head === 'int' || (head !== 'float' && Number.isInteger(x));
      if (asInt && !Number.isSafeInteger(x)) {
        throw new MunaError(`OverflowError: ${x} is not an exact integer; pass a BigInt`);
      }
      return asInt ? abi.muna_int(x) : abi.muna_float(x);
    }
    if (typeof x === 'string') {
      const bytes = Buffer.from(x, 'utf8');
      return abi.muna_str(bytes, bytes.length);
    }
    if ((head === 'bytes' || head === 'bytearray') && x instanceof Uint8Array && abi.muna_bytes) {
      return abi.muna_bytes(x, x.length); // a Buffer or Uint8Array where bytes are declared
    }
    if (ArrayBuffer.isView(x) || isTensorLike(x)) return this.tensor(x);
    if (typeof x !== 'object') throw new MunaError(`TypeError: cannot pass a ${typeof x} to a compiled function`);
    if (x instanceof Set) { // a JS Set is a set, its items in insertion order
      const set = abi.muna_set();
      try {
        for (const item of x) abi.muna_append(set, this.toValue(item, args[0]));
      } catch (e) {
        abi.muna_value_free(set);
        throw e;
      }
      return set;
    }
    const list = Array.isArray(x);
    const container = !list ? abi.muna_dict() : head === 'tuple' ? abi.muna_tuple() : abi.muna_list();
    try { // the container owns every item added, so freeing it on failure frees them too
      if (list) {
        x.forEach((item, i) => {
          const itemType = head === 'tuple' ? args[args[1] === '...' ? 0 : i] : args[0];
          abi.muna_append(container, this.toValue(item, itemType));
        });
      } else {
        for (const [k, v] of x instanceof Map ? x.entries() : Object.entries(x)) this.dictSet(container, k, v, args);
      }
    } catch (e) {
      abi.muna_value_free(container);
      throw e;
    }
    return container;
  }

  dictSet(dict, k, v, [keyType, valueType]) {
    const key = this.toValue(k, keyType);
    let value;
    try {
      value = this.toValue(v, valueType);
    } catch (e) {
      this.abi.muna_value_free(key);
      throw e;
    }
    this.abi.muna_dict_set(dict, key, value);
  }

  // A typed array is a 1-D tensor; { data, shape, dtype? } an n-D one (dtype 'bfloat16' with a
  // Uint16Array of raw bits, or 'bool' with a Uint8Array). The data is copied.
  tensor(x) {
    const data = ArrayBuffer.isView(x) ? x : x.data;
    const shape = ArrayBuffer.isView(x) ? [data.length] : x.shape;
    const dtype = (!ArrayBuffer.isView(x) && x.dtype) || DTYPE_OF_ARRAY.get(data.constructor);
    const count = shape.reduce((a, b) => a * b, 1);
    if (!DTYPES.includes(dtype) || count !== data.length) {
      throw new MunaError(`TypeError: a tensor needs a typed array of ${count} elements and a known dtype`);
    }
    return this.abi.muna_tensor(DTYPES.indexOf(dtype), shape.length, shape, data);
  }

  // --- ABI -> JS ---------------------------------------------------------------------------
  fromValue(v) {
    const abi = this.abi;
    const kind = KIND[abi.muna_value_kind(v)];
    switch (kind) {
      case 'none': return null;
      case 'bool': return abi.muna_value_bool(v) !== 0;
      case 'int': return abi.muna_value_int(v); // a BigInt beyond 2**53, as koffi returns it
      case 'float': return abi.muna_value_float(v);
      case 'str': {
        const size = [0];
        const p = abi.muna_value_str(v, size);
        return size[0] ? Buffer.from(koffi.view(p, size[0])).toString('utf8') : '';
      }
      case 'bytes': { // bytes and bytearray results, as a Buffer (copied)
        const size = [0];
        const p = abi.muna_value_str(v, size);
        return size[0] ? Buffer.from(koffi.view(p, size[0]).slice(0)) : Buffer.alloc(0);
      }
      case 'list':
      case 'tuple': {
        const n = abi.muna_len(v);
        const items = [];
        for (let i = 0; i < n; i++) items.push(this.fromValue(abi.muna_item(v, i)));
        return items;
      }
      case 'set': {
        const n = abi.muna_len(v);
        const items = new Set();
        for (let i = 0; i < n; i++) items.add(this.fromValue(abi.muna_item(v, i)));
        return items;
      }
      case 'dict': {
        // A plain object where every key is a string (the common, JSON-like case), else a Map.
        const n = abi.muna_len(v);
        const entries = [];
        for (let i = 0; i < n; i++) {
          entries.push([this.fromValue(abi.muna_dict_key(v, i)), this.fromValue(abi.muna_dict_value(v, i))]);
        }
        return entries.every(([k]) => typeof k === 'string') ? Object.fromEntries(entries) : new Map(entries);
      }
      case 'tensor': return this.readTensor(v);
      default: throw new MunaError(`RuntimeError: unknown value kind ${abi.muna_value_kind(v)}`);
    }
  }

  /** { dtype, shape, data }: data a typed array copied out of the value, C-contiguous. */
  readTensor(v) {
    const abi = this.abi;
    let dtype = DTYPES[abi.muna_tensor_dtype(v)];
    const ndim = abi.muna_tensor_ndim(v);
    const shape = ndim ? Array.from(koffi.decode(abi.muna_tensor_shape(v), 'int64_t', ndim), Number) : [];
    const count = shape.reduce((a, b) => a * b, 1);
    const Array_ = ARRAY_OF_DTYPE[dtype];
    const nbytes = count * Array_.BYTES_PER_ELEMENT;
    let data = new Array_(nbytes ? koffi.view(abi.muna_tensor_data(v), nbytes).slice(0) : new ArrayBuffer(0));
    if (dtype === 'bfloat16') { // widen to float32 (bfloat16 is float32's upper half), as the Python loader does
      const wide = new Uint32Array(count);
      for (let i = 0; i < count; i++) wide[i] = data[i] << 16;
      data = new Float32Array(wide.buffer);
      dtype = 'float32';
    }
    return { dtype, shape, data };
  }
}

function isTensorLike(x) {
  return x !== null && typeof x === 'object' && ArrayBuffer.isView(x.data) && Array.isArray(x.shape);
}

// "list[float]" -> { head: 'list', args: ['float'] }; "X | None" reads as Optional[X]. Enough
// of the signature's type text to know what numbers inside a value are.
function parseType(type) {
  if (!type) return { head: undefined, args: [] };
  const top = splitTopLevel(type, '|');
  if (top.length > 1) return { head: 'Union', args: top };
  const open = type.indexOf('[');
  if (open < 0 || !type.endsWith(']')) return { head: type.trim(), args: [] };
  return { head: type.slice(0, open).trim(), args: splitTopLevel(type.slice(open + 1, -1), ',') };
}

function splitTopLevel(text, separator) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '[') depth++;
    else if (c === ']') depth--;
    else if (c === separator && depth === 0) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts;
}

module.exports = { openLibrary, koffi };
