// Python's finally: the block runs when the guard leaves scope, on return, break or exception.
// An exception raised by the block replaces nothing while another is in flight (C++ cannot
// throw during unwinding; Python would replace the first exception), otherwise it propagates.
#pragma once
#include <exception>
#include <functional>

namespace muna::python {
class Finally {
 public:
  explicit Finally(std::function<void()> block)
      : block_(std::move(block)), in_flight_(std::uncaught_exceptions()) {}
  Finally(const Finally&) = delete;
  Finally& operator=(const Finally&) = delete;
  ~Finally() noexcept(false) {
    if (std::uncaught_exceptions() > in_flight_) {
      try {
        block_();
      } catch (...) {
      }
    } else {
      block_();
    }
  }

 private:
  std::function<void()> block_;
  int in_flight_;
};
}  // namespace muna::python
