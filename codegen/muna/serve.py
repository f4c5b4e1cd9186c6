"""`muna serve LIB.so [--port P] [--host H] [--model NAME]`: an OpenAI-compatible HTTP server
for a compiled embedding library.

The library exports `embed(texts, task="document", dimensions=768) -> float32 [n, dimensions]`
and `count_tokens(texts) -> list[int]`. The server answers `POST /v1/embeddings`,
`GET /v1/models` and `GET /v1/models/{id}` as OpenAI's API does (response and error bodies),
so OpenAI's own clients work against it with only their base URL changed.

Requests run concurrently: ThreadingHTTPServer gives each connection a thread, and ctypes
releases the GIL while the library computes.
"""
from __future__ import annotations

import base64
import json
import os
import signal
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import unquote, urlsplit

from .loader import MunaError, load

MAX_BODY_BYTES = 16 << 20  # far above 2048 inputs of ordinary text; bounds what one request holds in memory
MAX_INPUTS = 2048  # OpenAI's own limit on inputs per embeddings request
# `task` is muna's extension to OpenAI's parameters: the embedding library's task prompt.
CREATE_PARAMS = {"model", "input", "dimensions", "encoding_format", "user", "task"}
# What a library raises when the caller's values are wrong: a 400, as OpenAI answers it.
CALLER_ERRORS = {"ValueError", "TypeError", "KeyError", "IndexError"}


class ApiError(Exception):
    """An OpenAI-style error: the HTTP status and the body's {message, type, param, code}."""

    def __init__(self, status: int, message: str, param: str | None = None, code: str | None = None,
                 headers: dict | None = None):
        super().__init__(message)
        self.status = status
        self.headers = headers or {}
        self.body = {"error": {"message": message,
                               "type": "invalid_request_error" if status < 500 else "server_error",
                               "param": param, "code": code}}


class EmbeddingModel:
    """A compiled embedding library served under `name`."""

    def __init__(self, path: str, name: str):
        self.name = name
        self.created = int(os.path.getmtime(path))
        try:
            self._embed = load(path, "embed")
            self._count_tokens = load(path, "count_tokens")
        except AttributeError as e:
            raise SystemExit(f"muna serve: {e}; an embedding library exports embed and count_tokens")

    def describe(self) -> dict:
        return {"id": self.name, "object": "model", "created": self.created, "owned_by": "muna"}

    def create_embeddings(self, body) -> dict:
        """OpenAI's POST /v1/embeddings: the request body in, the response body out."""
        texts, dimensions, encoding_format, task = validate(body, self.name)
        named = {k: v for k, v in (("task", task), ("dimensions", dimensions)) if v is not None}
        try:
            vectors = self._embed(texts, **named)
            # The prompt a task adds is part of what the model reads, so count with it.
            takes_task = any(p["name"] == "task" for p in self._count_tokens.signature["params"])
            counts = self._count_tokens(texts, **({"task": task} if task and takes_task else {}))
        except MunaError as e:
            if e.type in CALLER_ERRORS:
                raise ApiError(400, e.message)
            raise ApiError(500, str(e))
        if vectors.dtype.name != "float32" or vectors.ndim != 2 or len(vectors) != len(texts):
            raise ApiError(500, f"{self.name}: embed returned {vectors.dtype} {list(vectors.shape)}, "
                                f"not float32 [{len(texts)}, dimensions]")
        if encoding_format == "base64":  # little-endian float32 bytes, OpenAI's wire format
            rows = [base64.b64encode(row.astype("<f4").tobytes()).decode("ascii") for row in vectors]
        else:
            rows = vectors.tolist()
        tokens = sum(counts)
        return {"object": "list",
                "data": [{"object": "embedding", "index": i, "embedding": row} for i, row in enumerate(rows)],
                "model": self.name,
                "usage": {"prompt_tokens": tokens, "total_tokens": tokens}}


def validate(body, model_name: str):
    """The checks OpenAI's API makes on an embeddings request, as ApiErrors naming the parameter
    (the Node client, clients/node/client.js, makes the same ones with the same messages)."""
    if not isinstance(body, dict):
        raise ApiError(400, "the request body must be a JSON object")
    for key in body:
        if key not in CREATE_PARAMS:
            raise ApiError(400, f"Unrecognized request argument supplied: {key}", param=key)
    model = body.get("model")
    if not isinstance(model, str):
        raise ApiError(400, "'model' must be a string", param="model")
    if "input" not in body:
        raise ApiError(400, "'input' is required", param="input")
    texts = body["input"]
    texts = [texts] if isinstance(texts, str) else texts
    if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
        raise ApiError(400, "'input' must be a string or an array of strings", param="input")
    if not texts:
        raise ApiError(400, "'input' must not be empty", param="input")
    if len(texts) > MAX_INPUTS:
        raise ApiError(400, f"'input' must have at most {MAX_INPUTS} items", param="input")
    if any(t == "" for t in texts):
        raise ApiError(400, "'input' must not contain empty strings", param="input")
    dimensions = body.get("dimensions")
    # Bounded so that every accepted value fits the library's int64 (the library rejects sizes it lacks).
    if dimensions is not None and (type(dimensions) is not int or not 0 < dimensions < 2**31):
        raise ApiError(400, "'dimensions' must be a positive integer", param="dimensions")
    encoding_format = body.get("encoding_format")
    if encoding_format is None:  # absent or null, as for every optional parameter
        encoding_format = "float"
    if encoding_format not in ("float", "base64"):
        raise ApiError(400, "'encoding_format' must be 'float' or 'base64'", param="encoding_format")
    task = body.get("task")
    if task is not None and not isinstance(task, str):
        raise ApiError(400, "'task' must be a string", param="task")
    if body.get("user") is not None and not isinstance(body["user"], str):
        raise ApiError(400, "'user' must be a string", param="user")
    if model != model_name:
        raise ApiError(404, f"The model '{model}' does not exist", param="model", code="model_not_found")
    return texts, dimensions, encoding_format, task


class Handler(BaseHTTPRequestHandler):
    """Routes /v1/embeddings and /v1/models[/{id}]; every answer is JSON with a Content-Length,
    so connections stay open between requests (HTTP/1.1 keep-alive, as OpenAI's clients use)."""

    protocol_version = "HTTP/1.1"
    server_version = "muna"
    model: EmbeddingModel  # set on the subclass serve() makes

    def do_GET(self):
        self._route("GET")

    def do_POST(self):
        self._route("POST")

    def do_PUT(self):
        self._route("PUT")

    def do_PATCH(self):
        self._route("PATCH")

    def do_DELETE(self):
        self._route("DELETE")

    def _route(self, method: str):
        path = urlsplit(self.path).path.rstrip("/")
        self.body_read = False
        try:
            if path == "/v1/embeddings":
                self._allow(method, "POST")
                self._send(200, self.model.create_embeddings(self._read_json()))
            elif path == "/v1/models":
                self._allow(method, "GET")
                self._send(200, {"object": "list", "data": [self.model.describe()]})
            elif path.startswith("/v1/models/"):
                self._allow(method, "GET")
                model = unquote(path[len("/v1/models/"):])
                if model != self.model.name:
                    raise ApiError(404, f"The model '{model}' does not exist", param="model", code="model_not_found")
                self._send(200, self.model.describe())
            else:
                raise ApiError(404, f"Invalid URL ({method} {self.path})")
        except ApiError as e:
            self._send(e.status, e.body, e.headers)
        except ConnectionError:  # the client went away: nobody to answer
            self.close_connection = True
        except Exception as e:  # a bug here (or NaN in a result) must still answer, as OpenAI-style JSON
            self.log_error("internal error: %r", e)
            self._send(500, ApiError(500, f"internal error: {type(e).__name__}: {e}").body)

    def _allow(self, method: str, allowed: str):
        if method != allowed:
            raise ApiError(405, f"Method {method} is not allowed for {urlsplit(self.path).path}; use {allowed}",
                           headers={"Allow": allowed})

    def _read_json(self):
        length = self.headers.get("Content-Length")
        if length is None or self.headers.get("Transfer-Encoding"):
            raise ApiError(411, "a Content-Length header is required")
        if not length.isdigit():
            raise ApiError(400, "invalid Content-Length header")
        if int(length) > MAX_BODY_BYTES:
            raise ApiError(413, f"request body of {length} bytes is over the limit of {MAX_BODY_BYTES} bytes")
        raw = self.rfile.read(int(length))
        self.body_read = True
        try:
            return json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            raise ApiError(400, "We could not parse the JSON body of your request. (HINT: This likely means "
                                "you aren't using your HTTP library correctly. The OpenAI API expects a JSON "
                                "payload, but what was sent was not valid JSON.)")

    def _send(self, status: int, body: dict, headers: dict | None = None):
        data = json.dumps(body, allow_nan=False).encode("utf-8")  # NaN is no JSON: a ValueError, answered 500
        # A body left unread (a request refused before reading it) would be taken for the next
        # request on this connection, so the connection ends with this answer.
        if not self.body_read and (self.headers.get("Content-Length", "0") != "0" or self.headers.get("Transfer-Encoding")):
            self.close_connection = True
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(data)


def serve(path: str, host: str = "127.0.0.1", port: int = 8000, model: str | None = None):
    """Serves the library until interrupted (Ctrl-C or SIGTERM). Port 0 picks a free port; the
    first line printed names the address actually bound."""
    name = model or os.path.splitext(os.path.basename(path))[0]
    handler = type("ModelHandler", (Handler,), {"model": EmbeddingModel(path, name)})
    server = ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True  # an open keep-alive connection must not block shutdown
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    bound_host, bound_port = server.server_address[:2]
    print(f"muna serve: model '{name}' from {path} at http://{bound_host}:{bound_port}/v1", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


def add_parser(subparsers):
    s = subparsers.add_parser("serve", help="serve a compiled embedding library over OpenAI-compatible HTTP")
    s.add_argument("library", metavar="LIB.so", help="a library exporting embed and count_tokens")
    s.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1, this machine only)")
    s.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 picks a free one)")
    s.add_argument("--model", help="the model name clients ask for (default: the library's file stem)")


def serve_command(args) -> int:
    if not os.path.isfile(args.library):
        print(f"muna serve: no such library: {args.library}", file=sys.stderr)
        return 1
    serve(args.library, args.host, args.port, args.model)
    return 0
