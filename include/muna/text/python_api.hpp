// The Python API of muna.text.Tokenizer on the native tokenizer: Python's types in and out
// (list[int] ids as int64, Optional results), as compiled functions call it.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <muna/python/list.hpp>
#include <muna/text/tokenizer.hpp>

namespace muna::text::python_api {

inline python::List<int64_t> to_list(const std::vector<int32_t>& ids) {
  return python::List<int64_t>(std::vector<int64_t>(ids.begin(), ids.end()));
}

inline python::List<int64_t> encode(const Tokenizer& tok, const std::string& text, bool add_special_tokens) {
  return to_list(tok.encode(text, add_special_tokens));
}

// padding: 0 none, 1 longest, 2 max_length (decided at compile time from the Python argument).
inline python::List<python::List<int64_t>> encode_batch(const Tokenizer& tok, const python::List<std::string>& texts,
                                                        bool add_special_tokens, int64_t max_length, bool truncation,
                                                        int64_t padding, int64_t pad_id, bool pad_left) {
  const auto batch = tok.encode_batch(texts.items(), add_special_tokens, max_length, truncation,
                                      static_cast<Padding>(padding), static_cast<int32_t>(pad_id),
                                      pad_left ? PaddingSide::left : PaddingSide::right);
  python::List<python::List<int64_t>> out;
  out.items().reserve(batch.size());
  for (const auto& ids : batch) out.push_back(to_list(ids));
  return out;
}

inline std::string decode(const Tokenizer& tok, const python::List<int64_t>& ids, bool skip_special_tokens) {
  std::vector<int32_t> narrow;
  narrow.reserve(static_cast<size_t>(ids.size()));
  for (int64_t id : ids) {
    if (id < INT32_MIN || id > INT32_MAX) throw IndexError("token id out of range");
    narrow.push_back(static_cast<int32_t>(id));
  }
  return tok.decode(narrow, skip_special_tokens);
}

inline std::optional<int64_t> token_to_id(const Tokenizer& tok, const std::string& token) {
  const int32_t id = tok.token_to_id(token);
  return id < 0 ? std::nullopt : std::optional<int64_t>(id);
}

inline std::optional<std::string> id_to_token(const Tokenizer& tok, int64_t id) {
  if (id < INT32_MIN || id > INT32_MAX) return std::nullopt;
  try {
    return tok.id_to_token(static_cast<int32_t>(id));
  } catch (const KeyError&) {  // the native API raises where Python returns None
    return std::nullopt;
  }
}

}  // namespace muna::text::python_api
