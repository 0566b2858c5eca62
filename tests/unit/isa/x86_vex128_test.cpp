// The VEX forms of the SSE records: the template rule, and which targets list which form.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "shufc/isa/registry.h"

namespace shufc::isa {
namespace {

TEST(Vex128, TemplatesPutTheDestinationFirst) {
  EXPECT_EQ(vex_template("shufps {0}, {1}, {imm}"), "vshufps {d}, {0}, {1}, {imm}");
  EXPECT_EQ(vex_template("pshufd {d}, {0}, {imm}"), "vpshufd {d}, {0}, {imm}");
  EXPECT_EQ(vex_template("pshufb {0}, {c}"), "vpshufb {d}, {0}, {c}");
  EXPECT_EQ(vex_template("pxor {d}, {d}"), "vpxor {d}, {d}, {d}");
  EXPECT_EQ(vex_template("pblendvb {0}, {1}, {c:xmm0}"), "vpblendvb {d}, {0}, {1}, {c}");
  EXPECT_EQ(vex_template("psrlq {0}, 8 * {imm}"), "vpsrlq {d}, {0}, 8 * {imm}");
}

TEST(Vex128, EverySseRecordHasATwinWithItsSemantics) {
  for (const Instruction& sse : x86_sse_instructions()) {
    ASSERT_TRUE(has_vex_form(sse)) << sse.id;
    // (A record of several instructions, pand.blend, has none: an AVX target has neither it nor
    // a twin, and blends with vpblendvb.)
    if (std::string_view(sse.spell.assembly).find('\n') != std::string_view::npos) {
      EXPECT_EQ(find_instruction(std::string("v") + sse.id), nullptr) << sse.id;
      continue;
    }
    const Instruction* vex = find_instruction(std::string("v") + sse.id);
    ASSERT_NE(vex, nullptr) << sse.id;
    EXPECT_EQ(vex->lane, sse.lane) << sse.id;
    EXPECT_EQ(vex->reg_bits, sse.reg_bits) << sse.id;
    EXPECT_EQ(vex->imm_count, sse.imm_count) << sse.id;
    EXPECT_STREQ(vex->spell.intrinsic, sse.spell.intrinsic) << sse.id;
    EXPECT_TRUE(vex->needs.contains(sse.needs) && vex->needs.has(Feature::avx)) << sse.id;
    EXPECT_FALSE(has_vex_form(*vex)) << sse.id;
  }
}

TEST(Vex128, AvxTargetsListTheVexForms) {
  auto has = [](const char* target, const char* id) {
    const auto t = find_target(target);
    if (!t) return false;
    const auto list = instructions_for(*t);
    return std::any_of(list.begin(), list.end(), [&](const Instruction* in) { return std::string(in->id) == id; });
  };
  EXPECT_TRUE(has("sse4.1", "pshufb"));
  EXPECT_FALSE(has("sse4.1", "vpshufb"));
  for (const char* t : {"avx", "avx2", "avx512vbmi"}) {
    EXPECT_TRUE(has(t, "vpshufb")) << t;
    EXPECT_FALSE(has(t, "pshufb")) << t;
    EXPECT_TRUE(has(t, "vpxor.zero")) << t;
  }
}

}  // namespace
}  // namespace shufc::isa
