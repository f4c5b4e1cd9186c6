// A C++ app calling the compiled EmbeddingGemma library through muna's C ABI: embeds queries and
// documents, prints the first values of each embedding and the query-document similarities.
//
//   ./muna compile examples/embedding_gemma/embed.py:embed,count_tokens,embed_tokens -o build/embedding_gemma.so
//   g++ -std=c++17 -Iinclude examples/embedding_gemma/main.cpp build/embedding_gemma.so \
//       -Wl,-rpath,'$ORIGIN' -o build/embed_demo && build/embed_demo
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <muna/abi.h>

namespace {

struct Free {
  void operator()(muna_value* v) const { muna_value_free(v); }
};
using Value = std::unique_ptr<muna_value, Free>;

// embed(texts, task) -> [len(texts), 768] float32, row-major.
std::vector<std::vector<float>> embed(const std::vector<std::string>& texts, const std::string& task) {
  Value list(muna_list());
  for (const std::string& t : texts) muna_append(list.get(), muna_str(t.data(), t.size()));
  Value task_value(muna_str(task.data(), task.size()));
  muna_value* args[] = {list.get(), task_value.get()};
  muna_value* raw = nullptr;
  if (muna_call_function("embed", args, 2, &raw) != MUNA_OK) throw std::runtime_error(muna_last_error());
  Value result(raw);
  const int64_t* shape = muna_tensor_shape(result.get());
  const float* data = static_cast<const float*>(muna_tensor_data(result.get()));
  std::vector<std::vector<float>> rows(shape[0]);
  for (int64_t i = 0; i < shape[0]; ++i) rows[i].assign(data + i * shape[1], data + (i + 1) * shape[1]);
  return rows;
}

float dot(const std::vector<float>& a, const std::vector<float>& b) {
  float s = 0;
  for (size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
  return s;  // rows are L2-normalized: this is the cosine similarity
}

}  // namespace

int main() {
  const std::vector<std::string> queries = {"Which planet is known as the Red Planet?", "How do I bake bread?"};
  const std::vector<std::string> documents = {
      "Mars is often called the Red Planet because of its reddish surface.",
      "Mix flour, water, salt and yeast, let it rise, then bake it hot."};
  try {
    const auto q = embed(queries, "query");
    const auto d = embed(documents, "document");
    for (size_t i = 0; i < q.size(); ++i)
      std::printf("query %zu: [%+.5f %+.5f %+.5f %+.5f ...] (%zu values)\n", i, q[i][0], q[i][1], q[i][2], q[i][3],
                  q[i].size());
    std::printf("similarity (rows: queries, columns: documents)\n");
    for (size_t i = 0; i < q.size(); ++i) {
      for (size_t j = 0; j < d.size(); ++j) std::printf(" %+.6f", dot(q[i], d[j]));
      std::printf("\n");
    }
    // A bad argument is an error status with a message, never a crash.
    Value list(muna_list());
    Value bad(muna_int(3));
    muna_value* args[] = {list.get(), bad.get()};
    muna_value* out = nullptr;
    const muna_status status = muna_call_function("embed", args, 2, &out);
    std::printf("bad task -> status %d: %s\n", static_cast<int>(status), muna_last_error());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
  return 0;
}
