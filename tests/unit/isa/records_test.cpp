// Every instruction record is well formed: unique ids, lane sources inside the inputs for every
// immediate, spellings that mention exactly the operands the record has. (Whether a record says
// what the real instruction does is checked on hardware: tests/exec/*_isa_*.sh.)
#include <random>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "shufc/isa/registry.h"

namespace shufc::isa {
namespace {

bool mentions(const char* tmpl, const std::string& what) { return std::string(tmpl).find(what) != std::string::npos; }

// A few accepted controls for a programmable instruction: identity-like and random.
std::vector<std::vector<int>> sample_controls(const Instruction& in, std::mt19937& rng) {
  std::vector<std::vector<int>> out;
  const unsigned n = in.n();
  const unsigned n_src = in.in_bits(0) / in.in_elem_bits(0);
  for (int t = 0; t < 200 && out.size() < 8; ++t) {
    std::vector<int> c(n);
    if (in.control.zeroing && t % 3 == 1) {  // compress-shaped: increasing sources, then zeros
      int next = 0;
      for (unsigned i = 0; i < n; ++i) {
        while (next < int(n_src) && rng() % 2) ++next;
        c[i] = next < int(n_src) ? next++ : -1;
      }
      if (accepts(in, c)) out.push_back(c);
      continue;
    }
    if (in.control.zeroing && t % 3 == 2) {  // expand-shaped: sources 0, 1, 2, ... with zeros between
      int next = 0;
      for (unsigned i = 0; i < n; ++i) c[i] = rng() % 2 ? next++ : -1;
      if (accepts(in, c)) out.push_back(c);
      continue;
    }
    for (unsigned i = 0; i < n; ++i) {
      if (in.control.kind == Control::Kind::Select) c[i] = rng() % 2 ? int(i) : int(n + i);
      else if (in.control.zeroing && rng() % 5 == 0) c[i] = -1;
      else if (in.control.block_elems) c[i] = int(i / in.control.block_elems * in.control.block_elems + rng() % in.control.block_elems);
      else c[i] = int(rng() % (in.control.table_inputs * n_src));
    }
    if (accepts(in, c)) out.push_back(c);
  }
  return out;
}

TEST(Records, IdsAreUniqueAndFindable) {
  std::set<std::string> ids;
  for (const Instruction& in : all_instructions()) {
    EXPECT_TRUE(ids.insert(in.id).second) << "duplicate id " << in.id;
    EXPECT_EQ(find_instruction(in.id), &in);
  }
  EXPECT_GT(ids.size(), 40u);
  EXPECT_EQ(find_instruction("no-such-instruction"), nullptr);
}

TEST(Records, ShapesAreConsistent) {
  for (const Instruction& in : all_instructions()) {
    SCOPED_TRACE(in.id);
    EXPECT_TRUE(in.reg_bits == 64 || in.reg_bits == 128 || in.reg_bits == 256 || in.reg_bits == 512);
    EXPECT_EQ(in.reg_bits % in.elem_bits, 0u);
    EXPECT_LE(in.num_inputs, 4u);
    for (unsigned k = in.num_inputs; k < 4; ++k) EXPECT_EQ(in.input_elem_bits[k], 0u) << "input " << k;
    for (unsigned k = 0; k < in.num_inputs; ++k) EXPECT_EQ(in.in_bits(k) % in.in_elem_bits(k), 0u) << "input " << k;
    if (in.moves_only()) {
      EXPECT_EQ(in.elem_bits, in.src_elem_bits);
      for (unsigned k = 0; k < in.num_inputs; ++k) EXPECT_EQ(in.in_elem_bits(k), in.elem_bits) << "input " << k;
    }
    if (in.value == ValueOp::SignExtend || in.value == ValueOp::ZeroExtend) {
      EXPECT_GT(in.elem_bits, in.src_elem_bits);
    }
    if (in.value == ValueOp::SignedSat || in.value == ValueOp::UnsignedSat || in.value == ValueOp::UnsignedSatU ||
        in.value == ValueOp::Truncate) {
      EXPECT_LT(in.elem_bits, in.src_elem_bits);
    }
    if (!in.moves_only() && in.value != ValueOp::BitOr) {  // an or combines same-width inputs
      // Each input is read at src_elem_bits (its lanes change value) or, as xtn2's kept
      // destination, at elem_bits (its lanes move unchanged); at least one input changes value.
      bool converts = in.num_inputs == 0;
      for (unsigned k = 0; k < in.num_inputs; ++k) {
        EXPECT_TRUE(in.in_elem_bits(k) == in.src_elem_bits || in.in_elem_bits(k) == in.elem_bits) << "input " << k;
        EXPECT_EQ(in.converts(k), in.in_elem_bits(k) == in.src_elem_bits) << "input " << k;
        converts = converts || in.converts(k);
      }
      EXPECT_TRUE(converts);
    }
    EXPECT_TRUE(in.needs.has(in.feature));
    EXPECT_NE(std::string(in.formula), "");
  }
}

TEST(Records, SpellingsNameTheirOperands) {
  for (const Instruction& in : all_instructions()) {
    SCOPED_TRACE(in.id);
    for (const char* t : {in.spell.intrinsic, in.spell.assembly}) {
      ASSERT_NE(t, nullptr);
      // (An input as an AArch64 scalar form names it, {0:d}: its d register.)
      for (unsigned k = 0; k < in.num_inputs; ++k)
        EXPECT_TRUE(mentions(t, "{" + std::to_string(k) + "}") || mentions(t, "{" + std::to_string(k) + ":d}")) << t;
      EXPECT_FALSE(mentions(t, "{" + std::to_string(in.num_inputs) + "}")) << t;
      EXPECT_EQ(mentions(t, "{imm"), in.imm_count > 0) << t;
      EXPECT_EQ(mentions(t, "{c"), in.programmable()) << t;
    }
    EXPECT_NE(std::string(in.spell.ctype), "");
  }
}

TEST(Records, LanesStayInsideTheInputsForEveryInstance) {
  std::mt19937 rng(1);
  for (const Instruction& in : all_instructions()) {
    SCOPED_TRACE(in.id);
    std::vector<Params> instances;
    std::vector<std::vector<int>> controls;
    if (in.programmable()) {
      controls = sample_controls(in, rng);
      EXPECT_FALSE(controls.empty()) << "no accepted control found";
      for (const auto& c : controls) instances.push_back({0, c});
    } else {
      for (unsigned imm = 0; imm < std::max(1u, in.imm_count); ++imm) instances.push_back({imm, {}});
    }
    for (const Params& p : instances) {
      const std::vector<LaneSrc> map = index_map(in, p);
      ASSERT_EQ(map.size(), in.n());
      for (const LaneSrc& s : map) {
        if (s.is_zero()) continue;
        ASSERT_LT(s.input, int(in.num_inputs)) << "imm " << p.imm;
        ASSERT_GE(s.elem, 0);
        ASSERT_LT(unsigned(s.elem), in.in_bits(unsigned(s.input)) / in.in_elem_bits(unsigned(s.input))) << "imm " << p.imm;
      }
    }
  }
}

TEST(Derived, FinerWidthsAndUnaryForms) {
  const Instruction* q = find_instruction("punpcklqdq");
  ASSERT_NE(q, nullptr);
  // punpcklqdq on 32-bit data: {a0, a1, b0, b1}; on bytes: a[0..7], b[0..7].
  const auto m32 = index_map_at(*q, {}, 32);
  ASSERT_EQ(m32.size(), 4u);
  EXPECT_EQ(m32[0], LaneSrc::from(0, 0));
  EXPECT_EQ(m32[1], LaneSrc::from(0, 1));
  EXPECT_EQ(m32[2], LaneSrc::from(1, 0));
  EXPECT_EQ(m32[3], LaneSrc::from(1, 1));
  EXPECT_EQ(index_map_at(*q, {}, 8).size(), 16u);
  // a 32-bit pshufd seen on 16-bit data moves pairs
  const Instruction* d = find_instruction("pshufd");
  const auto m16 = index_map_at(*d, {0x1b, {}}, 16);
  EXPECT_EQ(m16[0], LaneSrc::from(0, 6));
  EXPECT_EQ(m16[1], LaneSrc::from(0, 7));
  // packs change values: no finer view
  EXPECT_TRUE(index_map_at(*find_instruction("packsswb"), {}, 8).empty());
  // unpcklps(x, x) = {x0, x0, x1, x1}
  const auto u = unary_form(index_map(*find_instruction("unpcklps"), {}));
  EXPECT_EQ(u[1], LaneSrc::from(0, 0));
  EXPECT_EQ(u[3], LaneSrc::from(0, 1));
}

TEST(Derived, PerInputElementWidths) {
  // xtn2.16b: the destination's old low half (input 0, bytes) moves unchanged; input 1's 16-bit
  // elements are truncated into the high half.
  const Instruction* x = find_instruction("xtn2.16b");
  ASSERT_NE(x, nullptr);
  EXPECT_EQ(x->num_inputs, 2u);
  EXPECT_EQ(x->in_elem_bits(0), 8u);
  EXPECT_EQ(x->in_elem_bits(1), 16u);
  EXPECT_FALSE(x->converts(0));
  EXPECT_TRUE(x->converts(1));
  const auto m = index_map(*x, {});
  EXPECT_EQ(m[7], LaneSrc::from(0, 7));
  EXPECT_EQ(m[8], LaneSrc::from(1, 0));
  EXPECT_EQ(m[15], LaneSrc::from(1, 7));
  EXPECT_TRUE(index_map_at(*x, {}, 8).empty());  // values change: no finer view
  // Records without per-input widths read every input at src_elem_bits.
  const Instruction* p = find_instruction("packsswb");
  EXPECT_EQ(p->in_elem_bits(0), 16u);
  EXPECT_EQ(p->in_elem_bits(1), 16u);
  EXPECT_TRUE(p->converts(0) && p->converts(1));
  EXPECT_FALSE(find_instruction("punpcklbw")->converts(0));
}

TEST(Derived, FourTableInputs) {
  const Instruction* t = find_instruction("tbl4.16b");
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->num_inputs, 4u);
  std::vector<int> c(16);
  for (int i = 0; i < 16; ++i) c[size_t(i)] = 63 - 4 * i;  // reaches all four tables
  EXPECT_TRUE(accepts(*t, c));
  const auto m = index_map(*t, {0, c});
  EXPECT_EQ(m[0], LaneSrc::from(3, 15));
  EXPECT_EQ(m[15], LaneSrc::from(0, 3));
  c[1] = 64;  // past the four tables
  EXPECT_FALSE(accepts(*t, c));
  c[1] = -1;  // out of range: zero
  EXPECT_TRUE(accepts(*t, c));
  EXPECT_EQ(t->control.encode(c, 16)[1], 0xffu);
  EXPECT_TRUE(accepts(*find_instruction("tbl4.8b"), std::vector<int>{0, 16, 32, 48, 63, 47, 31, 15}));
}

TEST(Derived, ControlConstraints) {
  const Instruction* b = find_instruction("pshufb");
  std::vector<int> c(16);
  for (int i = 0; i < 16; ++i) c[size_t(i)] = 15 - i;
  EXPECT_TRUE(accepts(*b, c));
  c[3] = -1;  // pshufb zeroes
  EXPECT_TRUE(accepts(*b, c));
  c[3] = 16;  // one register only
  EXPECT_FALSE(accepts(*b, c));
  c.pop_back();
  EXPECT_FALSE(accepts(*b, c));
  const Instruction* v = find_instruction("pblendvb");
  std::vector<int> s(16);
  for (int i = 0; i < 16; ++i) s[size_t(i)] = i % 3 ? i : 16 + i;
  EXPECT_TRUE(accepts(*v, s));
  s[2] = 3;  // a blend keeps positions
  EXPECT_FALSE(accepts(*v, s));
  EXPECT_EQ(b->control.encode(std::vector<int>{-1, 5}, 16), (std::vector<uint64_t>{0x80, 5}));
}

TEST(Targets, EachIncludesTheOnesBelow) {
  auto sse2 = find_target("sse2"), avx2 = find_target("avx2"), v2 = find_target("avx512vbmi2");
  ASSERT_TRUE(sse2 && avx2 && v2);
  EXPECT_TRUE(avx2->features.contains(sse2->features));
  EXPECT_TRUE(v2->features.contains(avx2->features));
  EXPECT_FALSE(find_target("avx1024"));
  EXPECT_EQ(find_target("neon")->arch, Arch::aarch64);
  const auto s = instructions_for(*sse2), a = instructions_for(*avx2);
  EXPECT_LT(s.size(), a.size() + 1);
  for (const Instruction* in : s) EXPECT_TRUE(sse2->features.contains(in->needs)) << in->id;
}

}  // namespace
}  // namespace shufc::isa
