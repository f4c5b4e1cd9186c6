// Instances of the user's record classes. A NamedTuple is a tuple (NamedTuple<Info, T...>: a
// std::tuple that knows its class and field names); an instance of a dataclass or of a plain
// class is an object shared by every name that refers to it (Record<Info, T...>, so `p.x = 1`
// is seen through all of them, as in Python). Info is a struct the generated code declares per
// record type:
//   struct Info { static constexpr const char* name = "Span";
//                 static constexpr const char* fields[] = {"start", "end"};
//                 static constexpr bool compares_fields = true;  // == by fields, else identity
//                 static constexpr bool user_eq = false;  // the class defines its own __eq__
//                 static constexpr bool user_truth = false; };  // ... its own __bool__ or __len__
#pragma once
#include <cstddef>
#include <memory>
#include <string>
#include <tuple>
#include <utility>

#include <muna/core/error.hpp>
#include <muna/python/builtins/repr.hpp>
#include <muna/python/compare.hpp>

namespace muna::python {

template <class Info, class... T>
struct NamedTuple : std::tuple<T...> {
  using Base = std::tuple<T...>;
  using Base::Base;
  NamedTuple(const Base& b) : Base(b) {}  // NOLINT: the tuple of the fields
  const Base& base() const { return *this; }
};

template <class Info, class... T>
class Record {
 public:
  // An instance is true, as object's; one of a class with its own __bool__ or __len__ is
  // tested by them where the compiled code asks (`if x:`), and not here, where it is held as
  // an Object (`if a and b:` of two classes): muna::python::truth reads this.
  static bool truth_of(const Record&) {
    if constexpr (Info::user_truth) {
      throw NotImplementedError(std::string("muna compiles the truth of a ") + Info::name +
                                " (its __bool__ or __len__) where it is tested, not of one held as an object");
    }
    return true;
  }
  Record() : state_(std::make_shared<std::tuple<T...>>()) {}  // a declared, not yet assigned, variable
  template <size_t N = sizeof...(T), std::enable_if_t<(N > 0), int> = 0>  // (no fields: the one above)
  explicit Record(T... fields) : state_(std::make_shared<std::tuple<T...>>(std::move(fields)...)) {}
  template <size_t I> auto& get() const { return std::get<I>(*state_); }
  template <size_t I, class V> NoneType set(V&& value) const {
    std::get<I>(*state_) = std::forward<V>(value);
    return None;
  }
  const std::tuple<T...>& fields() const { return *state_; }
  // Field-wise, as a dataclass's generated __eq__ compares (the same object is equal too); the
  // same object only, as `object.__eq__`, for a plain class or a dataclass(eq=False).
  friend bool operator==(const Record& a, const Record& b) {
    if constexpr (Info::user_eq) {
      // The class's own __eq__ is compiled where `==` is written, not here (`x in instances`).
      throw NotImplementedError(std::string("muna compiles ") + Info::name +
                                ".__eq__ where == is written, not when a container compares its items");
    } else if constexpr (Info::compares_fields) {
      return a.state_ == b.state_ || *a.state_ == *b.state_;
    } else {
      return a.state_ == b.state_;
    }
  }
  friend bool operator!=(const Record& a, const Record& b) { return !(a == b); }

 private:
  std::shared_ptr<std::tuple<T...>> state_;
};

namespace record_detail {
template <class Info, class Tuple, size_t... I>
std::string repr(const Tuple& t, std::index_sequence<I...>) {
  std::string out = std::string(Info::name) + "(";
  ((out += (I ? ", " : "") + std::string(Info::fields[I]) + "=" + builtins::repr(std::get<I>(t))), ...);
  return out + ")";
}
}  // namespace record_detail

namespace builtins {
// Span(start=1, end=2), as the dataclass's and the namedtuple's __repr__.
template <class Info, class... T>
std::string repr(const NamedTuple<Info, T...>& t) {
  return record_detail::repr<Info>(t.base(), std::index_sequence_for<T...>{});
}
template <class Info, class... T>
std::string repr(const Record<Info, T...>& r) {
  return record_detail::repr<Info>(r.fields(), std::index_sequence_for<T...>{});
}
template <class Info, class... T>
std::string str(const Record<Info, T...>& r) { return repr(r); }
template <class Info, class... T>
std::string str(const NamedTuple<Info, T...>& t) { return repr(t); }
}  // namespace builtins

namespace compare {
// order=True dataclasses compare their fields as tuples; NamedTuples are tuples.
template <class Info, class... T>
int order(const Record<Info, T...>& a, const Record<Info, T...>& b) { return order(a.fields(), b.fields()); }
template <class Info, class... T>
int order(const NamedTuple<Info, T...>& a, const NamedTuple<Info, T...>& b) { return order(a.base(), b.base()); }
}  // namespace compare

}  // namespace muna::python

// Records cross the C ABI tagged with their class's name: a NamedTuple as a tuple, a dataclass
// as a dict of its fields (the Python loader rebuilds the instance from the signature).
#include <muna/abi/convert.hpp>
#include <muna/abi/matches.hpp>

namespace muna::abi {
template <class Info, class... T> struct Convert<python::NamedTuple<Info, T...>> {
  static python::NamedTuple<Info, T...> from(const muna_value* v, const Where& w) {
    return python::NamedTuple<Info, T...>(Convert<std::tuple<T...>>::from(v, w));
  }
  static muna_value* to(const python::NamedTuple<Info, T...>& x) {
    muna_value* v = Convert<std::tuple<T...>>::to(x.base());
    if (v) v->type_name = Info::name;
    return v;
  }
};
template <class Info, class... T> struct Convert<python::Record<Info, T...>> {
  static python::Record<Info, T...> from(const muna_value* v, const Where& w) {
    if (!v || v->kind != MUNA_DICT) w.fail(std::string(Info::name) + " (a dict of its fields)", v);
    return from_fields(v, w, std::index_sequence_for<T...>{});
  }
  template <size_t... I>
  static python::Record<Info, T...> from_fields(const muna_value* v, const Where& w, std::index_sequence<I...>) {
    return python::Record<Info, T...>(Convert<T>::from(field(v, w, Info::fields[I]), Where{w.path + "." + Info::fields[I]})...);
  }
  static const muna_value* field(const muna_value* v, const Where& w, const char* name) {
    for (size_t i = 0; i < v->items.size(); ++i)
      if (v->items[i] && v->items[i]->kind == MUNA_STR && v->items[i]->text == name) return v->values[i].get();
    throw ArgumentError(w.path + ": " + Info::name + " has no field '" + name + "'");
  }
  static muna_value* to(const python::Record<Info, T...>& r) {
    ValuePtr out(checked(muna_dict()));
    to_fields(out.get(), r, std::index_sequence_for<T...>{});
    out->type_name = Info::name;
    return out.release();
  }
  template <size_t... I>
  static void to_fields(muna_value* out, const python::Record<Info, T...>& r, std::index_sequence<I...>) {
    ((out->items.emplace_back(checked(muna_str(Info::fields[I], std::char_traits<char>::length(Info::fields[I])))),
      out->values.emplace_back(checked(Convert<T>::to(r.template get<I>())))), ...);
  }
};
template <class Info, class... T> struct Matches<python::NamedTuple<Info, T...>> : Matches<std::tuple<T...>> {};
template <class Info, class... T> struct Matches<python::Record<Info, T...>> {
  static bool check(const muna_value* v) { return v && v->kind == MUNA_DICT && v->type_name == Info::name; }
};
}  // namespace muna::abi
