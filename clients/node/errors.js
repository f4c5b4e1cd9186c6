'use strict';
// Errors: MunaError is what a compiled function raised (the ABI's muna_last_error text);
// APIError and its subclasses mirror the official openai package's classes (status, error
// body fields), so code written against OpenAI's client catches the same shapes here.

/** A compiled function raised or rejected its arguments: `type` is the Python exception name
 * (ValueError, TypeError, ...), `detail` its message; `message` is both, "Type: detail". */
class MunaError extends Error {
  constructor(text) {
    super(text);
    this.name = 'MunaError';
    const cut = text.indexOf(': ');
    this.type = cut < 0 ? text : text.slice(0, cut);
    this.detail = cut < 0 ? '' : text.slice(cut + 2);
  }
}

/** OpenAI's error shape: `status` as an HTTP status would be, `error` the body's
 * { message, type, param, code }, with its fields also on the error itself. */
class APIError extends Error {
  constructor(status, message, { type = 'invalid_request_error', param = null, code = null } = {}) {
    super(`${status} ${message}`);
    this.name = this.constructor.name;
    this.status = status;
    this.error = { message, type, param, code };
    this.type = type;
    this.param = param;
    this.code = code;
  }
}

class BadRequestError extends APIError {
  constructor(message, fields) { super(400, message, fields); }
}

class NotFoundError extends APIError {
  constructor(message, fields) { super(404, message, fields); }
}

class InternalServerError extends APIError {
  constructor(message, fields) { super(500, message, { type: 'server_error', ...fields }); }
}

module.exports = { MunaError, APIError, BadRequestError, NotFoundError, InternalServerError };
