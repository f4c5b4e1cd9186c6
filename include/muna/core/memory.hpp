// Tensor storage: 64-byte aligned blocks, recycled per thread.
//
// A forward pass allocates the same few sizes again and again (one activation per op per
// layer). Fresh large blocks come from mmap as zeroed pages, so without recycling every op pays
// page faults and zeroing on its output: measured as a third of EmbeddingGemma's time. Freed
// blocks are kept by size in the freeing thread's cache (bounded) and handed out again.
#pragma once
#include <cstdlib>
#include <memory>
#include <new>
#include <unordered_map>
#include <vector>

#include <muna/core/opcore.hpp>

namespace muna {

// At least `bytes`, 64-byte aligned (so SIMD kernels and GEMM packing see aligned rows), with
// 64 spare bytes so masked vector tails may read a full vector past the end.
MUNA_OPCORE_FN std::shared_ptr<void> allocate_storage(size_t bytes);

#if MUNA_OPCORE_DEFINE
namespace memory_detail {

// Set when this thread's cache is destroyed (thread exit): blocks freed afterwards, e.g. by
// static objects at process exit, go straight back to the system. A bool has no destructor, so
// it stays readable after the cache is gone.
inline thread_local bool cache_destroyed = false;

class BlockCache {
 public:
  static constexpr size_t kMaxCachedBytes = size_t{1} << 30;  // per thread
  static constexpr size_t kMinCachedBytes = size_t{1} << 14;  // small blocks: malloc is fine

  ~BlockCache() {
    cache_destroyed = true;
    for (auto& [size, blocks] : free_)
      for (void* p : blocks) std::free(p);
  }
  void* take(size_t bytes) {
    if (bytes >= kMinCachedBytes) {
      auto it = free_.find(bytes);
      if (it != free_.end() && !it->second.empty()) {
        void* p = it->second.back();
        it->second.pop_back();
        cached_ -= bytes;
        return p;
      }
    }
    void* p = std::aligned_alloc(64, bytes);
    if (!p) throw std::bad_alloc();
    return p;
  }
  void give(void* p, size_t bytes) {
    if (bytes < kMinCachedBytes || cached_ + bytes > kMaxCachedBytes) {
      std::free(p);
      return;
    }
    free_[bytes].push_back(p);
    cached_ += bytes;
  }

 private:
  std::unordered_map<size_t, std::vector<void*>> free_;
  size_t cached_ = 0;
};

inline BlockCache& cache() {
  thread_local BlockCache c;
  return c;
}

}  // namespace memory_detail

MUNA_OPCORE_FN std::shared_ptr<void> allocate_storage(size_t bytes) {
  const size_t rounded = ((bytes + 63) / 64) * 64 + 64;
  void* p = memory_detail::cache_destroyed ? std::aligned_alloc(64, rounded)
                                           : memory_detail::cache().take(rounded);
  if (!p) throw std::bad_alloc();
  return std::shared_ptr<void>(p, [rounded](void* q) {
    if (memory_detail::cache_destroyed) std::free(q);
    else memory_detail::cache().give(q, rounded);
  });
}

#endif

}  // namespace muna
