"""The op core (include/muna/core/opcore.hpp) is one archive per target, linked into every
library: a library takes from it only the members it calls. A function without a GEMM or a
decomposition must not carry Eigen's or oneDNN's code (megabytes, and load time) just because
the archive's GEMM or SVD member also holds a copy of a helper it calls: opcore/abi.cpp is the
archive's first member for that reason."""
import subprocess

from muna_testing import compile_library

HEAVY = ("gebp_kernel", "BDCSVD", "PartialPivLU", "dnnl::")


def symbols(library):
    return subprocess.run(["nm", "-C", library], capture_output=True, text=True, check=True).stdout


def test_a_library_without_gemm_or_linalg_holds_none_of_their_code():
    names = symbols(compile_library("examples/basics.py", "normalize", shipped=True))
    found = [h for h in HEAVY if h in names]
    assert not found, f"a row normalization links {found} from the op core"


def test_a_library_with_a_linear_layer_holds_the_gemm():
    # The check above can fail: the same symbols are there when a library calls the GEMM.
    names = symbols(compile_library("tests/realistic/programs/pt_mlp_classifiers.py", "predict_iris_batch", shipped=True))
    assert "dnnl::" in names or "gebp_kernel" in names
