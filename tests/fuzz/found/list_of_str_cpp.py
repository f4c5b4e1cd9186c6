"""`list(s)` of a str is typed list[str] by the front end, and the C++ builds a List<char>, which
does not convert: `could not convert List<char> to List<std::string>` (and `"-".join(list(s))`
fails in str/join.hpp binding a char to const std::string&). Found by tests/fuzz.
"""


def p1_f(s: str) -> list[str]:
    return list(s)


ENTRY = "p1_f"
ARGS = ("ab",)
CPYTHON = "['a', 'b'] (list)"
MUNA = 'build failed: the generated C++ did not compile: could not convert ‘muna::python::builtins::list(const Iterable&) [with Iterable = std::__cxx11::basic_string<char>]()’ from ‘List<char>’ to ‘List<std::__cxx11::basic_string<char>>’'
FIXED = True
