// Shuffle tables: every entry computes its mask (checked here on values, independently of the
// label check build_table does), known optima, the sets' order, and the dynamic programme's
// costs against a brute-force enumeration of every Program of up to three instructions.
#include "shufc/table.h"

#include <functional>
#include <map>
#include <random>
#include <set>

#include <gtest/gtest.h>

#include "shufc/isa/registry.h"
#include "shufc/sim.h"

namespace shufc {
namespace {

const Table& neon_table(TableSet set, const CpuModel* cpu = nullptr) {
  static std::map<std::pair<int, const CpuModel*>, Table> cache;
  auto key = std::pair{int(set), cpu};
  auto it = cache.find(key);
  if (it == cache.end()) {
    auto t = build_table({*isa::find_target("neon"), 32, set, cpu});
    EXPECT_TRUE(t) << (t ? "" : t.error().str());
    it = cache.emplace(key, std::move(*t)).first;
  }
  return it->second;
}

const TableEntry& entry(const Table& t, TableMask m) { return t.entries[table_index(m)]; }

// Runs the Program on random bytes and compares every defined lane with the mask.
void expect_computes(const TableEntry& e, unsigned elem_bits, std::mt19937& rng) {
  std::vector<std::vector<uint8_t>> in;
  for (const auto& i : e.program.inputs) {
    std::vector<uint8_t> v(i.bits / 8);
    for (auto& b : v) b = uint8_t(rng());
    in.push_back(v);
  }
  const auto out = simulate_values(e.program, in);
  ASSERT_EQ(out.size(), 1u);
  const unsigned eb = elem_bits / 8;
  for (unsigned i = 0; i < kTableLanes; ++i) {
    const int m = e.mask[i];
    if (m == kTableUndef) continue;
    for (unsigned k = 0; k < eb; ++k)
      ASSERT_EQ(out[0][i * eb + k], in[unsigned(m) / 4][unsigned(m) % 4 * eb + k]) << mask_text(e.mask) << " lane " << i;
  }
}

TEST(TableMask, IndexIsLlvmOrder) {
  EXPECT_EQ(table_index({0, 1, 2, 3}), 102u);
  EXPECT_EQ(table_index({8, 8, 8, 8}), 6560u);
  EXPECT_EQ(mask_text(table_mask(6560)), "u,u,u,u");
  EXPECT_EQ(mask_text(table_mask(table_index({0, 4, 1, 8}))), "0,4,1,u");
  for (unsigned i = 0; i < kTableMasks; ++i) ASSERT_EQ(table_index(table_mask(i)), i);
}

TEST(TableNeon, EveryMaskHasAVerifiedProgram) {
  std::mt19937 rng(7);
  for (TableSet set : {TableSet::full, TableSet::perfect_shuffle, TableSet::perfect_shuffle_ins}) {
    const Table& t = neon_table(set);
    ASSERT_EQ(t.entries.size(), kTableMasks);
    for (unsigned m = 0; m < kTableMasks; ++m) {
      const TableEntry& e = t.entries[m];
      ASSERT_EQ(table_index(e.mask), m);
      ASSERT_EQ(e.instructions, e.program.steps.size());
      expect_computes(e, 32, rng);
      // And on labels, lane by lane, as build_table checked it.
      const auto labels = simulate_labels(e.program);
      ASSERT_TRUE(labels && labels->size() == 1);
      for (unsigned i = 0; i < kTableLanes; ++i) {
        if (e.mask[i] == kTableUndef) continue;
        for (unsigned k = 0; k < 4; ++k) {
          const ByteLabel want{int16_t(e.mask[i] / 4), uint16_t(e.mask[i] % 4 * 4 + k)};
          ASSERT_EQ((*labels)[0][i * 4 + k], want) << mask_text(e.mask);
        }
      }
    }
  }
}

TEST(TableNeon, KnownOptima) {
  const Table& full = neon_table(TableSet::full);
  const Table& ps = neon_table(TableSet::perfect_shuffle);
  for (const Table* t : {&full, &ps}) {
    EXPECT_EQ(entry(*t, {0, 1, 2, 3}).instructions, 0u);  // a itself
    EXPECT_EQ(entry(*t, {4, 5, 6, 7}).instructions, 0u);  // b itself
    EXPECT_EQ(entry(*t, {8, 8, 8, 8}).cost, 0);
    EXPECT_EQ(entry(*t, {0, 8, 2, 8}).cost, 0);
    const TableEntry& zip = entry(*t, {0, 4, 1, 5});
    EXPECT_EQ(zip.cost, 1);
    ASSERT_EQ(zip.program.steps.size(), 1u);
    EXPECT_STREQ(zip.program.steps[0].instr->id, "zip1.4s");
    EXPECT_EQ(entry(*t, {0, 2, 4, 6}).cost, 1);  // uzp1
    EXPECT_EQ(entry(*t, {1, 1, 1, 1}).cost, 1);  // dup
    EXPECT_EQ(entry(*t, {2, 3, 4, 5}).cost, 1);  // ext #8
    EXPECT_EQ(entry(*t, {5, 4, 7, 6}).cost, 1);  // rev64 of b
  }
  // A reverse is rev64 and ext #8 with LLVM's operators; tbl with its control load in full.
  EXPECT_EQ(entry(ps, {3, 2, 1, 0}).cost, 2);
  EXPECT_EQ(entry(full, {3, 2, 1, 0}).cost, 2);
  // One lane from b: ins in full, at least two of LLVM's operators.
  EXPECT_EQ(entry(full, {0, 1, 6, 3}).cost, 1);
  EXPECT_GE(entry(ps, {0, 1, 6, 3}).cost, 2);
}

TEST(TableNeon, SetsAreOrderedAndProvenOptimal) {
  const Table& full = neon_table(TableSet::full);
  const Table& psi = neon_table(TableSet::perfect_shuffle_ins);
  const Table& ps = neon_table(TableSet::perfect_shuffle);
  unsigned cheaper = 0;
  for (unsigned m = 0; m < kTableMasks; ++m) {
    // full has every instruction of perfect-shuffle-ins, which has every one of perfect-shuffle.
    ASSERT_LE(full.entries[m].cost, psi.entries[m].cost + 1e-9) << mask_text(full.entries[m].mask);
    ASSERT_LE(psi.entries[m].cost, ps.entries[m].cost + 1e-9) << mask_text(full.entries[m].mask);
    cheaper += full.entries[m].cost < ps.entries[m].cost - 1e-9;
    for (const Table* t : {&full, &psi, &ps}) ASSERT_TRUE(t->entries[m].optimal) << mask_text(t->entries[m].mask);
  }
  EXPECT_GT(cheaper, 0u);
  // The header of LLVM's AArch64PerfectShuffle.h (its generator with the ins additions) counts
  // 31 entries of cost 0, 756 of 1, 3690 of 2 and 2084 of 3.
  unsigned count[4] = {0, 0, 0, 0};
  for (const TableEntry& e : psi.entries) {
    ASSERT_LT(e.cost, 4) << mask_text(e.mask);
    ++count[unsigned(e.cost)];
  }
  EXPECT_EQ(count[0], 31u);
  EXPECT_EQ(count[1], 756u);
  EXPECT_EQ(count[2], 3690u);
  EXPECT_EQ(count[3], 2084u);
}

TEST(TableNeon, CpuCostsAreInstructionCosts) {
  const CpuModel* n1 = find_cpu("neoverse-n1");
  const Table& t = neon_table(TableSet::full, n1);
  for (const TableEntry& e : t.entries) {
    double sum = 0;
    for (const Program::Step& st : e.program.steps) {
      sum += instr_cost(*n1, st.instr->id)->rthroughput;
      if (st.instr->programmable()) sum += instr_cost(*n1, "load.128")->rthroughput;
    }
    ASSERT_NEAR(e.cost, sum, 1e-9) << mask_text(e.mask);
    const ProgramCost pc = program_cost(e.program, *n1);
    ASSERT_TRUE(pc.complete);
    ASSERT_GE(pc.rthroughput, e.cost - 1e-9) << mask_text(e.mask);
  }
}

// Every Program of at most three of LLVM's operators (values reused or not), enumerated from the
// records: each instance's lane map comes from the simulator, the enumeration composes them. The
// table's cost must be the fewest instructions that make a mask, or 4 (its largest) when three
// do not.
TEST(TableNeon, PerfectShuffleAgreesWithBruteForce) {
  struct Instance {
    std::array<int, 4> src;  // output lane <- argument lane (0..3 first argument, 4..7 second)
    bool binary;
  };
  std::vector<Instance> ops;
  auto add = [&](const char* id, uint64_t imm) {
    const isa::Instruction* in = isa::find_instruction(id);
    ASSERT_NE(in, nullptr) << id;
    Program p;
    p.arch = isa::Arch::aarch64;
    p.inputs = {{"a", 128}, {"b", 128}};
    p.steps = {{"r", in, {0}, imm, {}}};
    if (in->num_inputs == 2) p.steps[0].args.push_back(1);
    p.outputs = {2};
    const auto labels = simulate_labels(p);
    ASSERT_TRUE(labels);
    Instance op{{}, in->num_inputs == 2};
    for (unsigned i = 0; i < 4; ++i) op.src[i] = (*labels)[0][i * 4].input * 4 + (*labels)[0][i * 4].byte / 4;
    ops.push_back(op);
  };
  for (const char* id : {"rev64.4s", "uzp1.4s", "uzp2.4s", "zip1.4s", "zip2.4s", "trn1.4s", "trn2.4s"}) add(id, 0);
  for (uint64_t l = 0; l < 4; ++l) add("dup.4s", l);
  for (uint64_t imm : {4, 8, 12}) add("ext.16b", imm);
  using State = std::array<int, 4>;
  auto apply = [](const Instance& op, const State& x, const State& y) {
    State r{};
    for (unsigned i = 0; i < 4; ++i) r[i] = op.src[i] < 4 ? x[unsigned(op.src[i])] : y[unsigned(op.src[i] - 4)];
    return r;
  };
  std::map<State, unsigned> fewest = {{{0, 1, 2, 3}, 0}, {{4, 5, 6, 7}, 0}};
  auto reach = [&](const State& s, unsigned n) {
    auto [it, fresh] = fewest.emplace(s, n);
    if (!fresh) it->second = std::min(it->second, n);
  };
  // One more instruction on any of the values so far.
  std::function<void(std::vector<State>&)> extend = [&](std::vector<State>& values) {
    const unsigned made = unsigned(values.size()) - 2;
    if (made == 3) return;
    for (const Instance& op : ops)
      for (size_t x = 0; x < values.size(); ++x)
        for (size_t y = 0; y < (op.binary ? values.size() : 1); ++y) {
          values.push_back(apply(op, values[x], values[op.binary ? y : x]));
          reach(values.back(), made + 1);
          extend(values);
          values.pop_back();
        }
  };
  std::vector<State> values = {{0, 1, 2, 3}, {4, 5, 6, 7}};
  extend(values);
  const Table& ps = neon_table(TableSet::perfect_shuffle);
  for (const TableEntry& e : ps.entries) {
    unsigned best = 4;
    for (const auto& [state, n] : fewest) {
      bool fits = true;
      for (unsigned i = 0; i < kTableLanes; ++i) fits &= e.mask[i] == kTableUndef || e.mask[i] == state[i];
      if (fits) best = std::min(best, n);
    }
    ASSERT_EQ(e.cost, double(best)) << mask_text(e.mask);
  }
}

TEST(TableNeon, SixteenBitLanesUseDRegisters) {
  auto t = build_table({*isa::find_target("neon"), 16, TableSet::perfect_shuffle, nullptr});
  ASSERT_TRUE(t) << t.error().str();
  const TableEntry& e = entry(*t, {1, 0, 3, 2});
  ASSERT_EQ(e.program.steps.size(), 1u);
  EXPECT_STREQ(e.program.steps[0].instr->id, "rev32.4h");
  std::mt19937 rng(11);
  for (const TableEntry& x : t->entries) expect_computes(x, 16, rng);
}

TEST(TableX86, Sse41FromRecords) {
  auto t = build_table({*isa::find_target("sse4.1"), 32, TableSet::full, nullptr});
  ASSERT_TRUE(t) << t.error().str();
  EXPECT_EQ(entry(*t, {0, 4, 1, 5}).cost, 1);  // unpcklps / punpckldq
  EXPECT_EQ(entry(*t, {3, 2, 1, 0}).cost, 1);  // pshufd
  EXPECT_EQ(entry(*t, {0, 5, 2, 7}).cost, 1);  // a blend
  std::mt19937 rng(5);
  for (const TableEntry& e : t->entries) expect_computes(e, 32, rng);
}

TEST(TableErrors, OutsideTheModel) {
  const isa::Target neon = *isa::find_target("neon"), sse = *isa::find_target("sse4.1");
  EXPECT_FALSE(build_table({sse, 32, TableSet::perfect_shuffle, nullptr}));  // LLVM's NEON operators
  EXPECT_FALSE(build_table({neon, 8, TableSet::full, nullptr}));             // no 32-bit register
  EXPECT_FALSE(build_table({neon, 64, TableSet::full, nullptr}));            // no 256-bit register
  EXPECT_FALSE(build_table({neon, 32, TableSet::full, find_cpu("skylake")})); // an x86 CPU
  EXPECT_FALSE(build_table({sse, 12, TableSet::full, nullptr}));             // not whole bytes
}

}  // namespace
}  // namespace shufc
