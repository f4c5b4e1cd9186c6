// Python-style exceptions raised by muna's runtime and by compiled functions.
// Every C++ exception that can leave an op is a muna::Exception carrying the Python type name,
// so the C ABI can turn it into an error status with "TypeName: message" and nothing else
// ever crosses the ABI.
#pragma once
#include <stdexcept>
#include <string>

#include <muna/core/opcore.hpp>

namespace muna {

class Exception : public std::runtime_error {
 public:
  Exception(std::string type, const std::string& message)
      : std::runtime_error(message), type_(std::move(type)) {}
  const std::string& type() const noexcept { return type_; }
  std::string message() const { return what(); }
  // "ValueError: bad value", as Python prints the last line of a traceback.
  std::string formatted() const;

 private:
  std::string type_;
};

#define MUNA_DEFINE_EXCEPTION(Name, Base)                                      \
  class Name : public Base {                                                   \
   public:                                                                     \
    explicit Name(const std::string& message = "") : Base(#Name, message) {}   \
                                                                               \
   protected:                                                                  \
    Name(std::string type, const std::string& message)                         \
        : Base(std::move(type), message) {}                                    \
  };

// The hierarchy follows Python's so that `except LookupError` style handlers can catch
// subclasses the same way CPython would.
MUNA_DEFINE_EXCEPTION(ArithmeticError, Exception)
MUNA_DEFINE_EXCEPTION(ZeroDivisionError, ArithmeticError)
MUNA_DEFINE_EXCEPTION(OverflowError, ArithmeticError)
MUNA_DEFINE_EXCEPTION(LookupError, Exception)
MUNA_DEFINE_EXCEPTION(IndexError, LookupError)
MUNA_DEFINE_EXCEPTION(KeyError, LookupError)
MUNA_DEFINE_EXCEPTION(ValueError, Exception)
MUNA_DEFINE_EXCEPTION(UnicodeError, ValueError)
MUNA_DEFINE_EXCEPTION(UnicodeDecodeError, UnicodeError)  // bytes.decode (python/codecs/)
MUNA_DEFINE_EXCEPTION(UnicodeEncodeError, UnicodeError)  // str.encode
MUNA_DEFINE_EXCEPTION(TypeError, Exception)
MUNA_DEFINE_EXCEPTION(RuntimeError, Exception)
MUNA_DEFINE_EXCEPTION(NotImplementedError, RuntimeError)
MUNA_DEFINE_EXCEPTION(AssertionError, Exception)
MUNA_DEFINE_EXCEPTION(AttributeError, Exception)
MUNA_DEFINE_EXCEPTION(NameError, Exception)
MUNA_DEFINE_EXCEPTION(UnboundLocalError, NameError)  // a local read on a path that did not assign it
MUNA_DEFINE_EXCEPTION(OSError, Exception)  // also IOError and EnvironmentError, its other names
MUNA_DEFINE_EXCEPTION(StatisticsError, ValueError)  // statistics.StatisticsError derives from ValueError
MUNA_DEFINE_EXCEPTION(AxisError, ValueError)  // numpy.AxisError derives from ValueError
MUNA_DEFINE_EXCEPTION(LinAlgError, Exception)  // numpy.linalg.LinAlgError derives from Exception
MUNA_DEFINE_EXCEPTION(StopIteration, Exception)  // next() of an exhausted iterator
MUNA_DEFINE_EXCEPTION(JSONDecodeError, ValueError)  // json.JSONDecodeError derives from ValueError
MUNA_DEFINE_EXCEPTION(error, Exception)  // re.error (its class is named error) derives from Exception

#undef MUNA_DEFINE_EXCEPTION

#if MUNA_OPCORE_DEFINE
MUNA_OPCORE_FN std::string Exception::formatted() const {
  std::string msg = what();
  return msg.empty() ? type_ : type_ + ": " + msg;
}
#endif

}  // namespace muna
