// Reads "op a b" lines (ints in decimal; bytes in hex for from_bytes) and prints each result
// as CPython would: the int, a bool, a float's repr through %.17g, or "ExceptionName: message".
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <muna/python/bigint.hpp>

using muna::python::BigInt;

static std::string run(const std::string& op, const std::string& x, const std::string& y) {
  const BigInt a = op.rfind("from_bytes", 0) == 0 ? BigInt() : BigInt::parse(x);
  auto b = [&] { return BigInt::parse(y); };
  auto small = [&] { return BigInt::parse(y).to_int64(); };
  if (op == "add") return (a + b()).str();
  if (op == "sub") return (a - b()).str();
  if (op == "mul") return (a * b()).str();
  if (op == "floordiv") return floordiv(a, b()).str();
  if (op == "mod") return mod(a, b()).str();
  if (op == "divmod") {
    auto [q, r] = divmod(a, b());
    return "(" + q.str() + ", " + r.str() + ")";
  }
  if (op == "pow") return pow(a, small()).str();
  if (op == "lshift") return lshift(a, small()).str();
  if (op == "rshift") return rshift(a, small()).str();
  if (op == "and") return (a & b()).str();
  if (op == "or") return (a | b()).str();
  if (op == "xor") return (a ^ b()).str();
  if (op == "invert") return (~a).str();
  if (op == "neg") return (-a).str();
  if (op == "abs") return abs(a).str();
  if (op == "lt") return a < b() ? "True" : "False";
  if (op == "le") return a <= b() ? "True" : "False";
  if (op == "eq") return a == b() ? "True" : "False";
  if (op == "hash") return std::to_string(a.hash());
  if (op == "bit_length") return std::to_string(a.bit_length());
  if (op == "to_int64") return std::to_string(a.to_int64());
  if (op == "float") {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17g", a.to_double());
    return buf;
  }
  if (op.rfind("from_bytes", 0) == 0) {  // from_bytes_{little,big}_{signed,unsigned} HEX
    std::vector<uint8_t> data;
    for (size_t i = 0; i + 1 < x.size(); i += 2) data.push_back(std::stoi(x.substr(i, 2), nullptr, 16));
    return BigInt::from_bytes(data.data(), data.size(), op.find("little") != std::string::npos,
                              op.find("_signed") != std::string::npos).str();
  }
  return "unknown op " + op;
}

int main() {
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream in(line);
    std::string op, x, y;
    in >> op >> x >> y;
    try {
      std::cout << run(op, x == "-" ? "" : x, y) << "\n";
    } catch (const muna::Exception& e) {
      std::cout << e.type() << ": " << e.what() << "\n";
    }
  }
}
