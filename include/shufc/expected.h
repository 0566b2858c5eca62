// A value or an error, for parsers and other fallible steps (C++20 has no std::expected).
#pragma once
#include <string>
#include <utility>
#include <variant>

namespace shufc {

// Where something went wrong in the user's text; line and column are 1-based, 0 = unknown.
struct Error {
  std::string message;
  unsigned line = 0;
  unsigned column = 0;

  // "LINE:COL: message" (or just the message when there is no location).
  std::string str() const;
};

template <class T>
class Expected {
 public:
  Expected(T value) : v_(std::move(value)) {}
  Expected(Error error) : v_(std::move(error)) {}

  explicit operator bool() const { return v_.index() == 0; }
  bool ok() const { return v_.index() == 0; }
  T& operator*() { return std::get<0>(v_); }
  const T& operator*() const { return std::get<0>(v_); }
  T* operator->() { return &std::get<0>(v_); }
  const T* operator->() const { return &std::get<0>(v_); }
  const Error& error() const { return std::get<1>(v_); }

 private:
  std::variant<T, Error> v_;
};

}  // namespace shufc
