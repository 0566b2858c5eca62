// read_module and looks_like_module: whole .ll modules through LLVM's parser.
#include "shufc/module_reader.h"

#include <gtest/gtest.h>

#include <ostream>
#include <string>
#include <vector>

namespace shufc {

// Readable gtest failures (static: other test files may print operands their own way).
[[maybe_unused]] static void PrintTo(const Operand& o, std::ostream* os) {
  static const char* const kinds[] = {"value", "undef", "poison", "zero", "splat", "constant"};
  *os << kinds[unsigned(o.kind)] << "(" << o.name << o.splat;
  for (const std::string& e : o.elems) *os << (&e == &o.elems[0] ? "" : ", ") << e;
  *os << ")";
}

namespace {

using namespace std::string_literals;
using Kind = Operand::Kind;
constexpr int U = kUndef;

std::vector<ModuleShuffle> read_ok(const std::string& text) {
  Expected<std::vector<ModuleShuffle>> r = read_module(text, "test.ll");
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().message) << " at " << (r.ok() ? 0 : r.error().line);
  return r.ok() ? *r : std::vector<ModuleShuffle>{};
}

Error read_err(const std::string& text) {
  Expected<std::vector<ModuleShuffle>> r = read_module(text, "test.ll");
  EXPECT_FALSE(r.ok());
  return r.ok() ? Error{} : r.error();
}

// 1-based line and column of the first occurrence of `needle`, to keep expectations in sync
// with the text.
std::pair<unsigned, unsigned> where(const std::string& text, const std::string& needle) {
  size_t at = text.find(needle);
  EXPECT_NE(at, std::string::npos) << needle;
  if (at == std::string::npos) return {0, 0};
  size_t line_start = text.rfind('\n', at);
  line_start = line_start == std::string::npos ? 0 : line_start + 1;
  unsigned line = 1;
  for (size_t i = 0; i < at; ++i) line += text[i] == '\n';
  return {line, unsigned(at - line_start) + 1};
}

// Two functions; comments, a string, a label, a metadata string, a function and a constant
// expression all spell "shufflevector" without being the instruction.
const std::string kModule = R"(; ModuleID = 'shufflevector'
source_filename = "shufflevector.c"
target triple = "x86_64-unknown-linux-gnu"

@g = global i32 0
@msg = private constant [14 x i8] c"shufflevector\00"
; %x = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> zeroinitializer
declare void @shufflevector()

define <4 x i32> @first(<4 x i32> %a, <4 x i32> %b) {
entry:
  %r = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 0, i32 4, i32 1, i32 5> ; shufflevector
  %z = shufflevector <4 x i32> %r, <4 x i32> zeroinitializer, <4 x i32> <i32 0, i32 4, i32 poison, i32 undef>
  br label %shufflevector

shufflevector:
  %u = shufflevector <4 x i32> %z, <4 x i32> undef, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
  %p = shufflevector <4 x i32> poison, <4 x i32> %u, <4 x i32> <i32 4, i32 5, i32 6, i32 7>, !shufflevector !0
  %s = shufflevector <4 x i32> %p, <4 x i32> splat (i32 7), <2 x i32> <i32 0, i32 4>
  %c = shufflevector <4 x i32> <i32 7, i32 7, i32 7, i32 7>, <4 x i32> <i32 1, i32 undef, i32 3, i32 -4>, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %e = shufflevector <2 x i32> shufflevector (<2 x i32> <i32 1, i32 2>, <2 x i32> poison, <2 x i32> zeroinitializer), <2 x i32> <i32 poison, i32 5>, <2 x i32> <i32 1, i32 2>
  call void @shufflevector()
  ret <4 x i32> %p
}

; Numbered values: the arguments are %0 and %1, the entry block %2.
define void @second(<4 x i32> %0, <4 x i32> %1, <2 x float> %f, <vscale x 4 x i32> %v, <2 x ptr> %q) {
  %3 = shufflevector <4 x i32> %0, <4 x i32> %1, <4 x i32> <i32 7, i32 6, i32 5, i32 4>
  %4 = shufflevector <2 x float> %f, <2 x float> splat (float 0.0), <2 x i32> <i32 0, i32 2>
  %5 = shufflevector <2 x float> %f, <2 x float> splat (float -0.0), <2 x i32> <i32 0, i32 3>
  %6 = shufflevector <2 x float> <float 1.5, float 1.5>, <2 x float> <float 0.0, float -0.0>, <2 x i32> <i32 1, i32 2>
  %sv = shufflevector <vscale x 4 x i32> %v, <vscale x 4 x i32> poison, <vscale x 4 x i32> zeroinitializer
  %su = shufflevector <vscale x 4 x i32> %v, <vscale x 4 x i32> splat (i32 3), <vscale x 2 x i32> undef
  %p1 = shufflevector <2 x ptr> %q, <2 x ptr> <ptr @g, ptr null>, <2 x i32> <i32 1, i32 2>
  %p2 = shufflevector <2 x ptr> <ptr @g, ptr @g>, <2 x ptr> zeroinitializer, <2 x i32> <i32 0, i32 3>
  %"a b" = shufflevector <2 x i32> bitcast (i64 ptrtoint (ptr @g to i64) to <2 x i32>), <2 x i32> <i32 0, i32 0>, <2 x i32> <i32 0, i32 3>
  ret void
}

!0 = !{!"shufflevector"}
)";

TEST(ModuleReader, ReadsEveryShuffleInOrder) {
  std::vector<ModuleShuffle> s = read_ok(kModule);
  ASSERT_EQ(s.size(), 16u);
  const char* fns[] = {"@first", "@first", "@first", "@first", "@first", "@first", "@first",
                       "@second", "@second", "@second", "@second", "@second", "@second",
                       "@second", "@second", "@second"};
  const char* results[] = {"%r", "%z", "%u", "%p", "%s", "%c", "%e", "%3",
                           "%4", "%5", "%6", "%sv", "%su", "%p1", "%p2", "%\"a b\""};
  for (size_t k = 0; k < s.size(); ++k) {
    EXPECT_EQ(s[k].function, fns[k]) << k;
    EXPECT_EQ(s[k].shuffle.result, results[k]) << k;
    std::string def = std::string(results[k]) + " = shufflevector";
    EXPECT_EQ(s[k].line, where(kModule, def).first) << k;
    EXPECT_FALSE(s[k].shuffle.from_compact);
    EXPECT_EQ(s[k].shuffle.widened_from, 0u);
  }
}

TEST(ModuleReader, ValuesUndefPoisonZero) {
  std::vector<ModuleShuffle> s = read_ok(kModule);
  ASSERT_EQ(s.size(), 16u);
  const ShuffleVector& r = s[0].shuffle;
  EXPECT_EQ(r.type, (VecType{ElementCount::fixed(4), ElemType::i(32)}));
  EXPECT_EQ(r.v1, Operand::value("%a"));
  EXPECT_EQ(r.v2, Operand::value("%b"));
  EXPECT_EQ(r.mask, (std::vector<int>{0, 4, 1, 5}));

  EXPECT_EQ(s[1].shuffle.v1, Operand::value("%r"));
  EXPECT_EQ(s[1].shuffle.v2, Operand::zero());
  EXPECT_EQ(s[1].shuffle.mask, (std::vector<int>{0, 4, U, U}));  // poison and undef elements

  EXPECT_EQ(s[2].shuffle.v2.kind, Kind::Undef);
  EXPECT_EQ(s[2].shuffle.mask, (std::vector<int>{3, 2, 1, 0}));
  EXPECT_EQ(s[3].shuffle.v1.kind, Kind::Poison);
  EXPECT_EQ(s[3].shuffle.v2, Operand::value("%u"));
}

TEST(ModuleReader, SplatsAndConstants) {
  std::vector<ModuleShuffle> s = read_ok(kModule);
  ASSERT_EQ(s.size(), 16u);
  // splat (i32 7), narrowing to two lanes.
  EXPECT_EQ(s[4].shuffle.v2, Operand::splat_of("7"));
  EXPECT_EQ(s[4].shuffle.mask, (std::vector<int>{0, 4}));
  EXPECT_EQ(s[4].shuffle.m(), 2u);
  EXPECT_EQ(s[4].shuffle.n(), 4u);
  // <i32 7, i32 7, ...> is a splat too; a general constant keeps its undef element.
  EXPECT_EQ(s[5].shuffle.v1, Operand::splat_of("7"));
  EXPECT_EQ(s[5].shuffle.v2, Operand::constant({"1", "undef", "3", "-4"}));
  EXPECT_EQ(s[5].shuffle.m(), 8u);
  // A constant-expression shufflevector operand is folded by LLVM (and is not an instruction).
  EXPECT_EQ(s[6].shuffle.v1, Operand::splat_of("1"));
  EXPECT_EQ(s[6].shuffle.v2, Operand::constant({"poison", "5"}));
}

TEST(ModuleReader, NumberedValuesAndFloats) {
  std::vector<ModuleShuffle> s = read_ok(kModule);
  ASSERT_EQ(s.size(), 16u);
  EXPECT_EQ(s[7].shuffle.v1, Operand::value("%0"));
  EXPECT_EQ(s[7].shuffle.v2, Operand::value("%1"));
  EXPECT_EQ(s[7].shuffle.mask, (std::vector<int>{7, 6, 5, 4}));

  EXPECT_EQ(s[8].shuffle.type, (VecType{ElementCount::fixed(2), ElemType::f32()}));
  EXPECT_EQ(s[8].shuffle.v1, Operand::value("%f"));
  EXPECT_EQ(s[8].shuffle.v2, Operand::zero());  // splat (float 0.0)
  // -0.0 is not zeroinitializer.
  EXPECT_EQ(s[9].shuffle.v2, Operand::splat_of("-0.000000e+00"));
  EXPECT_EQ(s[10].shuffle.v1, Operand::splat_of("1.500000e+00"));
  EXPECT_EQ(s[10].shuffle.v2, Operand::constant({"0.000000e+00", "-0.000000e+00"}));
}

TEST(ModuleReader, Scalable) {
  std::vector<ModuleShuffle> s = read_ok(kModule);
  ASSERT_EQ(s.size(), 16u);
  const ShuffleVector& z = s[11].shuffle;
  EXPECT_TRUE(z.scalable());
  EXPECT_EQ(z.type, (VecType{ElementCount::vscaled(4), ElemType::i(32)}));
  EXPECT_EQ(z.v1, Operand::value("%v"));
  EXPECT_EQ(z.v2.kind, Kind::Poison);
  EXPECT_EQ(z.mask, (std::vector<int>{0, 0, 0, 0}));
  // An undef mask: min-count entries, all kUndef; a scalable splat stays a splat.
  const ShuffleVector& u = s[12].shuffle;
  EXPECT_EQ(u.v2, Operand::splat_of("3"));
  EXPECT_EQ(u.mask, (std::vector<int>{U, U}));
  EXPECT_EQ(u.result_type(), (VecType{ElementCount::vscaled(2), ElemType::i(32)}));
}

TEST(ModuleReader, PointersAndConstantExpressions) {
  std::vector<ModuleShuffle> s = read_ok(kModule);
  ASSERT_EQ(s.size(), 16u);
  EXPECT_EQ(s[13].shuffle.type, (VecType{ElementCount::fixed(2), ElemType::ptr()}));
  EXPECT_EQ(s[13].shuffle.v1, Operand::value("%q"));
  EXPECT_EQ(s[13].shuffle.v2, Operand::constant({"@g", "null"}));
  EXPECT_EQ(s[14].shuffle.v1, Operand::splat_of("@g"));
  EXPECT_EQ(s[14].shuffle.v2, Operand::zero());
  // A global-derived constant expression is an opaque value.
  EXPECT_EQ(s[15].shuffle.v1, Operand::value("bitcast (i64 ptrtoint (ptr @g to i64) to <2 x i32>)"));
  EXPECT_EQ(s[15].shuffle.v2, Operand::zero());
}

TEST(ModuleReader, TwoShufflesOnOneLineAndASplitInstruction) {
  const std::string text =
      "define <4 x i32> @f(<4 x i32> %a) {\n"
      "  %r = shufflevector <4 x i32> %a, <4 x i32> %a, <4 x i32> zeroinitializer "
      "%q = shufflevector <4 x i32> %r, <4 x i32> %a, <4 x i32> <i32 1, i32 1, i32 1, i32 1>\n"
      "  %t =\n"
      "     shufflevector <4 x i32> %q, <4 x i32> %a, <4 x i32> zeroinitializer\n"
      "  ret <4 x i32> %t\n"
      "}\n";
  std::vector<ModuleShuffle> s = read_ok(text);
  ASSERT_EQ(s.size(), 3u);
  EXPECT_EQ(s[0].line, 2u);
  EXPECT_EQ(s[1].line, 2u);
  EXPECT_EQ(s[1].shuffle.mask, (std::vector<int>{1, 1, 1, 1}));
  EXPECT_EQ(s[2].line, 4u);  // the line of the keyword
}

TEST(ModuleReader, RetiredIntrinsicsAreNotUpgraded) {
  // LLVM would rewrite this old intrinsic into a shufflevector the text does not spell; shufc
  // keeps it an ordinary call, so only the written shuffle is reported, on its line.
  const std::string text =
      "define <4 x i32> @f(<4 x i32> %a) {\n"
      "  %r = shufflevector <4 x i32> %a, <4 x i32> %a, <4 x i32> zeroinitializer\n"
      "  %z = call <4 x i32> @llvm.x86.sse2.pshuf.d(<4 x i32> %r, i8 27)\n"
      "  ret <4 x i32> %z\n"
      "}\n"
      "declare <4 x i32> @llvm.x86.sse2.pshuf.d(<4 x i32>, i8)\n";
  std::vector<ModuleShuffle> s = read_ok(text);
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].line, 2u);
}

TEST(ModuleReader, RetiredIntrinsicWithABadSignatureDoesNotCrash) {
  // LLVM's auto-upgrade of this call dereferences a missing operand.
  EXPECT_TRUE(read_module(
                  "define <4 x i32> @f(float %a) {\n"
                  "  %z = call <4 x i32> @llvm.x86.sse2.pshuf.d(float %a)\n"
                  "  ret <4 x i32> %z\n"
                  "}\n"
                  "declare <4 x i32> @\"llvm.x86.sse2.pshuf.d\"(float)\n",
                  "t")
                  .ok());
  // Messages and operands show the names as written.
  Error e = read_err("define void @f() {\n  call void @llvm.x86.sse2.pshuf.d()\n  ret void\n}\n");
  EXPECT_NE(e.message.find("@llvm.x86.sse2.pshuf.d"), std::string::npos) << e.message;
  std::vector<ModuleShuffle> s = read_ok(
      "declare void @llvm.x86.old()\n"
      "define void @\"llvm.x86.older\"() {\n"
      "  %r = shufflevector <2 x ptr> <ptr @llvm.x86.old, ptr null>, <2 x ptr> poison, <2 x i32> <i32 1, i32 0>\n"
      "  ret void\n"
      "}\n");
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].function, "@llvm.x86.older");
  EXPECT_EQ(s[0].shuffle.v1, Operand::constant({"@llvm.x86.old", "null"}));
}

TEST(ModuleReader, QuotedFunctionName) {
  std::vector<ModuleShuffle> s = read_ok(
      "define void @\"my f\"(<2 x i8> %x) {\n"
      "  %r = shufflevector <2 x i8> %x, <2 x i8> poison, <2 x i32> <i32 1, i32 0>\n"
      "  ret void\n"
      "}\n");
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].function, "@\"my f\"");
}

TEST(ModuleReader, NoShufflesIsNotAnError) {
  EXPECT_TRUE(read_ok("").empty());
  EXPECT_TRUE(read_ok("; nothing but a comment about shufflevector\n").empty());
  EXPECT_TRUE(read_ok("define i32 @f(i32 %x) {\n  ret i32 %x\n}\n").empty());
}

TEST(ModuleReader, SyntaxErrorHasLineAndColumn) {
  const std::string text =
      "define void @f(<4 x i32> %a, <4 x i32> %b) {\n"
      "  %r = shufflevector <4 x i32> %a <4 x i32> %b, <4 x i32> zeroinitializer\n"
      "  ret void\n"
      "}\n";
  Error e = read_err(text);
  EXPECT_NE(e.message.find("expected ','"), std::string::npos) << e.message;
  auto [line, col] = where(text, "<4 x i32> %b,");  // LLVM points at the token it did not expect
  EXPECT_EQ(e.line, line);
  EXPECT_EQ(e.column, col);
  EXPECT_EQ(e.line, 2u);
  EXPECT_EQ(e.column, 35u);
}

TEST(ModuleReader, TypeErrorHasLineAndColumn) {
  const std::string text =
      "define void @f(<4 x i32> %a, <4 x float> %b) {\n"
      "  %r = shufflevector <4 x i32> %a, <4 x float> %b, <4 x i32> zeroinitializer\n"
      "  ret void\n"
      "}\n";
  Error e = read_err(text);
  EXPECT_NE(e.message.find("invalid shufflevector operands"), std::string::npos) << e.message;
  EXPECT_EQ(e.line, 2u);
  EXPECT_EQ(e.column, where(text, "<4 x i32> %a, <4 x float> %b, <4").second);  // the first operand
}

TEST(ModuleReader, UndefinedValueIsAnError) {
  Error e = read_err("define void @f() {\n  ret void\n}\ndefine void @g() {\n  call void @h()\n  ret void\n}\n");
  EXPECT_EQ(e.line, 5u);
  EXPECT_NE(e.message.find("@h"), std::string::npos) << e.message;
}

TEST(ModuleReader, VerifierErrorHasNoLine) {
  // Parses, but %y is used before it is defined.
  Error e = read_err(
      "define i32 @f(i32 %x) {\n"
      "  %z = add i32 %y, 1\n"
      "  %y = add i32 %x, 1\n"
      "  ret i32 %z\n"
      "}\n");
  EXPECT_EQ(e.line, 0u);
  EXPECT_NE(e.message.find("does not dominate"), std::string::npos) << e.message;
}

TEST(ModuleReader, VerifierErrorWithDebugInfoDoesNotAbort) {
  // With this flag LLVM's debug-info upgrade verifies the module itself and would abort.
  Error e = read_err(
      "define i32 @f(i32 %x) {\n"
      "  %z = add i32 %y, 1\n"
      "  %y = add i32 %x, 1\n"
      "  ret i32 %z\n"
      "}\n"
      "!llvm.module.flags = !{!0}\n"
      "!0 = !{i32 2, !\"Debug Info Version\", i32 3}\n");
  EXPECT_NE(e.message.find("does not dominate"), std::string::npos) << e.message;
}

TEST(ModuleReader, BrokenDebugInfoAloneIsTolerated) {
  std::vector<ModuleShuffle> s = read_ok(
      "define <2 x i32> @f(<2 x i32> %x) {\n"
      "  %r = shufflevector <2 x i32> %x, <2 x i32> poison, <2 x i32> <i32 1, i32 0>\n"
      "  ret <2 x i32> %r\n"
      "}\n"
      "!llvm.dbg.cu = !{!1}\n"
      "!llvm.module.flags = !{!0}\n"
      "!0 = !{i32 2, !\"Debug Info Version\", i32 3}\n"
      "!1 = !{}\n");
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].line, 2u);
  EXPECT_EQ(s[0].shuffle.mask, (std::vector<int>{1, 0}));
}

TEST(ModuleReader, UnsupportedElementTypesNameTheLine) {
  for (std::string ty : {"<2 x fp128>", "<2 x x86_fp80>", "<2 x ptr addrspace(1)>"}) {
    const std::string text = "define void @f(" + ty + " %a) {\n" +
                             "  %ok = add i32 1, 2\n"
                             "  %r = shufflevector " + ty + " %a, " + ty + " poison, <2 x i32> <i32 1, i32 0>\n"
                             "  ret void\n"
                             "}\n";
    Error e = read_err(text);
    EXPECT_EQ(e.line, 3u) << ty;
    EXPECT_EQ(e.column, 8u) << ty;  // the shufflevector keyword
    EXPECT_NE(e.message.find("not supported"), std::string::npos) << e.message;
    EXPECT_NE(e.message.find(ty), std::string::npos) << e.message;
  }
}

TEST(ModuleReader, VectorsWiderThanTheLimitAreRejectedBeforeLLVM) {
  const std::string text =
      "define void @f() {\n"
      "  %r = shufflevector <4 x i8> zeroinitializer, <4 x i8> poison, <100000000 x i32> zeroinitializer\n"
      "  ret void\n"
      "}\n";
  Error e = read_err(text);
  EXPECT_EQ(e.line, 2u);
  EXPECT_EQ(e.column, where(text, "<100000000").second);
  EXPECT_NE(e.message.find("100000000"), std::string::npos) << e.message;
  // Scalable too; the limit itself is fine.
  EXPECT_EQ(read_err("declare void @f(<vscale x 65537 x i8>)\n").line, 1u);
  EXPECT_TRUE(read_module("declare void @f(<vscale x 65536 x i8>)\n", "t").ok());
}

TEST(ModuleReader, DeepNestingIsRejectedBeforeLLVMOverflowsItsStack) {
  auto nested = [](const std::string& open, const std::string& mid, const std::string& close, int n) {
    std::string s;
    for (int i = 0; i < n; ++i) s += open;
    s += mid;
    for (int i = 0; i < n; ++i) s += close;
    return s;
  };
  Error e = read_err("; deep\n%T = type " + nested("{", "i32", "}", 100000) + "\n");
  EXPECT_EQ(e.line, 2u);
  EXPECT_NE(e.message.find("nested"), std::string::npos) << e.message;
  EXPECT_FALSE(read_module("@g = global i32 " + nested("add (i32 ", "1", ", i32 1)", 100000), "t").ok());
  EXPECT_FALSE(read_module("!0 = " + nested("!{", "", "}", 100000), "t").ok());
  // Brackets in comments and strings do not count; moderate nesting is fine.
  EXPECT_TRUE(read_module("; " + std::string(100000, '{') + "\n@s = constant [1 x i8] c\"{\"\n", "t").ok());
  EXPECT_TRUE(read_module("%T = type " + nested("{", "i32", "}", 200) + "\n", "t").ok());
}

TEST(ModuleReader, GarbageIsAnErrorNotACrash) {
  const std::string inputs[] = {
      "\xff\xfe\xfd define"s,
      "define void @f() {\n  ret void\n}\n\0\0garbage"s,
      "define void @f() {\0}"s,
      "define void @f() { %r = shufflevector",
      "%r = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> zeroinitializer",
      "v8i16:0,8,1,9",
      "@s = constant [3 x i8] c\"unterminated",
      "<",
      "<vscale x",
      "<99999999999999999999999999 x",
  };
  for (const std::string& in : inputs) {
    Expected<std::vector<ModuleShuffle>> r = read_module(in, "garbage.ll");
    EXPECT_FALSE(r.ok()) << in;
  }
}

TEST(LooksLikeModule, ModuleTexts) {
  EXPECT_TRUE(looks_like_module("define void @f() {\n  ret void\n}\n"));
  EXPECT_TRUE(looks_like_module("  declare void @f()\n"));
  EXPECT_TRUE(looks_like_module("; comment\ntarget triple = \"x86_64-unknown-linux-gnu\"\n"));
  EXPECT_TRUE(looks_like_module("source_filename = \"a.c\"\n"));
  EXPECT_TRUE(looks_like_module("@g = global i32 0\n"));
  EXPECT_TRUE(looks_like_module("@\"quoted name\" = external global i8\n"));
  EXPECT_TRUE(looks_like_module("!0 = !{}\n"));
  EXPECT_TRUE(looks_like_module("!llvm.module.flags = !{!0}\n"));
  EXPECT_TRUE(looks_like_module("attributes #0 = { nounwind }\n"));
  EXPECT_TRUE(looks_like_module("%T = type { i32 }\n"));
  EXPECT_TRUE(looks_like_module("\tdefine\tvoid @f() {\r\n  ret void\r\n}\r\n"));
}

TEST(LooksLikeModule, ShuffleListsAndComments) {
  EXPECT_FALSE(looks_like_module(""));
  EXPECT_FALSE(looks_like_module("v8i16:0,8,1,9,2,10,3,11"));
  EXPECT_FALSE(looks_like_module("v4f32:0,u,z,3\nnxv4i32:0,0,0,0\n"));
  EXPECT_FALSE(looks_like_module(
      "%r = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 0, i32 4, i32 1, i32 5>\n"
      "shufflevector <4 x i32> %a, <4 x i32> @g, <4 x i32> zeroinitializer\n"
      "  %t = shufflevector <4 x i32> %a, <4 x i32> poison, <4 x i32> zeroinitializer ; define x\n"));
  EXPECT_FALSE(looks_like_module("; define void @f()\n;declare void @g()\n  ; @g = global i32 0\n"));
  EXPECT_FALSE(looks_like_module("defined\ntargets\n%types = shufflevector <2 x i8> %a, <2 x i8> %b, <2 x i32> zeroinitializer\n"));
}

}  // namespace
}  // namespace shufc
