// The IR-level view of one shufflevector: two operands and a mask.
#pragma once
#include <string>
#include <vector>

#include "shufc/types.h"

namespace shufc {

// Mask entry values besides an index into concat(v1, v2).
inline constexpr int kUndef = -1;  // don't care (LLVM's poison mask element)
inline constexpr int kZero = -2;   // a zero lane (only from the compact form's `z` when both
                                   // inputs are live; LLVM IR spells it with a zero operand)

// A shufflevector operand.
struct Operand {
  enum class Kind : uint8_t {
    Value,     // a named or numbered value: "%x", "%5"
    Undef,     // undef
    Poison,    // poison
    Zero,      // zeroinitializer (or a constant vector that is all +0)
    Splat,     // a constant with the same value in every element: `splat (i32 7)`, <i32 7, i32 7, ...>
    Constant,  // any other constant vector
  };
  Kind kind = Kind::Undef;
  std::string name;                // Value: "%x"
  std::string splat;               // Splat: the element literal, e.g. "7", "1.5", "0x7FF8000000000000"
  std::vector<std::string> elems;  // Constant: element literals; "undef"/"poison" allowed

  static Operand value(std::string name) { return {Kind::Value, std::move(name), {}, {}}; }
  static Operand undef() { return {Kind::Undef, {}, {}, {}}; }
  static Operand poison() { return {Kind::Poison, {}, {}, {}}; }
  static Operand zero() { return {Kind::Zero, {}, {}, {}}; }
  static Operand splat_of(std::string lit) { return {Kind::Splat, {}, std::move(lit), {}}; }
  static Operand constant(std::vector<std::string> e) { return {Kind::Constant, {}, {}, std::move(e)}; }

  bool is_undef() const { return kind == Kind::Undef || kind == Kind::Poison; }
  bool is_constant() const { return kind == Kind::Zero || kind == Kind::Splat || kind == Kind::Constant; }
  // zeroinitializer counts as a constant splat of 0.
  bool is_splat() const { return kind == Kind::Zero || kind == Kind::Splat; }
  // Is element `i` of this operand undefined (undef/poison operand or element)?
  bool elem_is_undef(unsigned i) const;

  // The operand as LLVM IR (without its type): "%x", "undef", "zeroinitializer", "splat (i32 7)", "<i32 1, i32 2>".
  std::string ir(const ElemType& elem) const;
  bool operator==(const Operand&) const = default;
};

// Is this element literal the +0 of its type (what zeroinitializer holds)? -0.0 is not.
bool is_zero_literal(const ElemType& t, const std::string& lit);

struct ShuffleVector {
  std::string result;      // "%r", or empty when the input had no name
  VecType type;            // type of each operand
  Operand v1, v2;
  std::vector<int> mask;   // indices into concat(v1, v2), kUndef, kZero; for a scalable mask: min-count
                           // entries, all 0 (zeroinitializer) or all kUndef (poison/undef)
  unsigned widened_from = 0;  // canonical form only: original operand width when widened to a power of 2
  bool from_compact = false;  // written in the compact form (v8i16:...); printed back the same way

  unsigned n() const { return type.count.min; }
  unsigned m() const { return unsigned(mask.size()); }
  bool scalable() const { return type.count.scalable; }
  VecType result_type() const { return type.with_count(m()); }

  // LLVM IR text of the instruction, e.g. "%r = shufflevector <4 x i32> %x, <4 x i32> zeroinitializer, <4 x i32> <i32 0, i32 4, i32 1, i32 4>".
  // A kZero entry, which one shufflevector cannot say when both operands are live, is printed as
  // a shufflevector followed by a select with zeroinitializer.
  std::string ir() const;
  // The compact form: "v8i16:0,8,1,9,u,z".
  std::string compact() const;
  // Can compact() say this shuffle? Only with %a first and %b second (or zero/undef operands):
  // the compact form has no way to name swapped operands.
  bool compact_ok() const;
  // compact() for a shuffle written in the compact form that it can still say, else ir().
  std::string str() const { return from_compact && compact_ok() ? compact() : ir(); }
  bool operator==(const ShuffleVector&) const = default;
};

}  // namespace shufc
