"""`./muna serve` against the compiled stand-in: driven by the official openai npm client
(responses, models, bad requests, 8 concurrent requests) and by raw HTTP (what a client
library would never send: broken JSON, wrong methods and paths, oversized or unsized bodies).
Servers bind 127.0.0.1 on a free port (--port 0) and are always shut down."""
import http.client
import json
import os
import re
import select
import socket
import subprocess

import pytest

from muna_testing import ROOT, compile_library, run_muna

from .oracle import BAD_REQUESTS, check_bad_request, check_response


class Server:
    """`./muna serve LIB --port 0 ...` in a subprocess; `port` from the line it prints."""

    def __init__(self, library, *extra, log_path):
        # Request logs go to a file: a pipe nobody reads would fill and stall the server.
        self.log = open(log_path, "w")
        self.proc = subprocess.Popen([os.path.join(ROOT, "muna"), "serve", library, "--port", "0", *extra],
                                     stdout=subprocess.PIPE, stderr=self.log, text=True, cwd=ROOT)
        ready, _, _ = select.select([self.proc.stdout], [], [], 60)
        line = self.proc.stdout.readline() if ready else ""
        match = re.search(r"http://127\.0\.0\.1:(\d+)/v1", line)
        if not match:
            self.stop()
            raise AssertionError(f"muna serve did not start: {line!r}\n{open(log_path).read()}")
        self.port = int(match.group(1))
        self.base_url = f"http://127.0.0.1:{self.port}/v1"

    def stop(self):
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.proc.stdout.close()
        self.log.close()

    def request(self, method, path, body=None, headers=None):
        """(status, headers, parsed JSON body) of one request on a fresh connection."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            return exchange(conn, method, path, body, headers)
        finally:
            conn.close()


def exchange(conn, method, path, body=None, headers=None):
    if isinstance(body, (dict, list)):
        body = json.dumps(body)
    conn.request(method, path, body=body, headers=headers or {})
    response = conn.getresponse()
    return response.status, response.headers, json.loads(response.read())


@pytest.fixture(scope="module")
def server(standin_lib, tmp_path_factory):
    s = Server(standin_lib, log_path=tmp_path_factory.mktemp("serve") / "serve.log")
    yield s
    s.stop()


@pytest.fixture(scope="module")
def openai_scenario(run_node, server):
    results = {}

    def get(name):
        if name not in results:
            results[name] = run_node("server_scenarios.js", server.base_url, "standin", name)
        return results[name]
    return get


# --- the official openai client ------------------------------------------------------------

def test_openai_client_default_request(openai_scenario):
    # The client asks for base64 when no encoding_format is given and decodes it itself.
    check_response(openai_scenario("embeddings")["default"], ["a b c", "héllo wörld 🌍", "x"])


def test_openai_client_float(openai_scenario):
    check_response(openai_scenario("embeddings")["float"], ["a b c", "héllo wörld 🌍", "x"])


def test_openai_client_base64_and_dimensions(openai_scenario):
    response = openai_scenario("embeddings")["base64"]
    assert all(isinstance(item["embedding"], str) for item in response["data"])
    check_response(response, ["a b c", "héllo wörld 🌍", "x"], dimensions=256)


def test_openai_client_single_string_and_task(openai_scenario):
    check_response(openai_scenario("embeddings")["single"], ["hello world"], dimensions=128)
    check_response(openai_scenario("embeddings")["query"], ["one two"], task="query")


def test_openai_client_models(openai_scenario):
    models = openai_scenario("models")
    assert models["ids"] == ["standin"]
    assert models["data"] == [models["retrieve"]]
    assert list(models["retrieve"]) == ["id", "object", "created", "owned_by"]
    assert models["retrieve"]["object"] == "model"
    check_bad_request(models["unknown"]["err"], "unknown_model")


SERVER_BAD_REQUESTS = ["unknown_model", "input_number", "input_tokens", "input_empty_list",
                       "input_empty_string", "dimensions_unsupported", "dimensions_string",
                       "dimensions_huge", "encoding_format_bad", "task_unknown", "unknown_parameter"]


@pytest.mark.parametrize("case", SERVER_BAD_REQUESTS)
def test_openai_client_bad_request(openai_scenario, case):
    assert case in BAD_REQUESTS
    check_bad_request(openai_scenario("errors")[case]["err"], case)


def test_openai_client_null_parameters_are_absent(openai_scenario):
    # The client itself replaces a null encoding_format with base64 (and decodes the answer).
    check_response(openai_scenario("errors")["nulls_are_absent"]["ok"], ["x"])


def test_openai_client_eight_concurrent_requests(openai_scenario):
    result = openai_scenario("concurrent")
    assert len(result["responses"]) == 8
    for texts, response in zip(result["inputs"], result["responses"]):
        check_response(response, texts)


# --- raw HTTP ----------------------------------------------------------------------------

def check_error(status, body, expected_status, text, param=None):
    assert status == expected_status
    assert list(body) == ["error"] and list(body["error"]) == ["message", "type", "param", "code"]
    assert body["error"]["type"] == "invalid_request_error" and body["error"]["param"] == param
    assert text in body["error"]["message"]


def test_invalid_json(server):
    status, _, body = server.request("POST", "/v1/embeddings", '{"model": "standin", "input": ')
    check_error(status, body, 400, "could not parse the JSON body")


def test_body_not_an_object(server):
    status, _, body = server.request("POST", "/v1/embeddings", ["standin", "x"])
    check_error(status, body, 400, "must be a JSON object")


def test_invalid_utf8(server):
    status, _, body = server.request("POST", "/v1/embeddings", b'{"model": "standin", "input": "\xff"}')
    check_error(status, body, 400, "could not parse the JSON body")


@pytest.mark.parametrize("method, path, allowed", [("GET", "/v1/embeddings", "POST"),
                                                   ("POST", "/v1/models", "GET"),
                                                   ("DELETE", "/v1/models/standin", "GET")])
def test_wrong_method(server, method, path, allowed):
    status, headers, body = server.request(method, path, {} if method == "POST" else None)
    check_error(status, body, 405, f"Method {method} is not allowed")
    assert headers["Allow"] == allowed


def test_unknown_path(server):
    status, _, body = server.request("GET", "/v1/completions")
    check_error(status, body, 404, "Invalid URL (GET /v1/completions)")


def test_unknown_model_path(server):
    status, _, body = server.request("GET", "/v1/models/nope")
    check_error(status, body, 404, "'nope' does not exist", param="model")
    assert body["error"]["code"] == "model_not_found"


def test_body_over_the_limit(server):
    # Only the headers are sent: the server refuses on the declared size, before reading.
    status, headers, body = server.request("POST", "/v1/embeddings", headers={"Content-Length": str(17 << 20)})
    check_error(status, body, 413, "over the limit")
    assert headers["Connection"] == "close"


def test_body_without_length(server):
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as s:
        s.sendall(b"POST /v1/embeddings HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\r\n")
        response = http.client.HTTPResponse(s)
        response.begin()
        check_error(response.status, json.loads(response.read()), 411, "Content-Length")


def test_connection_kept_alive_across_an_error(server):
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    try:
        status, _, _ = exchange(conn, "POST", "/v1/embeddings", "not json")
        assert status == 400
        status, _, body = exchange(conn, "POST", "/v1/embeddings", {"model": "standin", "input": "x"})
        assert status == 200
        check_response(body, ["x"])
    finally:
        conn.close()


def test_requests_run_concurrently(server):
    """A request whose body is still arriving holds up no other connection: the second request
    is answered while the first is stalled mid-body, and the first is answered once it is whole.
    No timing is involved; a server that handled one connection at a time would never answer."""
    body = json.dumps({"model": "standin", "input": ["slow one", "second text"], "dimensions": 128}).encode()
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as stalled:
        stalled.sendall(b"POST /v1/embeddings HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                        b"Content-Length: %d\r\n\r\n" % len(body) + body[:len(body) // 2])
        status, _, fast = server.request("POST", "/v1/embeddings", {"model": "standin", "input": ["quick"]})
        assert status == 200
        check_response(fast, ["quick"])
        stalled.sendall(body[len(body) // 2:])
        response = http.client.HTTPResponse(stalled)
        response.begin()
        assert response.status == 200
        check_response(json.loads(response.read()), ["slow one", "second text"], dimensions=128)


# --- the command line --------------------------------------------------------------------

def test_model_name_option(standin_lib, tmp_path):
    s = Server(standin_lib, "--model", "embeddinggemma", log_path=tmp_path / "serve.log")
    try:
        status, _, body = s.request("GET", "/v1/models")
        assert status == 200 and [m["id"] for m in body["data"]] == ["embeddinggemma"]
        status, _, body = s.request("POST", "/v1/embeddings", {"model": "embeddinggemma", "input": ["a b"]})
        assert status == 200
        check_response(body, ["a b"], model="embeddinggemma")
        status, _, body = s.request("POST", "/v1/embeddings", {"model": "standin", "input": ["a b"]})
        assert status == 404
    finally:
        s.stop()


def test_missing_library():
    proc = run_muna("serve", "build/no-such-library.so", "--port", "0")
    assert proc.returncode == 1 and "no such library" in proc.stderr


def test_library_without_embed():
    proc = run_muna("serve", compile_library("examples/basics.py", "normalize"), "--port", "0")
    assert proc.returncode == 1 and "exports no function 'embed'" in proc.stderr
