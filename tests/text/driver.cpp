// Test and benchmark driver for include/muna/text: runs the native tokenizer over files the
// Python tests write, so one process handles a whole corpus.
//
//   driver run   TABLE IN OUT   encode (with and without special tokens) and decode; then
//                               re-encode on 4 threads and check the results are identical
//   driver batch TABLE IN OUT MAX_LENGTH TRUNCATION PADDING PAD_ID SIDE ADD_SPECIAL
//   driver lookup TABLE IN OUT  token_to_id of each text (i32), then id_to_token of each id
//   driver bench TABLE IN ROUNDS   prints one JSON line: load time, tokens, seconds
//   driver unicode OUT          per code point classes, as tests/text/oracle_unicode.js lists them
//
// IN: u32 n, n x (u32 len, bytes); then (run only) u32 m, m x (u32 count, i32 ids).
// OUT records: i32 status (0 ok: u32 n + n i32 | str;  1 error: str "Type: message").
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "muna/text/tokenizer.hpp"

namespace {

std::vector<uint8_t> read_file(const char* path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw std::runtime_error(std::string("cannot open ") + path);
  return std::vector<uint8_t>((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

struct Reader {
  const std::vector<uint8_t>& d;
  size_t p = 0;
  uint32_t u32() {
    uint32_t v;
    std::memcpy(&v, d.data() + p, 4);
    p += 4;
    return v;
  }
  std::string bytes() {
    uint32_t n = u32();
    std::string s(reinterpret_cast<const char*>(d.data() + p), n);
    p += n;
    return s;
  }
  bool done() const { return p >= d.size(); }
};

struct Writer {
  std::string out;
  void u32(uint32_t v) { out.append(reinterpret_cast<const char*>(&v), 4); }
  void i32(int32_t v) { out.append(reinterpret_cast<const char*>(&v), 4); }
  void str(const std::string& s) {
    u32(static_cast<uint32_t>(s.size()));
    out += s;
  }
  void ids(const std::vector<int32_t>& v) {
    i32(0);
    u32(static_cast<uint32_t>(v.size()));
    for (int32_t x : v) i32(x);
  }
  void text(const std::string& s) {
    i32(0);
    str(s);
  }
  void error(const muna::Exception& e) {
    i32(1);
    str(e.formatted());
  }
  void save(const char* path) {
    std::ofstream f(path, std::ios::binary);
    f.write(out.data(), static_cast<std::streamsize>(out.size()));
  }
};

std::vector<std::string> read_texts(Reader& r) {
  std::vector<std::string> texts(r.u32());
  for (auto& t : texts) t = r.bytes();
  return texts;
}

int run(const muna::text::Tokenizer& tok, Reader& in, const char* out_path) {
  std::vector<std::string> texts = read_texts(in);
  Writer w;
  std::vector<std::vector<int32_t>> expected(texts.size());
  for (size_t i = 0; i < texts.size(); ++i) {
    for (bool special : {true, false}) {
      try {
        auto ids = tok.encode(texts[i], special);
        if (special) expected[i] = ids;
        w.ids(ids);
      } catch (const muna::Exception& e) {
        w.error(e);
      }
    }
  }
  uint32_t m = in.done() ? 0 : in.u32();
  for (uint32_t k = 0; k < m; ++k) {
    std::vector<int32_t> ids(in.u32());
    for (auto& x : ids) x = static_cast<int32_t>(in.u32());
    for (bool skip : {false, true}) {
      try {
        w.text(tok.decode(ids, skip));
      } catch (const muna::Exception& e) {
        w.error(e);
      }
    }
  }
  w.save(out_path);

  // The same texts from 4 threads at once must give the same ids (const methods are thread-safe).
  std::vector<int> bad(4, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (size_t i = t; i < texts.size(); i += 2) {
        try {
          if (tok.encode(texts[i], true) != expected[i]) ++bad[t];
        } catch (const muna::Exception&) {
          if (!expected[i].empty()) ++bad[t];
        }
      }
    });
  }
  for (auto& th : threads) th.join();
  int total = bad[0] + bad[1] + bad[2] + bad[3];
  if (total) {
    std::cerr << "threaded encode differs on " << total << " texts\n";
    return 3;
  }
  return 0;
}

int batch(const muna::text::Tokenizer& tok, Reader& in, const char* out_path, char** opt) {
  using muna::text::Padding;
  using muna::text::PaddingSide;
  std::vector<std::string> texts = read_texts(in);
  std::string padding = opt[2];
  Writer w;
  try {
    auto all = tok.encode_batch(texts, std::string(opt[5]) == "1", std::stoll(opt[0]), std::string(opt[1]) == "1",
                                padding == "max_length" ? Padding::max_length : padding == "longest" ? Padding::longest : Padding::none,
                                std::stoi(opt[3]), std::string(opt[4]) == "left" ? PaddingSide::left : PaddingSide::right);
    w.u32(static_cast<uint32_t>(all.size()));
    for (auto& ids : all) w.ids(ids);
  } catch (const muna::Exception& e) {
    w.u32(1);
    w.error(e);
  }
  w.save(out_path);
  return 0;
}

int lookup(const muna::text::Tokenizer& tok, Reader& in, const char* out_path) {
  std::vector<std::string> tokens = read_texts(in);
  std::vector<int32_t> ids(in.u32());
  for (auto& x : ids) x = static_cast<int32_t>(in.u32());
  Writer w;
  for (const auto& t : tokens) w.i32(tok.token_to_id(t));
  for (int32_t id : ids) {
    try {
      w.text(tok.id_to_token(id));
    } catch (const muna::Exception& e) {
      w.error(e);
    }
  }
  w.save(out_path);
  return 0;
}

int bench(const std::vector<uint8_t>& table, Reader& in, int rounds) {
  std::vector<std::string> texts = read_texts(in);
  using clock = std::chrono::steady_clock;
  // Load time: best of several loads (the table is already in memory, as when mapped in a .so).
  double load_ms = 1e9;
  for (int i = 0; i < 20; ++i) {
    auto t0 = clock::now();
    auto t = muna::text::Tokenizer::from_blob(table.data(), table.size());
    load_ms = std::min(load_ms, std::chrono::duration<double, std::milli>(clock::now() - t0).count());
  }
  auto tok = muna::text::Tokenizer::from_blob(table.data(), table.size());
  size_t tokens = 0;
  auto t0 = clock::now();
  for (int r = 0; r < rounds; ++r)
    for (const auto& s : texts) tokens += tok.encode(s, true).size();
  double seconds = std::chrono::duration<double>(clock::now() - t0).count();
  std::printf("{\"load_ms\": %.4f, \"tokens\": %zu, \"seconds\": %.6f, \"rounds\": %d}\n", load_ms, tokens, seconds, rounds);
  return 0;
}

// The same lists as oracle_unicode.js: u32 n + code points for dropped, punctuation, stripped;
// then u32 n + (u32 code point, str) for nfd, lowercase, nfc ("A" + c + U+0301) and nfkc.
int unicode_classes(const char* out_path) {
  using namespace muna::text;
  Step clean{kNBert, "", "", 1, 0, 0, 0}, accents{kNBert, "", "", 0, 0, 1, 0};
  std::vector<uint32_t> dropped, punctuation, stripped;
  std::vector<std::pair<uint32_t, std::string>> nfd, lower, nfc, nfkc;
  for (uint32_t cp = 0; cp < 0x110000; ++cp) {
    if ((cp >= 0xD800 && cp < 0xE000) || (cp >= 0x40000 && cp < 0xE0000)) continue;
    std::string c;
    append_utf8(c, cp);
    if (bert_normalize("a" + c + "a", clean) == "aa") dropped.push_back(cp);
    if (cp > 0x20 && is_bert_punctuation(cp)) punctuation.push_back(cp);
    if (bert_normalize("a" + c, accents) == "a") stripped.push_back(cp);
    std::string d = decompose(c, false), l = lowercase(c);
    if (d != c) nfd.emplace_back(cp, d);
    if (l != c) lower.emplace_back(cp, l);
    std::string framed = "A" + c + "\xCC\x81", composed = compose(framed, false), k = compose(c, true);
    if (composed != framed) nfc.emplace_back(cp, composed);
    if (k != c) nfkc.emplace_back(cp, k);
  }
  Writer w;
  for (auto* list : {&dropped, &punctuation, &stripped}) {
    w.u32(static_cast<uint32_t>(list->size()));
    for (uint32_t cp : *list) w.u32(cp);
  }
  for (auto* map : {&nfd, &lower, &nfc, &nfkc}) {
    w.u32(static_cast<uint32_t>(map->size()));
    for (auto& [cp, text] : *map) {
      w.u32(cp);
      w.str(text);
    }
  }
  w.save(out_path);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::cerr << "usage: driver run|batch|lookup|bench TABLE IN ... | driver unicode - OUT\n";
    return 2;
  }
  std::string mode = argv[1];
  if (mode == "unicode") return unicode_classes(argv[3]);
  std::vector<uint8_t> table = read_file(argv[2]);
  std::vector<uint8_t> input = read_file(argv[3]);
  Reader in{input};
  try {
    if (mode == "bench") return bench(table, in, std::stoi(argv[4]));
    auto tok = muna::text::Tokenizer::from_blob(table.data(), table.size());
    if (mode == "run" && argc == 5) return run(tok, in, argv[4]);
    if (mode == "lookup" && argc == 5) return lookup(tok, in, argv[4]);
    if (mode == "batch" && argc == 11) return batch(tok, in, argv[4], argv + 5);
  } catch (const muna::Exception& e) {
    std::cerr << e.formatted() << "\n";
    return 1;
  }
  std::cerr << "bad arguments\n";
  return 2;
}
