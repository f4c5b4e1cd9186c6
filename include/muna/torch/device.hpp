// x.to(device) where the device is a str known only at run time (a `device: str = "cpu"`
// parameter): compiled code runs on the CPU, where every tensor already is, so "cpu" (or
// "cpu:N") gives x itself and any other device is an error, as on a torch built without it.
#pragma once
#include <string>

#include <muna/core/error.hpp>

namespace muna::torch {
template <class X>
const X& to_device(const X& x, const std::string& device) {
  if (device == "cpu" || device.rfind("cpu:", 0) == 0) return x;
  throw RuntimeError("device '" + device + "' is not available: muna compiles for the CPU");
}
}  // namespace muna::torch
