"""What a correct answer looks like: responses checked against the stand-in run in Python,
and the OpenAI-style error each bad request must get (shared by the Node client's and the
server's tests, which must answer alike)."""
import base64

import numpy as np

from . import standin_embed as standin


def check_response(response, texts, dimensions=768, task="document", model="standin"):
    """Exactly OpenAI's shape (keys, types, order) and the stand-in's values and token counts."""
    assert list(response) == ["object", "data", "model", "usage"]
    assert response["object"] == "list" and response["model"] == model
    tokens = sum(standin.count_tokens(texts))
    assert response["usage"] == {"prompt_tokens": tokens, "total_tokens": tokens}
    expected = standin.embed(texts, task, dimensions)
    assert len(response["data"]) == len(texts)
    for i, item in enumerate(response["data"]):
        assert list(item) == ["object", "index", "embedding"]
        assert item["object"] == "embedding" and item["index"] == i
        embedding = item["embedding"]
        if isinstance(embedding, str):  # base64 of little-endian float32
            embedding = np.frombuffer(base64.b64decode(embedding), dtype="<f4")
        assert len(embedding) == dimensions
        np.testing.assert_allclose(np.asarray(embedding, dtype=np.float32), expected[i], rtol=0, atol=1e-6)


# name -> (class, status, param, code, what the message contains)
BAD_REQUESTS = {
    "unknown_model": ("NotFoundError", 404, "model", "model_not_found", "'nope' does not exist"),
    "model_not_string": ("BadRequestError", 400, "model", None, "'model' must be a string"),
    "input_missing": ("BadRequestError", 400, "input", None, "'input' is required"),
    "input_number": ("BadRequestError", 400, "input", None, "string or an array of strings"),
    "input_tokens": ("BadRequestError", 400, "input", None, "string or an array of strings"),
    "input_empty_list": ("BadRequestError", 400, "input", None, "must not be empty"),
    "input_empty_string": ("BadRequestError", 400, "input", None, "empty strings"),
    "input_too_many": ("BadRequestError", 400, "input", None, "at most 2048"),
    "dimensions_unsupported": ("BadRequestError", 400, None, None, "dimensions must be one of 768, 512, 256, 128, not 100"),
    "dimensions_not_integer": ("BadRequestError", 400, "dimensions", None, "positive integer"),
    "dimensions_string": ("BadRequestError", 400, "dimensions", None, "positive integer"),
    "dimensions_huge": ("BadRequestError", 400, "dimensions", None, "positive integer"),
    "encoding_format_bad": ("BadRequestError", 400, "encoding_format", None, "'float' or 'base64'"),
    "task_unknown": ("BadRequestError", 400, None, None, "argument 'task'"),
    "unknown_parameter": ("BadRequestError", 400, "temperature", None, "Unrecognized request argument supplied: temperature"),
    "not_an_object": ("BadRequestError", 400, None, None, "object of parameters"),
}




def check_bad_request(err, case):
    """`err`: an error as the scenario scripts describe it (class name, status, error body)."""
    name, status, param, code, text = BAD_REQUESTS[case]
    assert err["name"] == name and err["apiError"]
    assert err["status"] == status
    assert list(err["error"]) == ["message", "type", "param", "code"]
    assert err["error"]["type"] == "invalid_request_error"
    assert (err["error"]["param"], err["error"]["code"]) == (param, code)
    assert text in err["error"]["message"]
    assert err["message"] == f"{status} {err['error']['message']}"  # as openai's APIError words it
