// The LLVM IR client: the vectoriser's interleaved groups found in hand-written modules, served
// and rewritten; the rewritten module must parse and verify again. (That the rewrite computes
// the same as the original is tests/exec/vls_ir_native.sh: both compiled and run.)
#include <gtest/gtest.h>

#include <string>

#include "shufc/module_reader.h"
#include "shufc/vls/ir_client.h"

namespace shufc::vls {
namespace {

unsigned count(const std::string& text, const std::string& what) {
  unsigned n = 0;
  for (size_t i = text.find(what); i != std::string::npos; i = text.find(what, i + 1)) ++n;
  return n;
}

IrRewrite rewrite(const std::string& module, bool always = true, const std::string& cpu = "skylake") {
  IrClientOptions o;
  o.cpu = cpu;
  o.always = always;
  auto r = rewrite_interleaved_groups(module, "test.ll", o);
  if (!r) ADD_FAILURE() << r.error().str();
  EXPECT_TRUE(read_module(r->module, "rewritten.ll").ok()) << r->module;  // parses and verifies
  return *r;
}

// The seed's example 1: re[i] = x[2i], im[i] = x[2i+1], four doubles per iteration.
const char* kComplexSplit = R"(define void @split(ptr %x, ptr %re, ptr %im) {
entry:
  %wide.vec = load <8 x double>, ptr %x, align 8
  %even = shufflevector <8 x double> %wide.vec, <8 x double> poison, <4 x i32> <i32 0, i32 2, i32 4, i32 6>
  %odd = shufflevector <8 x double> %wide.vec, <8 x double> poison, <4 x i32> <i32 1, i32 3, i32 5, i32 7>
  store <4 x double> %even, ptr %re, align 8
  store <4 x double> %odd, ptr %im, align 8
  ret void
}
)";

TEST(VlsIrClient, ComplexSplitIsOneLoadGroupOfTwoChunks) {
  const IrRewrite r = rewrite(kComplexSplit);
  ASSERT_EQ(r.groups.size(), 1u);
  const IrGroupReport& g = r.groups[0];
  EXPECT_EQ(g.function, "@split");
  EXPECT_EQ(g.line, 3u);  // the wide load
  EXPECT_TRUE(g.load);
  EXPECT_EQ(g.factor, 2u);
  EXPECT_EQ(g.type, "<4 x double>");
  EXPECT_EQ(g.fields, (std::vector<unsigned>{0, 1}));
  EXPECT_EQ(g.memory_ops, 2u);
  EXPECT_GE(g.shuffles, 2u);
  EXPECT_TRUE(g.rewritten);
  EXPECT_EQ(count(r.module, "load <8 x double>"), 0u);
  EXPECT_EQ(count(r.module, "load <4 x double>"), 2u);
  EXPECT_EQ(count(r.module, "masked.load"), 0u);
  EXPECT_EQ(count(r.module, "getelementptr i8, ptr %x, i64 32"), 1u);  // the second chunk
  EXPECT_EQ(count(r.module, "store <4 x double> %vls.field0, ptr %re"), 1u);
  EXPECT_EQ(count(r.module, "store <4 x double> %vls.field1, ptr %im"), 1u);
}

TEST(VlsIrClient, CostDecidesWithoutAlways) {
  const IrRewrite r = rewrite(kComplexSplit, /*always=*/false);
  ASSERT_EQ(r.groups.size(), 1u);
  const IrGroupReport& g = r.groups[0];
  EXPECT_GT(g.original_cost, 0);
  EXPECT_EQ(g.rewritten, g.cost < g.original_cost);
  EXPECT_EQ(count(r.module, "load <8 x double>"), g.rewritten ? 0u : 1u);
  if (!g.rewritten) {
    EXPECT_NE(g.note.find("kept: the original costs"), std::string::npos);
  }
}

// RGB -> planar: factor 3 over bytes, sixteen pixels.
const char* kRgb = R"(define void @rgb(ptr %p, ptr %r, ptr %g, ptr %b) {
  %q = getelementptr inbounds i8, ptr %p, i64 48
  %wide.vec = load <48 x i8>, ptr %q, align 1
  %red = shufflevector <48 x i8> %wide.vec, <48 x i8> poison, <16 x i32> <i32 0, i32 3, i32 6, i32 9, i32 12, i32 15, i32 18, i32 21, i32 24, i32 27, i32 30, i32 33, i32 36, i32 39, i32 42, i32 45>
  %green = shufflevector <48 x i8> %wide.vec, <48 x i8> poison, <16 x i32> <i32 1, i32 4, i32 7, i32 10, i32 13, i32 16, i32 19, i32 22, i32 25, i32 28, i32 31, i32 34, i32 37, i32 40, i32 43, i32 46>
  %blue = shufflevector <48 x i8> %wide.vec, <48 x i8> poison, <16 x i32> <i32 2, i32 5, i32 8, i32 11, i32 14, i32 17, i32 20, i32 23, i32 26, i32 29, i32 32, i32 35, i32 38, i32 41, i32 44, i32 47>
  store <16 x i8> %red, ptr %r, align 1
  store <16 x i8> %green, ptr %g, align 1
  store <16 x i8> %blue, ptr %b, align 1
  ret void
}
)";

TEST(VlsIrClient, RgbBytesAreOneLoadGroupOfThree) {
  const IrRewrite r = rewrite(kRgb);
  ASSERT_EQ(r.groups.size(), 1u);
  const IrGroupReport& g = r.groups[0];
  EXPECT_EQ(g.line, 3u);
  EXPECT_EQ(g.factor, 3u);
  EXPECT_EQ(g.type, "<16 x i8>");
  EXPECT_EQ(g.fields, (std::vector<unsigned>{0, 1, 2}));
  EXPECT_EQ(g.memory_ops, 3u);
  EXPECT_TRUE(g.rewritten);
  EXPECT_EQ(count(r.module, "load <48 x i8>"), 0u);
  EXPECT_EQ(count(r.module, "load <16 x i8>"), 3u);
  // Addresses from the wide load's own pointer (48 bytes into %p).
  EXPECT_EQ(count(r.module, "getelementptr i8, ptr %q, i64 16"), 1u);
  EXPECT_EQ(count(r.module, "getelementptr i8, ptr %q, i64 32"), 1u);
}

TEST(VlsIrClient, AGapIsReadPlainlyWhereTheWideLoadReadIt) {
  // Only red and blue are used: the chunks still lie within the bytes the wide load read, so
  // they stay plain loads (a masked load would only be needed past them).
  std::string m = kRgb;
  m.erase(m.find("  %green"), m.find("  %blue") - m.find("  %green"));
  m.erase(m.find("  store <16 x i8> %green"), m.find("  store <16 x i8> %blue") - m.find("  store <16 x i8> %green"));
  const IrRewrite r = rewrite(m);
  ASSERT_EQ(r.groups.size(), 1u);
  EXPECT_EQ(r.groups[0].fields, (std::vector<unsigned>{0, 2}));
  EXPECT_TRUE(r.groups[0].rewritten);
  EXPECT_EQ(count(r.module, "masked.load"), 0u);
  EXPECT_EQ(count(r.module, "load <48 x i8>"), 0u);
}

// planar -> packed, factor 4 over floats, as the vectoriser writes it: the members concatenated
// pairwise, then one interleaving shuffle.
const char* kStore4 = R"(define void @pack(ptr %o, <4 x float> %a, <4 x float> %b, <4 x float> %c, <4 x float> %d) {
  %ab = shufflevector <4 x float> %a, <4 x float> %b, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %cd = shufflevector <4 x float> %c, <4 x float> %d, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %abcd = shufflevector <8 x float> %ab, <8 x float> %cd, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
  %interleaved.vec = shufflevector <16 x float> %abcd, <16 x float> poison, <16 x i32> <i32 0, i32 4, i32 8, i32 12, i32 1, i32 5, i32 9, i32 13, i32 2, i32 6, i32 10, i32 14, i32 3, i32 7, i32 11, i32 15>
  store <16 x float> %interleaved.vec, ptr %o, align 4
  ret void
}
)";

TEST(VlsIrClient, FloatFactor4StoreGroup) {
  const IrRewrite r = rewrite(kStore4);
  ASSERT_EQ(r.groups.size(), 1u);
  const IrGroupReport& g = r.groups[0];
  EXPECT_FALSE(g.load);
  EXPECT_EQ(g.line, 6u);  // the wide store
  EXPECT_EQ(g.factor, 4u);
  EXPECT_EQ(g.type, "<4 x float>");
  EXPECT_EQ(g.fields, (std::vector<unsigned>{0, 1, 2, 3}));
  EXPECT_EQ(g.memory_ops, 4u);
  EXPECT_TRUE(g.rewritten);
  EXPECT_EQ(count(r.module, "store <16 x float>"), 0u);
  EXPECT_EQ(count(r.module, "store <4 x float>"), 4u);
  EXPECT_EQ(count(r.module, "%interleaved.vec"), 0u);  // the dead interleave tree is gone
  EXPECT_EQ(count(r.module, "masked.store"), 0u);
}

TEST(VlsIrClient, AStoreThatIsNotAnInterleaveIsNoGroup) {
  // A reversal is no interleave: the module has nothing to serve.
  const std::string m = R"(define void @rev(ptr %o, <4 x float> %a, <4 x float> %b) {
  %v = shufflevector <4 x float> %a, <4 x float> %b, <8 x i32> <i32 7, i32 6, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0>
  store <8 x float> %v, ptr %o, align 4
  ret void
}
)";
  IrClientOptions o;
  auto r = rewrite_interleaved_groups(m, "rev.ll", o);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("no interleaved loads or stores"), std::string::npos);
}

TEST(VlsIrClient, ALoadWithAnotherUserIsNoGroup) {
  std::string m = kComplexSplit;
  m.replace(m.find("  ret void"), 0, "  store <8 x double> %wide.vec, ptr %re, align 8\n");
  auto r = rewrite_interleaved_groups(m, "t.ll", IrClientOptions{});
  ASSERT_FALSE(r.ok());
}

TEST(VlsIrClient, BadInputIsAnError) {
  IrClientOptions o;
  EXPECT_FALSE(rewrite_interleaved_groups("define void @f( {", "bad.ll", o).ok());
  o.target = "avx9";
  auto r = rewrite_interleaved_groups(kComplexSplit, "t.ll", o);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("unknown target"), std::string::npos);
  o.target = "avx2";
  o.cpu = "pentium";
  EXPECT_FALSE(rewrite_interleaved_groups(kComplexSplit, "t.ll", o).ok());
}

// Two wide loads of the same floats, one used for the even field, the other for the odd one.
// With nothing in between they form one group (2 wide loads); a store in between that may alias
// keeps each member with its own load (canMoveTo says no).
const char* kTwoLoads = R"(define void @two(ptr %x, ptr %y) {
  %w0 = load <8 x float>, ptr %x, align 4
  %e = shufflevector <8 x float> %w0, <8 x float> poison, <4 x i32> <i32 0, i32 2, i32 4, i32 6>
STORE_E  %w1 = load <8 x float>, ptr %x, align 4
  %o = shufflevector <8 x float> %w1, <8 x float> poison, <4 x i32> <i32 1, i32 3, i32 5, i32 7>
  %q = getelementptr inbounds i8, ptr %y, i64 16
  store <4 x float> %o, ptr %q, align 4
STORE_E  ret void
}
)";

std::string two_loads(bool store_between) {
  std::string m = kTwoLoads;
  const std::string st = "  store <4 x float> %e, ptr %y, align 4\n";
  m.replace(m.find("STORE_E"), 7, store_between ? st : "");
  m.replace(m.find("STORE_E"), 7, store_between ? "" : st);
  return m;
}

TEST(VlsIrClient, MembersOfTwoWideLoadsFormOneGroup) {
  const IrRewrite r = rewrite(two_loads(false));
  ASSERT_EQ(r.groups.size(), 1u);
  EXPECT_EQ(r.groups[0].accesses, 2u);
  EXPECT_EQ(r.groups[0].fields, (std::vector<unsigned>{0, 1}));
  EXPECT_EQ(count(r.module, "load <8 x float>"), 0u);
}

TEST(VlsIrClient, AnotherTargetsModuleIsAnErrorAndItsCpuIsNoCrash) {
  const std::string attrs = "attributes #0 = { \"target-cpu\"=\"neoverse-n1\" \"target-features\"=\"+neon\" }\n";
  std::string m = kComplexSplit;
  m.replace(m.find(") {"), 3, ") #0 {");
  m += attrs;
  auto r = rewrite_interleaved_groups("target triple = \"aarch64-unknown-linux-gnu\"\n" + m, "arm.ll", IrClientOptions{});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("x86 modules"), std::string::npos);
  // Without a triple the AArch64 CPU is unknown to x86: costed with --cpu and --target instead.
  const IrRewrite ok = rewrite(m);
  ASSERT_EQ(ok.groups.size(), 1u);
  EXPECT_GT(ok.groups[0].original_cost, 0);
  EXPECT_EQ(count(ok.module, "shufc.vls.cost"), 0u);  // the stand-in is gone
}

TEST(VlsIrClient, ARetiredIntrinsicIsAnError) {
  // LLVM's parser would auto-upgrade it (and crash on a malformed signature).
  auto r = rewrite_interleaved_groups(std::string(kComplexSplit) + "declare <4 x i32> @llvm.x86.sse2.pshuf.d(<4 x i32>, i8)\n",
                                      "old.ll", IrClientOptions{});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("retired intrinsic"), std::string::npos);
}

TEST(VlsIrClient, WideLoadsAcrossAStoreAreNotMovedTogether) {
  const IrRewrite r = rewrite(two_loads(true));
  ASSERT_EQ(r.groups.size(), 2u);
  for (const IrGroupReport& g : r.groups) EXPECT_EQ(g.accesses, 1u);
}

}  // namespace
}  // namespace shufc::vls
