// Runs one fused kernel, SIMD and scalar, on inputs written by test_fused_torch.py, so that the
// Python side can compare both against the unfused torch expression.
//
//   fused_driver DIR KERNEL ARGS...
//     rms_norm   rows cols eps offset       reads x, weight              writes simd, scalar
//     gelu_tanh_mul | silu_mul  rows cols   reads gate, up               writes simd, scalar
//     softmax    rows cols scale add keep   reads x[, add][, keep (u8)]  writes simd, scalar
//     rotary     tokens heads head_dim theta  reads x, positions (i64)   writes simd, scalar, cos, sin
// Files are DIR/NAME.bin, raw little-endian arrays (numpy's tofile).
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include <muna/kernels/gated_activation.hpp>
#include <muna/kernels/rms_norm.hpp>
#include <muna/kernels/rotary.hpp>
#include <muna/kernels/masked_softmax.hpp>

namespace mk = muna::kernels;

namespace {

std::string dir;

template <class T>
std::vector<T> read(const std::string& name, size_t count) {
  std::ifstream in(dir + "/" + name + ".bin", std::ios::binary);
  std::vector<T> v(count);
  in.read(reinterpret_cast<char*>(v.data()), static_cast<std::streamsize>(count * sizeof(T)));
  if (!in || in.gcount() != static_cast<std::streamsize>(count * sizeof(T))) {
    std::cerr << "fused_driver: cannot read " << count << " items from " << name << ".bin\n";
    std::exit(2);
  }
  return v;
}

void write(const std::string& name, const std::vector<float>& v) {
  std::ofstream out(dir + "/" + name + ".bin", std::ios::binary);
  out.write(reinterpret_cast<const char*>(v.data()), static_cast<std::streamsize>(v.size() * sizeof(float)));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: fused_driver DIR KERNEL ARGS...\n";
    return 2;
  }
  dir = argv[1];
  const std::string kernel = argv[2];
  auto arg = [&](int i) { return std::stod(argv[3 + i]); };
  try {
    if (kernel == "rms_norm") {
      const int64_t rows = arg(0), cols = arg(1);
      const float eps = arg(2), offset = arg(3);
      const auto x = read<float>("x", rows * cols), w = read<float>("weight", cols);
      std::vector<float> simd(x.size()), scalar(x.size());
      mk::rms_norm(x.data(), cols, w.data(), simd.data(), cols, rows, cols, eps, offset);
      mk::rms_norm_reference(x.data(), cols, w.data(), scalar.data(), cols, rows, cols, eps, offset);
      write("simd", simd);
      write("scalar", scalar);
    } else if (kernel == "gelu_tanh_mul" || kernel == "silu_mul") {
      const int64_t rows = arg(0), cols = arg(1);
      const auto g = read<float>("gate", rows * cols), u = read<float>("up", rows * cols);
      std::vector<float> simd(g.size()), scalar(g.size());
      if (kernel == "gelu_tanh_mul") {
        mk::gelu_tanh_mul(g.data(), cols, u.data(), cols, simd.data(), cols, rows, cols);
        mk::gelu_tanh_mul_reference(g.data(), cols, u.data(), cols, scalar.data(), cols, rows, cols);
      } else {
        mk::silu_mul(g.data(), cols, u.data(), cols, simd.data(), cols, rows, cols);
        mk::silu_mul_reference(g.data(), cols, u.data(), cols, scalar.data(), cols, rows, cols);
      }
      write("simd", simd);
      write("scalar", scalar);
    } else if (kernel == "softmax") {
      const int64_t rows = arg(0), cols = arg(1);
      const float scale = arg(2);
      const bool has_add = arg(3) != 0, has_keep = arg(4) != 0;
      const auto x = read<float>("x", rows * cols);
      std::vector<float> add;
      std::vector<uint8_t> keep;
      mk::SoftmaxMask mask;
      if (has_add) {
        add = read<float>("add", rows * cols);
        mask.add = add.data();
        mask.ld_add = cols;
      }
      if (has_keep) {
        keep = read<uint8_t>("keep", rows * cols);
        mask.keep = keep.data();
        mask.ld_keep = cols;
      }
      std::vector<float> simd(x.size()), scalar(x.size());
      mk::masked_softmax(x.data(), cols, simd.data(), cols, rows, cols, scale, mask);
      mk::masked_softmax_reference(x.data(), cols, scalar.data(), cols, rows, cols, scale, mask);
      write("simd", simd);
      write("scalar", scalar);
    } else if (kernel == "rotary") {
      const int64_t tokens = arg(0), heads = arg(1), head_dim = arg(2);
      const float theta = arg(3);
      const auto x = read<float>("x", tokens * heads * head_dim);
      const auto pos = read<int64_t>("positions", tokens);
      std::vector<float> cos(tokens * head_dim / 2), sin(cos.size());
      mk::rope_tables(pos.data(), tokens, head_dim, theta, cos.data(), sin.data());
      auto simd = x, scalar = x;
      mk::apply_rotary(simd.data(), tokens, heads, head_dim, heads * head_dim, head_dim, cos.data(), sin.data());
      mk::apply_rotary_reference(scalar.data(), tokens, heads, head_dim, heads * head_dim, head_dim, cos.data(),
                                 sin.data());
      write("simd", simd);
      write("scalar", scalar);
      write("cos", cos);
      write("sin", sin);
    } else {
      std::cerr << "fused_driver: unknown kernel " << kernel << "\n";
      return 2;
    }
  } catch (const muna::Exception& e) {
    std::cerr << e.formatted() << "\n";
    return 1;
  }
  return 0;
}
