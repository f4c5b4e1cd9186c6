"""Fixtures shared by every test (helpers live in muna_testing.py, a name no other test
folder's conftest shadows)."""
import pytest

from muna_testing import compile_library  # noqa: F401  (also puts codegen/ on sys.path)


@pytest.fixture(scope="session")
def compiled():
    """compiled(path, function) -> a muna.load()ed callable."""
    import muna
    loaded = {}

    def get(path, function, *extra):
        key = (path, function, extra)
        if key not in loaded:
            loaded[key] = muna.load(compile_library(path, function, *extra))
        return loaded[key]
    return get
