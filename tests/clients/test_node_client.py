"""The Node client (clients/node) against the compiled stand-in, checked against the stand-in
run in Python: OpenAI's response shape, values, base64, dimensions, token counts, errors, the
raw ABI, and calls running off the event loop."""
import numpy as np
import pytest

from . import standin_embed as standin
from .oracle import BAD_REQUESTS, check_bad_request, check_response


@pytest.fixture(scope="module")
def scenario(run_node, standin_lib):
    results = {}

    def get(name):
        if name not in results:
            results[name] = run_node("client_scenarios.js", standin_lib, name)
        return results[name]
    return get


def test_single_string_input(scenario):
    check_response(scenario("responses")["single"], ["hello world"])


def test_batch_with_unicode(scenario):
    check_response(scenario("responses")["batch"], ["a b c", "héllo wörld 🌍", "x"])


@pytest.mark.parametrize("i, dimensions", [(0, 512), (1, 256), (2, 128)])
def test_dimensions(scenario, i, dimensions):
    check_response(scenario("responses")["dims"][i], ["one two", "three"], dimensions=dimensions)


def test_task_extension(scenario):
    check_response(scenario("responses")["query"], ["one two"], task="query")
    # Meaningful only because the task changes the stand-in's embedding.
    assert not np.allclose(standin.embed(["one two"], "query"), standin.embed(["one two"], "document"))


def test_base64(scenario):
    response = scenario("responses")["base64"]
    assert all(isinstance(item["embedding"], str) for item in response["data"])
    check_response(response, ["a b c", "héllo wörld 🌍"], dimensions=256)


@pytest.mark.parametrize("case", sorted(BAD_REQUESTS))
def test_bad_request(scenario, case):
    err = scenario("errors")[case]["err"]
    assert not err["munaError"]
    check_bad_request(err, case)


def test_null_parameters_are_absent(scenario):
    check_response(scenario("errors")["nulls_are_absent"]["ok"], ["x"])


def test_model_that_is_no_library(scenario):
    err = scenario("errors")["broken_model"]["err"]
    assert err["name"] == "InternalServerError" and err["status"] == 500
    assert err["error"]["type"] == "server_error" and "no-such-library.so" in err["error"]["message"]


def test_abi_functions_and_direct_call(scenario):
    abi = scenario("abi")
    assert [f["name"] for f in abi["functions"]] == ["embed", "count_tokens"]
    assert [p["name"] for p in abi["functions"][0]["params"]] == ["texts", "task", "dimensions"]
    direct = abi["direct"]
    assert direct["dtype"] == "float32" and direct["shape"] == [1, 128]
    np.testing.assert_allclose(np.float32(direct["data"]), standin.embed(["one two"], "query", 128)[0], atol=1e-6, rtol=0)
    assert abi["counts"] == standin.count_tokens(["one two three", "x", "  spaced   out  "])


def test_abi_raised_exception(scenario):
    abi = scenario("abi")
    raised = abi["raised"]
    assert raised["name"] == "MunaError" and raised["munaError"] and not raised["apiError"]
    assert raised["type"] == "ValueError"
    assert raised["detail"] == "dimensions must be one of 768, 512, 256, 128, not 100"
    assert raised["message"] == "ValueError: " + raised["detail"]
    assert abi["missing"]["type"] == "TypeError" and "texts" in abi["missing"]["detail"]


def test_models(scenario, standin_lib):
    models = scenario("models")
    assert models["list"]["object"] == "list"
    assert [m["id"] for m in models["list"]["data"]] == ["standin"]
    assert models["retrieve"] == models["list"]["data"][0]
    assert list(models["retrieve"]) == ["id", "object", "created", "owned_by"]
    assert models["retrieve"]["object"] == "model" and models["retrieve"]["created"] > 0
    assert models["unknown"]["err"]["status"] == 404


def test_concurrent_calls_off_the_event_loop(scenario):
    result = scenario("concurrent")
    by_label = {r["label"]: r for r in result["results"]}
    assert by_label["slow1"]["rows"] == by_label["slow2"]["rows"] == 400 and by_label["fast"]["rows"] == 1
    # The fast call, made after both slow ones, finishes first: calls run side by side.
    assert result["order"][0] == "fast"
    slowest_ms = min(by_label["slow1"]["ms"], by_label["slow2"]["ms"])
    # The 10 ms timer kept firing while the slow calls ran: inference ran off the loop. Had it
    # run on the loop, the timer could not fire during a call at all. The bounds are loose
    # (typically 20 ticks, longest gap 17 ms of 210) so that a busy machine does not fail them;
    # what the loop does block on is copying the 20 MB of input to a worker.
    assert result["ticks"] >= 5, result
    assert result["maxGapMs"] * 2 < slowest_ms, result


def test_closed_client_refuses_calls(scenario):
    assert "closed" in scenario("closed")["err"]["message"]
