"""Every header under include/muna and kernels/muna compiles on its own (g++ -fsyntax-only),
so a generated TU that includes only what it uses never depends on include order; the Python
runtime's own headers (WARNING_CLEAN) also without a warning under -Wall -Wextra. One compiler
call per header, two at a time (the machine has two cores, shared).

Half of each call was g++ reading the C++ standard library and the x86 intrinsics, the same for
every header, so those come precompiled (`-include` of one .gch). That hides a header's missing
standard include from g++, so a second test checks those itself: each standard name a header
uses (std::vector, int64_t, std::sort, ...) has its standard header among the header's own
includes or those of the muna headers it includes. That is stricter than g++ alone, which is
satisfied when libstdc++ happens to include it: libc++ (emscripten) and MSVC do not."""
import glob
import os
import re
import subprocess
from concurrent.futures import ThreadPoolExecutor

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INCLUDES = [os.path.join(ROOT, "include"), os.path.join(ROOT, "kernels")]
FLAGS = ["-std=c++17", "-march=x86-64-v3", "-maes", "-mpclmul", *[f"-I{d}" for d in INCLUDES],
         "-isystem/usr/include/eigen3", "-fopenmp"]
WARNING_CLEAN = tuple(f"muna/python/{d}/" for d in ("str", "builtins", "unicode", "format"))
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]', re.M)
# A standard header is named without a directory or an extension: <vector>, <cstdint>.
STANDARD = re.compile(r"^[a-z_]+$")


def headers():
    out = []
    for base in INCLUDES:
        for path in sorted(glob.glob(os.path.join(base, "muna", "**", "*.hpp"), recursive=True)):
            out.append(os.path.relpath(path, base))
    return out


def path_of(header):
    for base in INCLUDES:
        if os.path.exists(os.path.join(base, header)):
            return os.path.join(base, header)
    return None


def direct_includes(header):
    with open(path_of(header)) as f:
        return INCLUDE.findall(f.read())


@pytest.fixture(scope="module")
def standard_library_pch(tmp_path_factory):
    """Every standard header some muna header includes, and the intrinsics, precompiled."""
    names = sorted({i for h in headers() for i in direct_includes(h) if STANDARD.match(i)})
    folder = tmp_path_factory.mktemp("pch")
    header = folder / "standard.hpp"
    header.write_text("".join(f"#include <{n}>\n" for n in [*names, "immintrin.h"]))
    proc = subprocess.run(["g++", *FLAGS, "-x", "c++-header", str(header), "-o", str(header) + ".gch"],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return str(header)


def defines_op_core(header) -> bool:
    """Whether the header declares or defines op-core functions (muna/core/opcore.hpp)."""
    with open(path_of(header)) as f:
        text = f.read()
    return "MUNA_OPCORE_FN" in text or "MUNA_OPCORE_DEFINE" in text


def compile_alone(header, pch):
    source = f"#include <{header}>\n"
    warnings = ["-Wall", "-Wextra", "-Werror"] if header.startswith(WARNING_CLEAN) else []
    # As generated code includes it (op-core functions declared, not defined), except a header
    # that has op-core functions of its own, which also defines them here: so each op-core body
    # compiles once, alone with its own header's includes, and not again in every header that
    # includes it (an SVD's body costs g++ a minute).
    if not defines_op_core(header):
        warnings.append("-DMUNA_OPCORE_LINKED")
    # -Winvalid-pch: a precompiled header g++ cannot take is an error here, not a silent slow path.
    cmd = ["g++", *FLAGS, "-fsyntax-only", "-Winvalid-pch", "-Werror=invalid-pch", *warnings,
           "-include", pch, "-x", "c++", "-"]
    proc = subprocess.run(cmd, input=source, capture_output=True, text=True)
    return header, proc.returncode, proc.stderr


# <muna/ops.hpp> includes every other header (26 s of g++ alone): test_ops_hpp.py builds a native
# app on it, which compiles it whole. The op core's numpy_linalg.cpp is matrices.hpp alone (and
# with it matrices_core.hpp, its definitions), Eigen's SVD and LU a minute of g++ each: the op
# core is built with the first library compiled for a target (codegen/muna/opcore.py).
COMPILED_ELSEWHERE = ("muna/ops.hpp", "muna/numpy/linalg/detail/matrices.hpp",
                      "muna/numpy/linalg/detail/matrices_core.hpp")


def test_every_header_compiles_alone(standard_library_pch):
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda h: compile_alone(h, standard_library_pch),
                                [h for h in headers() if h not in COMPILED_ELSEWHERE]))
    failures = [f"{h}:\n{err[:600]}" for h, rc, err in results if rc != 0]
    assert not failures, f"{len(failures)} headers do not compile alone:\n" + "\n".join(failures[:10])


# A standard name -> the standard header that declares it (the names muna's headers use).
STANDARD_NAMES = {
    r"\bstd::(string|to_string|stoi|stol|stod)\b": "string",
    r"\bstd::vector\b": "vector",
    r"\bstd::(optional|nullopt|make_optional)\b": "optional",
    r"\bstd::(tuple|make_tuple|apply|tuple_size|tuple_element|tie|forward_as_tuple)\b": "tuple",
    r"\b(std::)?u?int(8|16|32|64)_t\b": "cstdint",
    r"\bstd::(sqrt|exp|log|log2|log10|floor|ceil|isnan|isinf|isfinite|fabs|pow|fmod|round|trunc|"
    r"sin|cos|tan|tanh|erf|signbit|copysign|nearbyint|hypot|expm1|log1p|atan2)\b": "cmath",
    r"\bstd::(enable_if_t|enable_if|is_same_v|is_same|decay_t|is_integral_v|is_floating_point_v|"
    r"conditional_t|remove_cv_t|is_signed_v|make_unsigned_t|void_t|true_type|false_type|"
    r"integral_constant|is_arithmetic_v)\b": "type_traits",
    r"\bstd::(sort|stable_sort|reverse|fill|copy|find|find_if|any_of|all_of|none_of|min_element|"
    r"max_element|lower_bound|upper_bound|count|unique|transform|nth_element|partial_sort|equal|"
    r"rotate|clamp)\b": "algorithm",
    r"\bstd::(min|max)\s*\(": "algorithm",
    r"\bstd::(pair|make_pair|swap|index_sequence|make_index_sequence|index_sequence_for|declval|"
    r"exchange|integer_sequence)\b": "utility",
    r"\bstd::numeric_limits\b": "limits",
    r"\bstd::(memcpy|memset|memcmp|memmove|strlen|strcmp)\b": "cstring",
    r"\bstd::(unique_ptr|shared_ptr|make_shared|make_unique)\b": "memory",
    r"\bstd::string_view\b": "string_view",
    r"\bstd::function\b": "functional",
    r"\bstd::unordered_map\b": "unordered_map",
    r"\bstd::unordered_set\b": "unordered_set",
    r"\bstd::(accumulate|iota|partial_sum|inner_product)\b": "numeric",
    r"\bstd::complex\b": "complex",
    r"\bstd::(variant|visit|holds_alternative|get_if|monostate)\b": "variant",
    r"\bstd::array\b": "array",
    r"\bstd::map\b": "map",
    r"\bstd::deque\b": "deque",
}
# C's name of a header counts as well (<stdint.h> for <cstdint>).
ALSO = {"cstdint": "stdint.h", "cstring": "string.h", "cmath": "math.h"}


def code_of(path):
    """The header's text without comments and string literals (names there are not uses)."""
    with open(path) as f:
        text = f.read()
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r'"(\\.|[^"\\\n])*"', '""', text)


def test_every_header_includes_the_standard_headers_it_uses():
    closure = {}

    def reach(header, seen):
        if header in closure:
            return closure[header]
        out = set()
        for name in direct_includes(header):
            out.add(name)
            if path_of(name) and name not in seen:
                out |= reach(name, seen | {header})
        closure[header] = out
        return out

    missing = []
    for header in headers():
        code, included = code_of(path_of(header)), reach(header, frozenset())
        for pattern, needed in STANDARD_NAMES.items():
            use = re.search(pattern, code)
            if use and needed not in included and ALSO.get(needed) not in included:
                missing.append(f"{header}: {use.group(0).strip()} without <{needed}>")
    assert not missing, f"{len(missing)} missing standard includes:\n" + "\n".join(missing[:20])
