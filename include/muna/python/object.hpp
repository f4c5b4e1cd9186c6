// muna::python::Object: a value whose type is known only at run time (typing.Any, the values
// of a dict of mixed types such as {"label": str, "score": float}, json.loads). It holds a
// statically typed value in a box and shares it, as Python shares objects: a list put in an
// Object is the same list. Reading it as a static type (`as<T>`) checks the kind, with
// Python's TypeError where it differs; operations that Python dispatches on the value's type
// (==, str(), len(), x[k], numbers' arithmetic through Number) dispatch on the box's.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>

#include <muna/abi/convert.hpp>
#include <muna/abi/matches.hpp>
#include <muna/core/array.hpp>
#include <muna/core/error.hpp>
#include <muna/core/none.hpp>
#include <muna/core/tensor.hpp>
#include <muna/python/builtins/float.hpp>
#include <muna/python/builtins/int.hpp>
#include <muna/python/builtins/repr.hpp>
#include <muna/python/dict.hpp>
#include <muna/python/list.hpp>
#include <muna/python/list/unpack.hpp>
#include <muna/python/number.hpp>
#include <muna/python/set.hpp>
#include <muna/python/str/len.hpp>
#include <muna/python/truth.hpp>

namespace muna::python {

class Object;

// The dynamic protocol every boxed value answers (Python's type slots, the few muna needs).
struct ObjectBox {
  virtual ~ObjectBox() = default;
  virtual const char* type_name() const = 0;  // type(x).__name__
  virtual std::string repr() const = 0;
  virtual std::string str() const { return repr(); }
  virtual bool truth() const = 0;
  virtual muna_value* to_abi() const = 0;
  // A number (bool, int, float, NumPy scalar) as Number; nullopt for anything else.
  virtual std::optional<Number> number() const { return std::nullopt; }
  virtual const std::string* string() const { return nullptr; }
  virtual std::optional<int64_t> len() const { return std::nullopt; }
  virtual Object getitem(const Object& key) const;
  virtual bool contains(const Object& x) const;
  virtual List<Object> iterate() const;
  // A dict's (key, value) pairs (d.keys(), .values(), .items()); `method` names the one asked
  // for in the AttributeError of another type.
  virtual List<std::tuple<Object, Object>> items(const char* method) const;
  virtual bool same_value(const ObjectBox& other) const = 0;
  virtual size_t hash() const { throw TypeError(std::string("unhashable type: '") + type_name() + "'"); }
  // The box's value when it is exactly a T (std::type_info-free: a typed downcast).
  virtual const void* holds(const void* type_tag) const = 0;
};

template <class T> struct TypeTag { static constexpr char tag = 0; };

class Object {
 public:
  Object() = default;  // None
  template <class T, std::enable_if_t<!std::is_same_v<std::decay_t<T>, Object>, int> = 0>
  Object(const T& value);  // NOLINT: any value can be an Object, as in Python

  const ObjectBox* box() const { return box_.get(); }
  bool is_none() const { return !box_; }
  const char* type_name() const { return box_ ? box_->type_name() : "NoneType"; }
  std::string repr() const { return box_ ? box_->repr() : "None"; }
  std::string str() const { return box_ ? box_->str() : "None"; }
  bool truth() const { return box_ && box_->truth(); }
  std::optional<Number> number() const { return box_ ? box_->number() : std::nullopt; }
  const std::string* string() const { return box_ ? box_->string() : nullptr; }
  template <class T> const T* exactly() const {
    return box_ ? static_cast<const T*>(box_->holds(&TypeTag<T>::tag)) : nullptr;
  }
  friend bool operator==(const Object& a, const Object& b);
  friend bool operator!=(const Object& a, const Object& b) { return !(a == b); }
  // A container boxed with the way it crosses the ABI (BoxOf's Abi), for what its C++ type does
  // not say: which of its numbers are NumPy scalars, which 0-d arrays stand for them.
  template <class Abi, class T>
  static Object crossing_as(const T& value);

 private:
  std::shared_ptr<const ObjectBox> box_;
};

namespace object_detail {
template <class T> struct is_list : std::false_type {};
template <class T> struct is_list<List<T>> : std::true_type {};
template <class T> struct is_list<Tuple<T>> : std::true_type {};
template <class T> struct is_frozen : std::false_type {};
template <class T> struct is_frozen<Tuple<T>> : std::true_type {};
template <class T> struct is_dict : std::false_type {};
template <class K, class V> struct is_dict<Dict<K, V>> : std::true_type {};
template <class T> struct is_set : std::false_type {};
template <class T> struct is_set<Set<T>> : std::true_type {};
template <class T> struct is_tuple : std::false_type {};
template <class... T> struct is_tuple<std::tuple<T...>> : std::true_type {};
template <class T> struct is_tensor : std::false_type {};
template <class T> struct is_tensor<Tensor<T>> : std::true_type {};

template <class T>
const char* type_name_of() {
  if constexpr (std::is_same_v<T, bool>) return "bool";
  else if constexpr (std::is_same_v<T, int64_t>) return "int";
  else if constexpr (std::is_same_v<T, double>) return "float";
  else if constexpr (std::is_same_v<T, float>) return "float32";
  else if constexpr (std::is_integral_v<T>) return "int";
  else if constexpr (std::is_same_v<T, std::string>) return "str";
  else if constexpr (is_frozen<T>::value) return "tuple";
  else if constexpr (is_list<T>::value) return "list";
  else if constexpr (is_dict<T>::value) return "dict";
  else if constexpr (is_set<T>::value) return "set";
  else if constexpr (is_tuple<T>::value) return "tuple";
  else if constexpr (is_tensor<T>::value) return "ndarray";
  else return "object";
}
}  // namespace object_detail

namespace object_detail {
template <class T, class = void> struct has_repr : std::false_type {};
template <class T>
struct has_repr<T, std::void_t<decltype(builtins::repr(std::declval<const T&>()))>> : std::true_type {};
template <class T, class = void> struct declares_eq : std::false_type {};
template <class T>
struct declares_eq<T, std::void_t<decltype(std::declval<const T&>() == std::declval<const T&>())>> : std::true_type {};
template <class T> struct has_eq : declares_eq<T> {};
// Containers declare == for any item type; they compare only where their items do (an array's
// == is elementwise, not a bool: a tuple holding one compares by identity, as above).
template <> struct has_eq<Array> : std::false_type {};
template <class T> struct has_eq<Tensor<T>> : std::false_type {};
template <class... T> struct has_eq<std::tuple<T...>> : std::conjunction<has_eq<T>...> {};
template <class T> struct has_eq<List<T>> : has_eq<T> {};
template <class T> struct has_eq<Tuple<T>> : has_eq<T> {};
template <class T> struct has_eq<std::optional<T>> : has_eq<T> {};
template <class K, class V> struct has_eq<Dict<K, V>> : has_eq<V> {};
}  // namespace object_detail

// Abi: how the value crosses the ABI where that differs from T (abi::Convert<Abi>): a list of
// NumPy scalars (List<NumpyScalarOf<float>>) or of open-rank NumPy arrays (ScalarIf0d).
template <class T, class Abi = T>
struct BoxOf final : ObjectBox {
  T value;
  explicit BoxOf(T v) : value(std::move(v)) {}
  const char* type_name() const override { return object_detail::type_name_of<T>(); }
  std::string repr() const override {
    if constexpr (object_detail::has_repr<T>::value) return builtins::repr(value);
    else return std::string("<") + type_name() + ">";
  }
  std::string str() const override {
    if constexpr (std::is_same_v<T, std::string>) return value;
    else return repr();
  }
  bool truth() const override {
    if constexpr (object_detail::is_tensor<T>::value) return truth_numpy(value);
    else return python::truth(value);
  }
  muna_value* to_abi() const override { return abi::Convert<Abi>::to(value); }
  std::optional<Number> number() const override {
    if constexpr (std::is_arithmetic_v<T>) return Number(value);
    else return std::nullopt;
  }
  const std::string* string() const override {
    if constexpr (std::is_same_v<T, std::string>) return &value;
    else return nullptr;
  }
  std::optional<int64_t> len() const override {
    if constexpr (std::is_same_v<T, std::string>) return str::len(value);
    else if constexpr (object_detail::is_list<T>::value || object_detail::is_dict<T>::value ||
                       object_detail::is_set<T>::value)
      return value.size();
    else if constexpr (object_detail::is_tuple<T>::value) return int64_t(std::tuple_size_v<T>);
    else if constexpr (object_detail::is_tensor<T>::value)
      return value.ndim() == 0 ? throw TypeError("len() of unsized object") : value.shape(0);
    else return std::nullopt;
  }
  Object getitem(const Object& key) const override;
  bool contains(const Object& x) const override;
  List<Object> iterate() const override;
  List<std::tuple<Object, Object>> items(const char* method) const override;
  bool same_value(const ObjectBox& other) const override {
    const T* o = static_cast<const T*>(other.holds(&TypeTag<T>::tag));
    if constexpr (object_detail::is_tensor<T>::value || !object_detail::has_eq<T>::value) return o == &value;
    else return o && *o == value;
  }
  size_t hash() const override {
    if constexpr (std::is_same_v<T, std::string>) return std::hash<std::string>{}(value);
    else if constexpr (std::is_arithmetic_v<T>) {
      // hash(1) == hash(1.0) == hash(True): equal numbers are one dict key, as in Python.
      const double d = static_cast<double>(value);
      return std::hash<double>{}(d == 0 ? 0.0 : d);
    } else return ObjectBox::hash();
  }
  const void* holds(const void* type_tag) const override {
    return type_tag == &TypeTag<T>::tag ? &value : nullptr;
  }
};

// A NumPy scalar in an Object (a dict's value, a list of mixed items): its dtype kept, so it
// goes back to the caller as the NumPy scalar it is (np.float64 and np.int64 have the C++
// types of Python's float and int, and would come back as those).
struct NumpyScalarBox final : ObjectBox {
  AnyScalar value;
  explicit NumpyScalarBox(AnyScalar v) : value(v) {}
  const char* type_name() const override {
    return value.key() == DType::Bool ? "bool_" : dtype_name(value.key());
  }
  std::string repr() const override {
    switch (value.key()) {
      case DType::Bool: return builtins::repr(value.as<bool>());
      case DType::Float32: return builtins::repr(value.as<float>());
      case DType::Float64: return builtins::repr(value.as<double>());
      default: return builtins::repr(value.as<int64_t>());
    }
  }
  bool truth() const override { return python::truth(value); }
  muna_value* to_abi() const override { return abi::Convert<AnyScalar>::to(value); }
  std::optional<Number> number() const override { return value.number(); }
  bool same_value(const ObjectBox& other) const override {
    auto n = other.number();
    return n && number::eq(value.number(), *n);
  }
  size_t hash() const override {
    const double d = value.number().as_float();
    return std::hash<double>{}(d == 0 ? 0.0 : d);
  }
  const void* holds(const void* type_tag) const override {
    return type_tag == &TypeTag<AnyScalar>::tag ? &value : nullptr;
  }
};

namespace object_detail {
// What an Object stores for a T: numbers as the Python kind they are, Optionals unwrapped.
template <class T>
std::shared_ptr<const ObjectBox> box(const T& value) {
  if constexpr (std::is_same_v<T, NoneType>) return nullptr;
  else if constexpr (std::is_same_v<T, Number>) {
    if (value.kind() == Number::Kind::Bool) return std::make_shared<BoxOf<bool>>(value.as_int() != 0);
    if (value.kind() == Number::Kind::Int) return std::make_shared<BoxOf<int64_t>>(value.as_int());
    return std::make_shared<BoxOf<double>>(value.as_float());
  } else if constexpr (std::is_same_v<T, AnyScalar>) {  // a Python number as its kind, a NumPy scalar boxed
    switch (value.key()) {
      case kPyBool: return box(value.template as<bool>());
      case kPyInt: return box(value.template as<int64_t>());
      case kPyFloat: return box(value.template as<double>());
      default: return std::make_shared<NumpyScalarBox>(value);
    }
  } else if constexpr (std::is_same_v<T, const char*>) {
    return std::make_shared<BoxOf<std::string>>(value);
  } else if constexpr (std::is_same_v<T, Array>) {  // an array of run-time dtype: the typed array it holds
    return std::visit([](const auto& typed) { return box(typed); }, value.variant());
  } else {
    return std::make_shared<BoxOf<T>>(value);
  }
}
template <class T> struct is_optional : std::false_type {};
template <class T> struct is_optional<std::optional<T>> : std::true_type {};
}  // namespace object_detail

template <class T, std::enable_if_t<!std::is_same_v<std::decay_t<T>, Object>, int>>
Object::Object(const T& value) {
  if constexpr (object_detail::is_optional<T>::value) {
    if (value) *this = Object(*value);
  } else {
    box_ = object_detail::box(value);
  }
}

template <class Abi, class T>
Object Object::crossing_as(const T& value) {
  Object out;
  out.box_ = std::make_shared<BoxOf<T, Abi>>(value);
  return out;
}

inline bool operator==(const Object& a, const Object& b) {
  if (a.is_none() || b.is_none()) return a.is_none() && b.is_none();
  auto x = a.number(), y = b.number();
  if (x && y) return number::eq(*x, *y);
  if (x || y) return false;
  return a.box()->same_value(*b.box());
}

// a < b of two variant values, as Python orders them: numbers by value (1 < 1.5), strs by
// code point (UTF-8 bytes sort in code point order), anything else Python's TypeError.
inline bool operator<(const Object& a, const Object& b) {
  auto x = a.number(), y = b.number();
  if (x && y) return number::lt(*x, *y);
  const auto* s = a.exactly<std::string>();
  const auto* t = b.exactly<std::string>();
  if (s && t) return *s < *t;
  throw TypeError(std::string("'<' not supported between instances of '") + a.type_name() + "' and '" +
                  b.type_name() + "'");
}

// `x: T = obj`: the value read as a T, with Python's TypeError when its type is another.
// Numbers convert as Python passes them (an int where a float is expected); containers of
// other item types are rebuilt item by item.
template <class T> struct ObjectAs;

template <class T>
T as(const Object& x) { return ObjectAs<T>::get(x); }

[[noreturn]] inline void wrong_type(const Object& x, const char* want) {
  throw TypeError(std::string("expected ") + want + ", got " + x.type_name());
}

template <class T> struct ObjectAs {
  static T get(const Object& x) {
    if (const T* v = x.exactly<T>()) return *v;
    if constexpr (std::is_arithmetic_v<T>) {
      auto n = x.number();
      if (!n) wrong_type(x, object_detail::type_name_of<T>());
      if constexpr (std::is_same_v<T, bool>) return n->as_bool();
      else if constexpr (std::is_floating_point_v<T>) return static_cast<T>(n->as_float());
      else return static_cast<T>(n->as_int());
    } else if constexpr (object_detail::is_list<T>::value) {
      if (x.box() == nullptr || !x.box()->len()) wrong_type(x, "list");
      T out;
      for (const Object& item : x.box()->iterate()) out.push_back(as<typename T::value_type>(item));
      return out;
    } else if constexpr (object_detail::is_dict<T>::value) {
      if (!x.box() || std::string(x.type_name()) != "dict") wrong_type(x, "dict");
      T out;
      for (const Object& k : x.box()->iterate())
        out.set(as<typename T::key_type>(k), as<typename T::mapped_type>(x.box()->getitem(k)));
      return out;
    } else {
      wrong_type(x, object_detail::type_name_of<T>());
    }
  }
};
template <> struct ObjectAs<Object> {
  static Object get(const Object& x) { return x; }
};
template <> struct ObjectAs<Array> {  // an array of any dtype
  static Array get(const Object& x) {
#define MUNA_OBJECT_ARRAY(T, _) \
    if (const auto* v = x.exactly<Tensor<T>>()) return Array(*v);
    MUNA_EACH_DTYPE(MUNA_OBJECT_ARRAY, _)
#undef MUNA_OBJECT_ARRAY
    wrong_type(x, "ndarray");
  }
};
template <> struct ObjectAs<NoneType> {
  static NoneType get(const Object& x) {
    if (!x.is_none()) wrong_type(x, "None");
    return None;
  }
};
template <> struct ObjectAs<std::string> {
  static std::string get(const Object& x) {
    if (const std::string* s = x.string()) return *s;
    wrong_type(x, "str");
  }
};
template <> struct ObjectAs<Number> {
  static Number get(const Object& x) {
    if (auto n = x.number()) return *n;
    wrong_type(x, "int or float");
  }
};
template <class T> struct ObjectAs<std::optional<T>> {
  static std::optional<T> get(const Object& x) {
    if (x.is_none()) return std::nullopt;
    return as<T>(x);
  }
};
template <class... T> struct ObjectAs<std::tuple<T...>> {
  static std::tuple<T...> get(const Object& x) {
    if (const auto* v = x.exactly<std::tuple<T...>>()) return *v;
    if (!x.box() || !x.box()->len() || *x.box()->len() != int64_t(sizeof...(T)))
      wrong_type(x, "tuple");
    List<Object> items = x.box()->iterate();
    return items_of(items, std::index_sequence_for<T...>{});
  }
  template <size_t... I>
  static std::tuple<T...> items_of(const List<Object>& items, std::index_sequence<I...>) {
    return {as<T>(items.items()[I])...};
  }
};

// The dynamic operations the compiler calls on an Object.
namespace object {
inline int64_t len(const Object& x) {
  if (x.box())
    if (auto n = x.box()->len()) return *n;
  throw TypeError(std::string("object of type '") + x.type_name() + "' has no len()");
}
inline List<std::tuple<Object, Object>> items(const Object& x, const char* method = "items") {
  if (!x.box()) throw AttributeError(std::string("'NoneType' object has no attribute '") + method + "'");
  return x.box()->items(method);
}
inline List<Object> keys(const Object& x) {
  List<Object> out;
  for (const auto& kv : items(x, "keys")) out.push_back(std::get<0>(kv));
  return out;
}
inline List<Object> values(const Object& x) {
  List<Object> out;
  for (const auto& kv : items(x, "values")) out.push_back(std::get<1>(kv));
  return out;
}
inline Object getitem(const Object& x, const Object& key) {
  if (!x.box()) throw TypeError("'NoneType' object is not subscriptable");
  return x.box()->getitem(key);
}
inline bool contains(const Object& container, const Object& x) {
  if (!container.box()) throw TypeError("argument of type 'NoneType' is not iterable");
  return container.box()->contains(x);
}
inline List<Object> iterate(const Object& x) {
  if (!x.box()) throw TypeError("'NoneType' object is not iterable");
  return x.box()->iterate();
}
// float(x) / int(x) of a value of any type: numbers convert, a str parses as CPython parses it.
inline double to_float(const Object& x) {
  if (auto n = x.number()) return n->as_float();
  if (const auto* text = x.exactly<std::string>()) return builtins::float_(*text);
  throw TypeError(std::string("float() argument must be a string or a real number, not '") + x.type_name() + "'");
}
inline int64_t to_int(const Object& x) {
  if (auto n = x.number()) return number::to_int(*n);
  if (const auto* text = x.exactly<std::string>()) return builtins::int_(*text);
  throw TypeError(std::string("int() argument must be a string, a bytes-like object or a real number, not '") +
                  x.type_name() + "'");
}
// A slice bound held by a variant value: None or an int (bool counts), else Python's TypeError.
// `"%d" % x` of a value of run-time type: the one value formatted, where it holds no tuple (a
// tuple there would be the arguments, which the compiled template cannot count).
inline Object not_a_tuple(const Object& x) {
  if (x.box() && std::string(x.type_name()) == "tuple")
    throw NotImplementedError("muna: a tuple of run-time type after % (write the tuple out: '...' % (a, b))");
  return x;
}
inline std::optional<int64_t> slice_bound(const Object& x) {
  if (x.is_none()) return std::nullopt;
  auto n = x.number();
  if (!n || n->is_float()) throw TypeError("slice indices must be integers or None or have an __index__ method");
  return n->as_int();
}
// `a, b = x` of a variant value: its items as iteration gives them, the count checked with
// Python's messages (each target's read checks it; unpacking is rare enough to re-iterate).
inline Object unpack_item(const Object& x, int64_t index, int64_t expected) {
  List<Object> items;
  try {
    items = iterate(x);
  } catch (const TypeError&) {
    throw TypeError(std::string("cannot unpack non-iterable ") + x.type_name() + " object");
  }
  return list::unpack_item(items, index, expected);  // copied out before `items` goes
}
inline Number to_number(const Object& x) { return as<Number>(x); }
inline std::string str(const Object& x) { return x.str(); }
inline std::string repr(const Object& x) { return x.repr(); }
inline bool eq(const Object& a, const Object& b) { return a == b; }
inline bool ne(const Object& a, const Object& b) { return a != b; }
// get(d, key, default): dict.get on a value that must be a dict.
inline Object get(const Object& d, const Object& key, const Object& fallback) {
  if (!d.box() || std::string(d.type_name()) != "dict")
    throw TypeError(std::string("'") + d.type_name() + "' object has no attribute 'get'");
  return d.box()->contains(key) ? d.box()->getitem(key) : fallback;
}
inline bool isinstance(const Object& x, const std::string& type_name) { return type_name == x.type_name(); }
}  // namespace object

// The box methods that need Object complete.
inline Object ObjectBox::getitem(const Object&) const {
  throw TypeError(std::string("'") + type_name() + "' object is not subscriptable");
}
inline bool ObjectBox::contains(const Object&) const {
  throw TypeError(std::string("argument of type '") + type_name() + "' is not iterable");
}
inline List<Object> ObjectBox::iterate() const {
  throw TypeError(std::string("'") + type_name() + "' object is not iterable");
}

template <class T, class Abi>
Object BoxOf<T, Abi>::getitem(const Object& key) const {
  const std::string kind = key.type_name();
  if constexpr (object_detail::is_list<T>::value || object_detail::is_tuple<T>::value) {
    if (kind != "int" && kind != "bool")
      throw TypeError(std::string(type_name()) + " indices must be integers or slices, not " + kind);
  }
  if constexpr (object_detail::is_list<T>::value) {
    return Object(value.at(as<int64_t>(key)));
  } else if constexpr (object_detail::is_dict<T>::value) {
    using K = typename T::key_type;
    if constexpr (!std::is_same_v<K, Object>) {
      // A key of another type is not in the dict (a str never equals an int), unless a number
      // equals one of another kind (d[1.0] of an int key).
      const bool number_key = std::is_arithmetic_v<K> && key.number();
      if (!key.exactly<K>() && !number_key) throw KeyError(key.repr());
    }
    return Object(value.at(as<K>(key)));
  } else if constexpr (object_detail::is_tuple<T>::value) {
    const int64_t n = std::tuple_size_v<T>;
    int64_t i = as<int64_t>(key);
    if (i < -n || i >= n) throw IndexError("tuple index out of range");
    return iterate().items()[static_cast<size_t>(i < 0 ? i + n : i)];
  } else if constexpr (object_detail::is_tensor<T>::value) {
    // x[i] of an ndarray: its row i (a view), or for a 1-d array the NumPy scalar at i
    const auto n = key.number();
    if (!n || n->is_float() || n->kind() == Number::Kind::Bool)
      throw NotImplementedError(std::string("muna: an ndarray held at run time indexed by a ") + key.type_name());
    if (value.ndim() == 0) throw IndexError("too many indices for array: array is 0-dimensional, but 1 were indexed");
    const int64_t size = value.shape(0);
    int64_t i = n->as_int();
    if (i < -size || i >= size)
      throw IndexError("index " + std::to_string(i) + " is out of bounds for axis 0 with size " + std::to_string(size));
    if (i < 0) i += size;
    const Shape shape(value.shape().begin() + 1, value.shape().end());
    const Shape strides(value.strides().begin() + 1, value.strides().end());
    const auto row = value.with_layout(shape, strides, i * value.strides()[0]);
    using E = typename T::value_type;
    if constexpr (std::is_arithmetic_v<E>) {
      if (row.ndim() == 0) return Object(AnyScalar::numpy(row.data()[0]));
    } else if (row.ndim() == 0) {
      throw NotImplementedError("muna: an element of an array of this dtype held at run time");
    }
    return Object(row);
  } else {
    return ObjectBox::getitem(key);
  }
}

template <class T, class Abi>
bool BoxOf<T, Abi>::contains(const Object& x) const {
  if constexpr (std::is_same_v<T, std::string>) {
    const std::string* s = x.string();
    if (!s) throw TypeError(std::string("'in <string>' requires string as left operand, not ") + x.type_name());
    return value.find(*s) != std::string::npos;
  } else if constexpr (object_detail::is_dict<T>::value) {
    if constexpr (std::is_same_v<typename T::key_type, Object>) return value.contains(x);
    else {
      const auto* k = x.exactly<typename T::key_type>();
      if (k) return value.contains(*k);
      for (const auto& [key, v] : value.entries())
        if (Object(key) == x) return true;
      return false;
    }
  } else if constexpr (object_detail::is_list<T>::value || object_detail::is_set<T>::value ||
                       object_detail::is_tuple<T>::value) {
    for (const Object& item : iterate())
      if (item == x) return true;
    return false;
  } else {
    return ObjectBox::contains(x);
  }
}

template <class T, class Abi>
List<Object> BoxOf<T, Abi>::iterate() const {
  List<Object> out;
  if constexpr (object_detail::is_list<T>::value || object_detail::is_set<T>::value) {
    for (const auto& x : value) out.push_back(Object(x));
  } else if constexpr (object_detail::is_dict<T>::value) {
    for (const auto& [k, v] : value.entries()) out.push_back(Object(k));
  } else if constexpr (object_detail::is_tuple<T>::value) {
    std::apply([&](const auto&... x) { (out.push_back(Object(x)), ...); }, value);
  } else if constexpr (std::is_same_v<T, std::string>) {
    for (size_t i = 0; i < value.size();) {
      size_t n = 1;
      const unsigned char c = static_cast<unsigned char>(value[i]);
      if (c >= 0xF0) n = 4; else if (c >= 0xE0) n = 3; else if (c >= 0xC0) n = 2;
      out.push_back(Object(value.substr(i, n)));
      i += n;
    }
  } else {
    return ObjectBox::iterate();
  }
  return out;
}

inline List<std::tuple<Object, Object>> ObjectBox::items(const char* method) const {
  throw AttributeError(std::string("'") + type_name() + "' object has no attribute '" + method + "'");
}

template <class T, class Abi>
List<std::tuple<Object, Object>> BoxOf<T, Abi>::items(const char* method) const {
  if constexpr (object_detail::is_dict<T>::value) {
    List<std::tuple<Object, Object>> out;
    for (const auto& [k, v] : value.entries()) out.push_back({Object(k), Object(v)});
    return out;
  } else {
    return ObjectBox::items(method);
  }
}

inline bool truth(const Object& x) { return x.truth(); }

namespace builtins {
inline std::string repr(const Object& x) { return x.repr(); }
inline std::string str(const Object& x) { return x.str(); }
inline std::string format(const Object& x, const std::string& spec = "") {
  if (spec.empty()) return x.str();
  if (auto n = x.number()) return format(*n, spec);
  if (const std::string* s = x.string()) return format(*s, spec);
  throw TypeError(std::string("unsupported format string passed to ") + x.type_name() + ".__format__");
}
}  // namespace builtins
// A Python number or NumPy scalar of run-time kind (any_scalar.hpp) as an Object: the value
// it holds, boxed as a value of that type is.
inline Object object_of(const AnyScalar& x) { return Object(x); }

// A NumPy array of open rank as an Object: a 0-d one that is not marked a 0-d array (x[i] of a
// 1-d x) is the NumPy scalar NumPy gives there, as it is when returned (abi::ScalarIf0d).
template <class T>
Object object_of_numpy(const Tensor<T>& x) {
  if constexpr (std::is_arithmetic_v<T>) {
    if (x.ndim() == 0 && !x.is_0d_array()) return Object(AnyScalar::numpy(x.data()[0]));
  }
  return Object(x);
}
inline Object object_of_numpy(const Array& x) {
  return std::visit([](const auto& t) { return object_of_numpy(t); }, x.variant());
}

}  // namespace muna::python

template <> struct std::hash<muna::python::Object> {
  size_t operator()(const muna::python::Object& x) const { return x.box() ? x.box()->hash() : 0; }
};

namespace muna::abi {
// An Object crosses the ABI as whatever it holds; from the ABI, lists, tuples and dicts become
// containers of Objects.
template <> struct Convert<python::Object> {
  static python::Object from(const muna_value* v, const Where& w) {
    if (!v) w.fail("a value", v);
    switch (v->kind) {
      case MUNA_NONE: return python::Object();
      case MUNA_BOOL:
      case MUNA_INT:
      case MUNA_FLOAT:
        if (v->scalar_dtype >= 0) return python::Object(Convert<python::AnyScalar>::from(v, w));  // a NumPy scalar
        break;
      default: break;
    }
    switch (v->kind) {
      case MUNA_NONE: break;
      case MUNA_BOOL: return python::Object(v->boolean);
      case MUNA_INT: return python::Object(v->integer);
      case MUNA_FLOAT: return python::Object(v->real);
      case MUNA_STR: return python::Object(Convert<std::string>::from(v, w));
      case MUNA_LIST: return python::Object(Convert<python::List<python::Object>>::from(v, w));
      case MUNA_TUPLE: return python::Object(Convert<python::Tuple<python::Object>>::from(v, w));
      case MUNA_DICT: return python::Object(Convert<python::Dict<python::Object, python::Object>>::from(v, w));
      case MUNA_TENSOR:
        switch (static_cast<DType>(v->dtype)) {
#define MUNA_OBJECT_TENSOR(T) \
  case dtype_v<T>: return python::Object(Convert<Tensor<T>>::from(v, w));
          MUNA_OBJECT_TENSOR(bool) MUNA_OBJECT_TENSOR(uint8_t) MUNA_OBJECT_TENSOR(int8_t)
          MUNA_OBJECT_TENSOR(int16_t) MUNA_OBJECT_TENSOR(int32_t) MUNA_OBJECT_TENSOR(int64_t)
          MUNA_OBJECT_TENSOR(float) MUNA_OBJECT_TENSOR(double) MUNA_OBJECT_TENSOR(bfloat16)
#undef MUNA_OBJECT_TENSOR
        }
    }
    w.fail("a value", v);
  }
  static muna_value* to(const python::Object& x) { return x.box() ? x.box()->to_abi() : muna_none(); }
};
template <> struct Matches<python::Object> {
  static bool check(const muna_value* v) { return v != nullptr; }
};
}  // namespace muna::abi
