// Conversions between ABI values and the C++ types compiled functions use, with the argument
// checks every entry point makes: a wrong kind, dtype or rank is a TypeError naming the argument
// and what was expected.
#pragma once
#include <limits>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

#include <muna/abi/value.hpp>
#include <muna/core/array.hpp>
#include <muna/core/none.hpp>
#include <muna/core/opcore.hpp>
#include <muna/core/tensor.hpp>
#include <muna/python/any_scalar.hpp>
#include <muna/python/bytes.hpp>
#include <muna/python/dict.hpp>
#include <muna/python/list.hpp>
#include <muna/python/number.hpp>
#include <muna/python/set.hpp>
#include <muna/python/unicode/utf8.hpp>

namespace muna::abi {

// A bad argument: reported with MUNA_ERROR_ARGUMENT rather than as a raised exception.
class ArgumentError : public TypeError {
 public:
  explicit ArgumentError(const std::string& message) : TypeError("TypeError", message) {}
};

inline const char* kind_name(muna_kind kind) {
  switch (kind) {
    case MUNA_NONE: return "None";
    case MUNA_BOOL: return "bool";
    case MUNA_INT: return "int";
    case MUNA_FLOAT: return "float";
    case MUNA_STR: return "str";
    case MUNA_TENSOR: return "tensor";
    case MUNA_LIST: return "list";
    case MUNA_TUPLE: return "tuple";
    case MUNA_DICT: return "dict";
    case MUNA_BYTES: return "bytes";
    case MUNA_SET: return "set";
  }
  return "unknown";
}

// "tensor[float32, rank 2]", "str": what a caller passed, for messages.
MUNA_OPCORE_FN std::string describe(const muna_value* v);

// Where a value sits, for messages: "argument 'x'", "argument 'xs' item 3".
struct Where {
  std::string path;
  [[noreturn]] void fail(const std::string& expected, const muna_value* got) const;
};

template <class T> struct Convert;

template <> struct Convert<bool> {
  static bool from(const muna_value* v, const Where& w) {
    if (v && v->kind == MUNA_BOOL) return v->boolean;
    w.fail("bool", v);
  }
  static muna_value* to(bool x) { return muna_bool(x); }
};
template <> struct Convert<int64_t> {
  // bool is accepted where int is expected, as Python's bool is an int.
  static int64_t from(const muna_value* v, const Where& w) {
    if (v && v->kind == MUNA_INT) return v->integer;
    if (v && v->kind == MUNA_BOOL) return v->boolean;
    w.fail("int", v);
  }
  static muna_value* to(int64_t x) { return muna_int(x); }
};
template <> struct Convert<double> {
  static double from(const muna_value* v, const Where& w) {
    if (v && v->kind == MUNA_FLOAT) return v->real;
    if (v && v->kind == MUNA_INT) return static_cast<double>(v->integer);
    if (v && v->kind == MUNA_BOOL) return v->boolean;
    w.fail("float", v);
  }
  static muna_value* to(double x) { return muna_float(x); }
};
// NumPy scalar types whose C++ type is not already a Python one (np.float32, np.int32, ...)
// cross the ABI as Python numbers, exactly (the Python loader turns a result back into its
// NumPy type from the signature). An argument out of the type's range is an error.
template <class T> struct NumpyScalarConvert {
  static T from(const muna_value* v, const Where& w) {
    const std::string want = std::string("numpy.") + dtype_name(dtype_v<T>);
    if (v && v->kind == MUNA_BOOL) return static_cast<T>(v->boolean);
    if constexpr (std::is_floating_point_v<T>) {
      if (v && v->kind == MUNA_FLOAT) return static_cast<T>(v->real);
      if (v && v->kind == MUNA_INT) return static_cast<T>(v->integer);
    } else {
      if (v && v->kind == MUNA_INT) {
        if (v->integer < std::numeric_limits<T>::min() || v->integer > std::numeric_limits<T>::max())
          throw ArgumentError(w.path + ": expected " + want + ", got " + std::to_string(v->integer) +
                              " (out of its range)");
        return static_cast<T>(v->integer);
      }
    }
    w.fail(want, v);
  }
  static muna_value* to(T x) {
    if constexpr (std::is_floating_point_v<T>) return muna_float(x);
    else return muna_int(x);
  }
};
template <> struct Convert<float> : NumpyScalarConvert<float> {};
template <> struct Convert<int32_t> : NumpyScalarConvert<int32_t> {};
template <> struct Convert<int16_t> : NumpyScalarConvert<int16_t> {};
template <> struct Convert<int8_t> : NumpyScalarConvert<int8_t> {};
template <> struct Convert<uint8_t> : NumpyScalarConvert<uint8_t> {};

// An `int | float` (a name bound to both on different paths): whichever it holds.
template <> struct Convert<python::Number> {
  static python::Number from(const muna_value* v, const Where& w) {
    if (v && v->kind == MUNA_FLOAT) return v->real;
    if (v && v->kind == MUNA_INT) return v->integer;
    if (v && v->kind == MUNA_BOOL) return v->boolean;
    w.fail("int or float", v);
  }
  static muna_value* to(const python::Number& x) {
    switch (x.kind()) {
      case python::Number::Kind::Bool: return muna_bool(x.as_int() != 0);
      case python::Number::Kind::Int: return muna_int(x.as_int());
      default: return muna_float(x.as_float());
    }
  }
};

// A Python number or a NumPy scalar (python/any_scalar.hpp): whichever it holds, a NumPy
// scalar tagged with its dtype.
template <> struct Convert<python::AnyScalar> {
  static python::AnyScalar from(const muna_value* v, const Where& w) {
    if (v && v->scalar_dtype >= 0) {
      switch (static_cast<DType>(v->scalar_dtype)) {
        case DType::Float32: return python::AnyScalar::numpy(static_cast<float>(v->real));
        case DType::Float64: return python::AnyScalar::numpy(v->real);
        case DType::Bool: return python::AnyScalar::numpy(v->boolean != 0);
        case DType::UInt8: return python::AnyScalar::numpy(static_cast<uint8_t>(v->integer));
        case DType::Int8: return python::AnyScalar::numpy(static_cast<int8_t>(v->integer));
        case DType::Int16: return python::AnyScalar::numpy(static_cast<int16_t>(v->integer));
        case DType::Int32: return python::AnyScalar::numpy(static_cast<int32_t>(v->integer));
        case DType::Int64: return python::AnyScalar::numpy(static_cast<int64_t>(v->integer));
        default: break;
      }
    }
    return python::AnyScalar(Convert<python::Number>::from(v, w));
  }
  static muna_value* to(const python::AnyScalar& x) {
    switch (x.key()) {
      case python::kPyBool: return muna_bool(x.as<bool>());
      case python::kPyInt: return muna_int(x.as<int64_t>());
      case python::kPyFloat: return muna_float(x.as<double>());
      case DType::Bool: return tagged<bool>(x);
      case DType::UInt8: return tagged<uint8_t>(x);
      case DType::Int8: return tagged<int8_t>(x);
      case DType::Int16: return tagged<int16_t>(x);
      case DType::Int32: return tagged<int32_t>(x);
      case DType::Int64: return tagged<int64_t>(x);
      case DType::Float32: return tagged<float>(x);
      default: return tagged<double>(x);
    }
  }

 private:
  template <class T>
  static muna_value* tagged(const python::AnyScalar& x) {
    muna_value* v = Convert<T>::to(x.as<T>());
    if (v) v->scalar_dtype = static_cast<int>(dtype_v<T>);
    return v;
  }
};

template <> struct Convert<std::string> {
  static std::string from(const muna_value* v, const Where& w);
  static muna_value* to(const std::string& x) { return muna_str(x.data(), x.size()); }
};
// bytes and bytearray: either kind of value is accepted for either (Python code taking bytes
// takes a bytearray too); a bytearray result is marked so that clients give one back.
template <> struct Convert<python::Bytes> {
  static python::Bytes from(const muna_value* v, const Where& w) {
    if (!v || v->kind != MUNA_BYTES) w.fail("bytes", v);
    return python::Bytes(v->text);
  }
  static muna_value* to(const python::Bytes& x) { return muna_bytes(x.data(), x.str().size()); }
};
template <> struct Convert<python::ByteArray> {
  static python::ByteArray from(const muna_value* v, const Where& w) {
    if (!v || v->kind != MUNA_BYTES) w.fail("bytearray", v);
    return python::ByteArray(v->text);
  }
  static muna_value* to(const python::ByteArray& x) {
    muna_value* v = muna_bytes(x.data(), x.str().size());
    if (v) v->boolean = true;
    return v;
  }
};
template <> struct Convert<NoneType> {
  static NoneType from(const muna_value* v, const Where& w) {
    if (v && v->kind == MUNA_NONE) return None;
    w.fail("None", v);
  }
  static muna_value* to(NoneType) { return muna_none(); }
};
template <class T> struct Convert<std::optional<T>> {
  static std::optional<T> from(const muna_value* v, const Where& w) {
    if (v && v->kind == MUNA_NONE) return std::nullopt;
    return Convert<T>::from(v, w);
  }
  static muna_value* to(const std::optional<T>& x) {
    return x ? Convert<T>::to(*x) : muna_none();
  }
};

// Tensors: the expected rank is checked by the entry point (it knows the annotation).
template <class T> struct Convert<Tensor<T>> {
  static Tensor<T> from(const muna_value* v, const Where& w) {
    if (!v || v->kind != MUNA_TENSOR || static_cast<DType>(v->dtype) != dtype_v<T>)
      w.fail(std::string("tensor[") + dtype_name(dtype_v<T>) + "]", v);
    return Tensor<T>(static_cast<T*>(v->data), v->shape, contiguous_strides(v->shape), v->owner);
  }
  static muna_value* to(const Tensor<T>& x) {
    // Static or borrowed memory is copied so the result never outlives what it points at.
    Tensor<T> out = contiguous(x);
    if (!out.owner()) out = cast<T>(out);
    muna_value* v = muna::abi::make(MUNA_TENSOR);
    if (!v) throw std::bad_alloc();
    v->dtype = static_cast<muna_dtype>(dtype_v<T>);
    v->shape = out.shape();
    v->owner = out.owner();
    v->data = out.data();
    return v;
  }
};

// Every dtype's conversion is in the op core (an array of run-time dtype reads as any of them).
#define MUNA_CONVERT_INSTANCE(T, _) MUNA_OPCORE_INSTANCE(struct Convert<Tensor<T>>)
MUNA_EACH_DTYPE(MUNA_CONVERT_INSTANCE, _)
#undef MUNA_CONVERT_INSTANCE

// A NumPy array of a rank the compiler does not know, returned: NumPy hands back a NumPy scalar
// where an operation's result is 0-d (np.sum(x, axis=-1) of a 1-d x), so a 0-d result crosses
// as a tagged number (a C++ value type Tensor<T>; this names only its ABI form), unless it is
// marked as the 0-d array NumPy keeps (Tensor::as_0d_array: an argument, x.squeeze(), ...).
// The ABI has no complex number: a 0-d complex result stays a 0-d array.
template <class T> struct ScalarIf0d {};
template <class T> struct Convert<ScalarIf0d<T>> {
  static Tensor<T> from(const muna_value* v, const Where& w) {
    return Convert<Tensor<T>>::from(v, w).as_0d_array();
  }
  static muna_value* to(const Tensor<T>& x) {
    if constexpr (is_complex_v<T>) {
      return Convert<Tensor<T>>::to(x);
    } else {
      if (x.ndim() != 0 || x.is_0d_array()) return Convert<Tensor<T>>::to(x);
      muna_value* v = Convert<T>::to(x.data()[0]);
      if (v) v->scalar_dtype = static_cast<int>(dtype_v<T>);
      return v;
    }
  }
};

// A NumPy scalar result (np.float32(x), x.sum() of a 1-d array): the number, tagged with its
// dtype so the caller gets back the NumPy scalar type CPython would have returned.
template <class T> struct NumpyScalarOf {};
template <class T> struct Convert<NumpyScalarOf<T>> {
  static T from(const muna_value* v, const Where& w) { return Convert<T>::from(v, w); }
  static muna_value* to(const T& x) {
    if constexpr (is_complex_v<T>) {
      return Convert<Tensor<T>>::to(Tensor<T>::scalar(x));
    } else {
      muna_value* v = Convert<T>::to(x);
      if (v) v->scalar_dtype = static_cast<int>(dtype_v<T>);
      return v;
    }
  }
};

// An array of a run-time dtype (a bare np.ndarray / torch.Tensor parameter): any dtype crosses
// (the entry point then checks it is one the function was compiled for: require_dtype); out,
// its typed form's conversion.
template <> struct Convert<Array> {
  static Array from(const muna_value* v, const Where& w);
  static muna_value* to(const Array& x);

 private:
  template <size_t... I>
  static Array read(const muna_value* v, const Where& w, std::index_sequence<I...>) {
    Array out;
    ((static_cast<size_t>(v->dtype) == I
          ? (void)(out = Convert<std::variant_alternative_t<I, Array::Variant>>::from(v, w))
          : (void)0),
     ...);
    return out;
  }
};
template <> struct Convert<ScalarIf0d<Array>> {
  static Array from(const muna_value* v, const Where& w) { return Convert<Array>::from(v, w).as_0d_array(); }
  static muna_value* to(const Array& x) {
    return std::visit([](const auto& t) {
      using T = typename std::decay_t<decltype(t)>::value_type;
      if constexpr (std::is_same_v<T, bfloat16>) return Convert<Tensor<T>>::to(t);  // torch's, never a scalar
      else return Convert<ScalarIf0d<T>>::to(t);
    }, x.variant());
  }
};
// A NumPy scalar of a run-time dtype, held as a 0-d Array.
template <> struct Convert<NumpyScalarOf<Array>> {
  static Array from(const muna_value* v, const Where& w) { return Convert<Array>::from(v, w).as_0d_array(); }
  static muna_value* to(const Array& x) {
    return std::visit([](const auto& t) {
      using T = typename std::decay_t<decltype(t)>::value_type;
      if constexpr (std::is_same_v<T, bfloat16>) return Convert<Tensor<T>>::to(t);  // NumPy has no bfloat16
      else return Convert<NumpyScalarOf<T>>::to(t.data()[0]);
    }, x.variant());
  }
};

// Owns a value under construction so an exception half-way leaks nothing.
using ValuePtr = std::unique_ptr<muna_value>;
inline muna_value* checked(muna_value* v) {
  if (!v) throw std::bad_alloc();
  return v;
}

// T names how an item crosses (NumpyScalarOf<float>, EnumMember<...>); the C++ value holds
// the items as Convert<T>::from gives them (float, int64_t).
template <class T> using item_of = decltype(Convert<T>::from(nullptr, std::declval<const Where&>()));

template <class T> struct Convert<python::List<T>> {
  static python::List<item_of<T>> from(const muna_value* v, const Where& w) {
    if (!v || (v->kind != MUNA_LIST && v->kind != MUNA_TUPLE)) w.fail("list", v);
    python::List<item_of<T>> out;
    out.items().reserve(v->items.size());
    for (size_t i = 0; i < v->items.size(); ++i)
      out.push_back(Convert<T>::from(v->items[i].get(), Where{w.path + " item " + std::to_string(i)}));
    return out;
  }
  template <class V>
  static muna_value* to(const python::List<V>& xs) {
    ValuePtr out(checked(muna_list()));
    for (const V& x : xs) out->items.emplace_back(checked(Convert<T>::to(x)));
    return out.release();
  }
};
// A set crosses as MUNA_SET, its items in the set's order; a Python set arrives in CPython's
// iteration order, which becomes the compiled set's insertion order.
template <class T> struct Convert<python::Set<T>> {
  static python::Set<T> from(const muna_value* v, const Where& w) {
    if (!v || v->kind != MUNA_SET) w.fail("set", v);
    python::Set<T> out;
    for (size_t i = 0; i < v->items.size(); ++i)
      out.add(Convert<T>::from(v->items[i].get(), Where{w.path + " item " + std::to_string(i)}));
    return out;
  }
  static muna_value* to(const python::Set<T>& xs) {
    ValuePtr out(checked(muna_set()));
    for (const T& x : xs) out->items.emplace_back(checked(Convert<T>::to(x)));
    return out.release();
  }
};
template <class T> struct Convert<python::Tuple<T>> {
  static python::Tuple<item_of<T>> from(const muna_value* v, const Where& w) {
    if (!v || (v->kind != MUNA_TUPLE && v->kind != MUNA_LIST)) w.fail("tuple", v);
    python::Tuple<item_of<T>> out;
    for (size_t i = 0; i < v->items.size(); ++i)
      out.push_back(Convert<T>::from(v->items[i].get(), Where{w.path + " item " + std::to_string(i)}));
    return out;
  }
  template <class V>
  static muna_value* to(const python::Tuple<V>& xs) {
    ValuePtr out(checked(muna_tuple()));
    for (const V& x : xs) out->items.emplace_back(checked(Convert<T>::to(x)));
    return out.release();
  }
};
template <class K, class V> struct Convert<python::Dict<K, V>> {
  static python::Dict<item_of<K>, item_of<V>> from(const muna_value* v, const Where& w) {
    if (!v || v->kind != MUNA_DICT) w.fail("dict", v);
    python::Dict<item_of<K>, item_of<V>> out;
    for (size_t i = 0; i < v->items.size(); ++i) {
      Where at{w.path + " entry " + std::to_string(i)};
      out.set(Convert<K>::from(v->items[i].get(), at), Convert<V>::from(v->values[i].get(), at));
    }
    return out;
  }
  template <class K2, class V2>
  static muna_value* to(const python::Dict<K2, V2>& d) {
    ValuePtr out(checked(muna_dict()));
    for (const auto& [k, v] : d.entries()) {
      out->items.emplace_back(checked(Convert<K>::to(k)));
      out->values.emplace_back(checked(Convert<V>::to(v)));
    }
    return out.release();
  }
};
template <class... T> struct Convert<std::tuple<T...>> {
  static std::tuple<T...> from(const muna_value* v, const Where& w) {
    if (!v || v->kind != MUNA_TUPLE || v->items.size() != sizeof...(T))
      w.fail("tuple of " + std::to_string(sizeof...(T)), v);
    return from_items(v, w, std::index_sequence_for<T...>{});
  }
  template <size_t... I>
  static std::tuple<T...> from_items(const muna_value* v, const Where& w, std::index_sequence<I...>) {
    return {Convert<T>::from(v->items[I].get(), Where{w.path + " item " + std::to_string(I)})...};
  }
  // Items converted as T... say (an item's ABI form may differ from its C++ value's type:
  // ScalarIf0d), from a tuple of the values.
  template <class... V>
  static muna_value* to(const std::tuple<V...>& xs) {
    return to_items(xs, std::index_sequence_for<V...>{});
  }
  template <class Tuple, size_t... I>
  static muna_value* to_items(const Tuple& xs, std::index_sequence<I...>) {
    ValuePtr out(checked(muna_tuple()));
    (out->items.emplace_back(checked(Convert<std::tuple_element_t<I, std::tuple<T...>>>::to(std::get<I>(xs)))), ...);
    return out.release();
  }
};

#if MUNA_OPCORE_DEFINE
MUNA_OPCORE_FN std::string describe(const muna_value* v) {
  if (!v) return "nothing";
  if (v->kind == MUNA_TENSOR)
    return std::string("tensor[") + dtype_name(static_cast<DType>(v->dtype)) + ", rank " +
           std::to_string(v->shape.size()) + "]";
  return kind_name(v->kind);
}

MUNA_OPCORE_FN void Where::fail(const std::string& expected, const muna_value* got) const {
  throw ArgumentError(path + ": expected " + expected + ", got " + describe(got));
}

MUNA_OPCORE_FN std::string Convert<std::string>::from(const muna_value* v, const Where& w) {
  if (!v || v->kind != MUNA_STR) w.fail("str", v);
  int64_t bad = python::unicode::first_invalid_utf8(v->text);
  if (bad >= 0)
    throw ArgumentError(w.path + ": invalid UTF-8 at byte " + std::to_string(bad));
  return v->text;
}

MUNA_OPCORE_FN Array Convert<Array>::from(const muna_value* v, const Where& w) {
  if (!v || v->kind != MUNA_TENSOR || v->dtype < 0 || v->dtype > static_cast<int>(DType::Complex128))
    w.fail("tensor", v);
  return read(v, w, std::make_index_sequence<std::variant_size_v<Array::Variant>>{});
}
MUNA_OPCORE_FN muna_value* Convert<Array>::to(const Array& x) {
  return std::visit([](const auto& t) { return Convert<std::decay_t<decltype(t)>>::to(t); }, x.variant());
}
#endif

}  // namespace muna::abi
