// Shuffle synthesis: the cheapest Program of up to three levels of instructions, found backwards
// from the goal, with programmable instructions solved for their control.
//
// Register contents are byte labels (input k, byte j) or zero, so every data-movement record is
// usable at any element width (SPIRAL's polymorphic instructions) through index_map_at(.., 8).
// Depth 1 applies every instance to the inputs. Depths 2 and 3 go backwards: for a last
// instruction the goal fixes what its arguments must hold (a requirement with free bytes), and
// the cheapest reached content holding it is looked up through an index by byte; at depth 3 one
// argument is itself made by a middle instruction from looked-up contents, shared contents paid
// once. Ors of goal parts, programmable instructions (pshufb, vperm*, tbl, variable blends) solved
// for their control, and a programmable instruction feeding another complete it. What each
// complete level proves is in lower_bound.h; docs/synth.md describes the whole.
#include "shufc/synth.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cctype>
#include <chrono>
#include <deque>
#include <ctime>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <unordered_map>
#include <utility>

#include <fmt/format.h>

#include "shufc/isa/registry.h"
#include "shufc/emit.h"
#include "shufc/sim.h"
#include "byte_index.h"
#include "byte_key_map.h"
#include "goal.h"
#include "last_resorts.h"
#include "lower_bound.h"
#include "one_crossing.h"
#include "operand_goal.h"
#include "counted_programs.h"
#include "ports_proof.h"
#include "program_build.h"
#include "register_split.h"
#include "stages.h"

namespace shufc {

namespace synth {
namespace {

constexpr Label kZeroLabel = 0xFFFF;  // a zero byte
constexpr Label kMixed = 0xFFFE;      // two non-zero bytes or-ed together: no input's byte
constexpr Label kSignLabel = 0x8000;  // with an input byte's label: that byte's sign fill (0x00 / 0xff)
constexpr int kSignSrc = 0x4000;      // in Instance::src: the sign fill of that argument byte
constexpr int kSrcMask = 0x3FFF;
constexpr double kLoadTieBreak = 1e-7;  // relative: far below the tables' six digits
// The contents an or after blend_then_lookup's lookup is tried with, the cheapest first.
constexpr size_t kOrFinishers = 16;
// three_steps_exact's cap on (last, middle) instances tried: past it the copies keep their cap.
constexpr uint64_t kThreeStepNodes = 200000;
// Its cap where the one-crossing argument, made as if the copy-free floor were lifted, proves the
// answer (run(): where copies block a proof): then the Programs priced whole are what the proof
// waits on.
constexpr uint64_t kThreeStepNodesToProve = 5000000;
constexpr int kNoArg = -1000;  // (three_steps_exact: a step's missing second argument)
// A one-input goal's level-3 share past 128 bits: the level is not small there (a vpshufb, a lane
// permute, a vpshufb and a vpor answer most one-input v16i16 and v32i8 shuffles; 200,000 nodes
// took 70-100 ms each and found nothing cheaper on 150 random ones; 20,000 take 15-25 ms).
constexpr uint64_t kWideOneInputNodes = 20000;

bool is_sign(Label l) { return (l & kSignLabel) && l < kMixed; }
// The sign fill of a byte: zero for zero, itself for a sign fill (kMixed: unknown, stays so).
Label sign_fill(Label l) { return l >= kMixed ? l : Label(l | kSignLabel); }

// A programmable instruction costing c under the objective, with its control load of reciprocal
// throughput l. Latency: the load is off the path (it can be hoisted). Throughput: the load issues
// on the load ports, the instruction on its shuffle or logic ports, so a stream of such pairs is
// bound by the slower of the two, not their sum (llvm-mca's Block RThroughput counts each port
// group apart: vpblendd + vpshufb with its load is 0.5 cycles on Ice Lake, not 1.33), unless the
// caller sums (SynthOptions::loads_beside). Count: one more instruction.
double with_load(double c, double l, const SynthOptions& o) {
  switch (o.objective) {
    case Objective::throughput:
    case Objective::ports: return o.loads_beside ? std::max(c, l) : c + l;
    case Objective::latency: return c;
    case Objective::count: return c + 1;
  }
  return kInf;
}

double thread_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

// An instruction's (or a load's, a copy's) cost table entry as the ports count it.
std::optional<PortUse> port_use(const CpuModel& cpu, std::string_view id) {
  const auto c = instr_cost(cpu, id);
  if (!c || c->ports.empty()) return std::nullopt;
  return PortUse{std::string(c->ports), c->rthroughput, c->uops};
}

// One instruction instance as a byte map: out byte j <- (arg, byte) or zero.
struct Instance {
  const isa::Instruction* in;
  uint64_t imm;
  unsigned arity;
  std::vector<int16_t> src;  // arg * 256 + byte (| kSignSrc: its sign fill), or -1 for zero
  double cost;
  unsigned cls = 0;  // synth::Class bits
  // Argument bytes that must be zero for `src` to hold (arg * 256 + byte): an unsigned saturating
  // pack (packuswb) moves the low bytes of elements whose high bytes are zero.
  std::vector<int16_t> need_zero = {};
  // (x, y): argument byte x must be the sign fill of argument byte y, the top byte an element
  // keeps (a signed saturating pack, packssdw, moves the low bytes of sign-extended elements).
  std::vector<std::pair<int16_t, int16_t>> need_sign = {};
  unsigned kept = 0;  // with need_sign: the bytes a narrowed element keeps
  // Every instruction of the catalog with this byte map (the one kept is the cheapest): a Program
  // may take any of them, on its own ports (counted_programs.h).
  std::vector<const isa::Instruction*> same = {};
};

// A register's byte labels, kept inline (a zmm has 64): a search makes and copies thousands of
// contents, and a heap block each was a fifth of its time in malloc and free.
class Bytes {
 public:
  explicit Bytes(size_t n = 0) : n_(uint8_t(n)) { l_.fill(0); }
  size_t size() const { return n_; }
  Label& operator[](size_t j) { return l_[j]; }
  Label operator[](size_t j) const { return l_[j]; }
  const Label* data() const { return l_.data(); }
  const Label* begin() const { return l_.data(); }
  const Label* end() const { return l_.data() + n_; }

 private:
  std::array<Label, 64> l_;
  uint8_t n_;
};

struct Value {
  Bytes bytes;
  double cost;
  int inst = -1;      // instance that made it (-1: an input)
  int a = -1, b = -1; // argument values
  unsigned instrs = 0;
  const isa::Instruction* prog = nullptr;  // or a programmable instruction with this control
  std::vector<int> control;
};

// Depth 1 without a goal: the inputs, a zero register (when the target has one), and every
// instance applied to them, each content once at its cheapest. The same for every goal of a
// catalog and number of inputs, and about a third of a search's time: built once, then each
// search copies the contents its goal can use.
struct Reached {
  std::vector<Value> values;  // the leaves first: inputs, then the zero register
  int leaves = 0;
  synth::ByteKeyMap index;    // the values by their bytes
  synth::ByteIndex by_byte;   // and by (position, label)
  // Every instance on the leaves that makes each content (by id), not only the cheapest: their
  // copies differ (Search::two_steps_exact).
  struct Derivation {
    int inst, a, b;
  };
  std::vector<std::vector<Derivation>> derivations;
  std::vector<uint64_t> summaries;  // each content's label summary (Search::label_summary)
};

// The instances of a target at one width, under one cost table and objective.
struct Catalog {
  std::vector<Instance> instances, ors;  // ors: por / vpor / orr, for the or steps
  std::vector<const isa::Instruction*> programmable;
  std::unordered_map<const isa::Instruction*, double> programmable_cost;  // itself + its control load
  // Those that read their control from a fixed register (SSE4.1's pblendvb: xmm0), with it.
  std::unordered_map<const isa::Instruction*, int> fixed_register;
  double min_fixed = kInf;  // the cheapest of them
  double min_cost = kInf, min_programmable = kInf;
  double min_reading = kInf;  // the cheapest instruction that reads a register (not the zero idiom)
  std::vector<int> order;  // instances, cheapest first
  // Some instruction overwrites an input (SSE's two-operand forms): the emitted code may then need
  // register copies, which Search::offer counts.
  bool destructive = false;
  // Per port group, what the instructions on it do, every one before deduplication by byte map
  // (for the ports proof's counts: most_counts).
  std::map<std::string, synth::GroupUse> groups;
  // Depth 1 for one and for two inputs (Search::depth1), each built on first use.
  mutable std::mutex reached_mutex;
  mutable std::array<std::shared_ptr<const Reached>, 3> reached;
  // What the bound makes of the catalog for a goal's classes (with the zero register a leaf or
  // not): the same for every goal of those classes, and a tenth of a 128-bit search to compute.
  struct Bounds {
    synth::BoundInputs inputs;
    std::array<double, synth::kClasses> cover;
    std::array<double, 5> level;  // lower_bound(inputs, levels) for 0..4 levels
    double port;                  // dearest_needed(inputs)
  };
  mutable std::mutex bounds_mutex;
  mutable std::array<std::shared_ptr<const Bounds>, 2 * synth::kClasses> bounds;
  // The instructions as the one-crossing argument sees them, built on first use.
  mutable std::mutex crossing_mutex;
  mutable std::shared_ptr<const std::vector<synth::CrossingStep>> crossing;
  // What Search::blend_then_lookup draws on, built on first use: the lookups of the whole
  // register, the blends that keep every byte at its place (the cheapest per choice of bytes from
  // argument 1), the widths they choose by with the cheapest blend of each, and the variable
  // blend of bytes with what it costs (its copy out of a fixed control register included).
  struct BlendParts {
    std::vector<const isa::Instruction*> lookups;
    double lookup = kInf;  // the cheapest of them
    std::unordered_map<uint32_t, int> blend_of;
    std::vector<std::pair<unsigned, double>> widths;
    double fixed = kInf;  // the cheapest of those blends
    const isa::Instruction* vblend = nullptr;
    double variable = kInf;
  };
  mutable std::mutex blend_mutex;
  mutable std::shared_ptr<const BlendParts> blend_parts;
};

struct Solution {
  double cost = kInf;
  int value = -1;                          // a value equal to the goal, or
  const isa::Instruction* prog = nullptr;  // a programmable last step on (pa, pb)
  int pa = -1, pb = -1;
  std::vector<int> control;
  unsigned instrs = 0;
  int inst = -1;  // or an instance last on (pa, pb)
};

class Search {
 public:
  // The copies out of a fixed control register: not priced; not priced, and where they block the
  // proof the search stops before level 3 for a priced one (vacates_block); priced (vacate_price).
  enum class Vacates { unpriced, hand_over, priced };
  Search(std::vector<int> goal, unsigned width, const SynthOptions& o, std::vector<std::string> input_names,
         Vacates vacates = Vacates::unpriced)
      : goal_(std::move(goal)), width_(width), bytes_(width / 8), o_(o), k_(unsigned(input_names.size())),
        names_(std::move(input_names)), vacates_(vacates) {
    // (Within the tables' six digits and the tie-break's share: an answer at the cap is kept.)
    if (o_.cost_cap < kInf) best_.cost = cap_ = o_.cost_cap * (1 + kLoadTieBreak) + 1e-5;
    for (int g : goal_)
      if (g >= 0) {
        if (!useful_[size_t(g)]) goal_labels_.push_back(Label(g));
        useful_[size_t(g)] = true;
        useful_[sign_fill(Label(g))] = true;  // a packss can make g from a sign-extended element
      } else if (g == kZeroByte) {
        needs_zero_ = true;
      }
  }

  SynthResult run(Program& program) {
    // The budget and the times cover the search: the instance catalog is built once per process
    // and target (catalog_ms), not per search.
    const auto t_catalog = std::chrono::steady_clock::now();
    build_instances();
    // The ports proof's search, where a Program below the block throughput loads one constant at
    // most: the shapes built beside the levels that mostly take two programmable instructions (a
    // lookup chain, a variable blend beside a lookup, the or of looked-up or masked parts) are
    // not built. Such an answer within the cap is no Program below the block, yet would stop the
    // search before the argument, which counts the constants (MostCounts); no level's
    // completeness rests on these shapes (a Program of theirs with one constant is the levels' and
    // the argument's to find or rule out).
    if (o_.rthroughput_below < kInf) most_ = synth::most_counts(cat_->groups, o_.rthroughput_below, o_.cpu ? o_.cpu->dispatch_width : 0);
    one_control_ = most_.controls <= 1;
    price_vacates();
    const std::shared_ptr<const Reached> reached = reached_ = depth1();
    stays_memo_.assign(reached->derivations.size() * k_, -1);
    start_ = std::chrono::steady_clock::now();
    const double catalog_ms = std::chrono::duration<double, std::milli>(start_ - t_catalog).count();
    end_ = start_ + std::chrono::milliseconds(o_.budget_ms);
    if (o_.deadline != std::chrono::steady_clock::time_point::max()) end_ = std::min(end_, o_.deadline + (start_ - t_catalog));
    const double cpu_start = thread_cpu_ms();
    // Depths 0 and 1: the leaves (the inputs and a zero register), then the contents reached
    // from them that hold a byte the goal wants (Reached; made by instances of the leaves, so
    // their arguments keep their ids); programmable instructions solved on the leaves.
    n0_ = int(k_);
    std::vector<int> leaves;
    for (int x = 0; x < reached->leaves; ++x) leaves.push_back(x);
    zero_leaf_ = reached->leaves > n0_;
    leaves_ = reached->leaves;
    // Depth 1 whole, with its indexes (copies of flat arrays: filtering it by the goal's bytes and
    // indexing what is left took a fifth of a 128-bit search).
    values_ = reached->values;
    label_summary_ = reached->summaries;
    index_ = reached->index;
    by_byte_ = reached->by_byte;
    indexed_ = true;
    // Contents without a byte the goal can use stay out of the search (hidden), as if not made.
    hidden_.assign(values_.size(), 0);
    for (size_t id = 0; id < values_.size(); ++id) {
      const Value& v = values_[id];
      if (matches(v.bytes)) {
        if (v.cost < best_.cost) offer(Solution{v.cost, int(id), nullptr, -1, -1, {}, v.instrs});
      } else if (int(id) >= leaves_ && !relevant(v.bytes)) {
        hidden_[id] = 1;
      }
    }
    for (const isa::Instruction* p : cat_->programmable)
      for (int x : leaves) {
        if (p->num_inputs == 1) solve(p, x, -1);
        else
          for (int y : leaves) solve(p, x, y);
      }
    unsigned levels = 1;
    const int n1 = int(values_.size());
    bounds_ = catalog_bounds();
    price_two_vacates();
    // Each level proves more (lower_bound.h) only when it ran to its end; past them, the
    // one-crossing argument (crossing_rules_out_best) proves up to crossing_bound.
    double crossing_bound = 0;
    const bool level2 = depth2(n1);
    // The or of parts is cheap and unbudgeted: an answer even when the budget ran out; so is the
    // programmable chain when nothing else answered (vpermt2b, then vpshufb to zero).
    split_or(n1);
    if (!level2 && !answered()) {
      unbudgeted_ = true;
      programmable_chain();
      unbudgeted_ = false;
    }
    // The last resort, also unbudgeted: masked depth-1 contents or-ed together (SSE2's byte
    // shuffles: byte shifts and unpacks, each masked with pand). Before level 3, which would run
    // to its end with nothing to prune against; level 3 then looks for cheaper within its share.
    if (!answered()) {
      unbudgeted_ = true;
      masked_or();
      unbudgeted_ = false;
      last_resort_ = true;
    }
    if (level2) {
      levels = 2;
      // Three instructions cost at least this: below the best, level 3 is worth its time.
      const bool deeper = bounds_->level[2] < best_.cost - 1e-5;
      if (!deeper) levels = 3;
      else if (programmable_chain() && or_last()) {
        // A blend with one lookup after (cheap); then, where the one-crossing argument already
        // proves the best answer after two levels (two pshufb and an or), level 3 can find
        // nothing cheaper: its share is not spent (it was half of such a search).
        blend_then_lookup(n1);
        two_blends_then_lookup();
        // Where the copy out of pblendvb's xmm0 already blocks the proof, the levels are searched
        // again with it priced (synth_goal): not twice.
        if (vacates_ == Vacates::hand_over && vacates_block()) handed_over_ = true;
        else if (crossing_rules_out_best(2)) crossing_bound = best_.cost;
        else {
          // Where the best answer pays copies that another derivation of a two-instruction
          // Program may not (level 2 keeps one per content: palignr + shufps with a copy, 2.33,
          // where the other order needs none, 2.0), every such Program by derivation first, where
          // the bound of the levels after could then prove it: level 3 runs to its end only for
          // an answer they can prove.
          if (priced_floor() < best_.cost - 1e-5 && bounds_->level[level4_applies() ? 4 : 3] >= priced_floor() - 1e-5) exact_pairs(n1);
          // Where only the last resort answered (SSE2's byte goals), the narrowing packs two deep
          // first, on their own nodes: level 3 may spend the budget with nothing to prune
          // against (SSE2's stride-4 byte extract: two masks and two packs, 3.0 summed, where the
          // masked parts or-ed took 22.7).
          // (Its nodes apart from level 3's: a split register's part spent them there, and its
          // level 3 then found dearer answers.)
          if (last_resort_ && !o_.in_stage && !out_of_budget_) {
            const uint64_t before = nodes_;
            both_deep();
            side_nodes_ += nodes_ - before, nodes_ = before;
          }
          if (depth3()) levels = 3;
        }
      }
      // Level 4 where it can prove the best answer (otherwise its bound is no use, and levels 2
      // and 3 tried its cheapest shapes with helpers): not where an answer offered costs less
      // without its copies (a shift of a and a blend with a: 0.83, 1.17 with the copy of a),
      // which no complete level proves (lower_bound below). That was a quarter of SSE4.1's
      // slowest searches, and found no cheaper answer on 1,200 random masks. (The copy out of
      // pblendvb's xmm0 is priced by a second search: vacates_block.)
      if (levels == 3 && priced_floor() >= best_.cost - 1e-5 && level4_applies() && bounds_->level[3] < best_.cost - 1e-5 &&
          bounds_->level[4] >= best_.cost - 1e-5 && level4(n1))
        levels = 4;
      if (bounds_->level[levels] < best_.cost - 1e-5 && crossing_bound == 0 && !out_of_budget_ && !handed_over_) both_deep();
    }
    if (crossing_bound == 0 && !handed_over_ && crossing_rules_out_best(levels)) crossing_bound = best_.cost;
    // A goal whose every byte stays in its 8-byte half is proven past the levels only with level
    // 3 complete (Programs of lights alone: one_crossing.h). Where level 3 stopped at its share
    // and the argument would prove the answer were it complete, level 3 runs to its end (SSSE3's
    // b2 a2 b0 a0 a6 b4 a4 b7: two pshufb and a por, 2.33, proven; 10-40 ms, and rare).
    // Likewise where copies block the proof: an answer offered costs less without the copies its
    // emitted code needs than the best with them (SSE4.1's blendps, pshufb and pblendvb: 2.0
    // without the copy out of xmm0, 2.33 with it, beside blendps, pshufb, pand and por at 2.17),
    // and the argument, made as if that floor were lifted, proves the answer: level 3 runs to its
    // end and every Program of three instructions is priced with its copies (three_steps_exact,
    // allowed more nodes), which lifts the floor (90-140 ms for the eight such masks of 4,800).
    if (crossing_bound == 0 && levels == 2 && abandoned_ && !stays_in_halves() && vacates_ != Vacates::unpriced &&
        priced_floor() < best_.cost - 1e-5 && would_prove_after_three()) {
      if (third_to_end()) {
        levels = 3;
        three_step_cap_ = kThreeStepNodesToProve;
      }
    }
    // (Not for a two-stage shape's sub-goal, whose proof matters little: vacates_ unpriced.)
    if (crossing_bound == 0 && levels == 2 && abandoned_ && stays_in_halves() && vacates_ != Vacates::unpriced) {
      // (The copy-free order of a two-instruction answer first: the argument is made against it.)
      if (priced_floor() < best_.cost - 1e-5) exact_pairs(n1);
      if (would_prove_after_three() && third_to_end()) {
        levels = 3;
        if (rules_out_after_three()) crossing_bound = best_.cost;
      }
    }
    // Where copies block the proof, the Programs of two instructions each, by derivation: one
    // may need fewer copies than the answer (`shufps b, a` where `movss a, b` needs a copy of a).
    // Where level 2's bound then reaches the answer, it is proven.
    if (levels >= 2 && priced_floor() < best_.cost - 1e-5 && exact_pairs(n1)) {
      // After three levels, the Programs of three instructions too: copies then cap nothing level
      // 3 covers, and the one-crossing argument (not made under that cap) is made. Not for a
      // two-stage shape's sub-goal (unpriced: synth_goal without stages), whose proof matters little,
      // nor where the answer is more than twice level 3's bound (SSE2's or-ed parts: the Programs
      // below it are too many, and the bound would not reach it).
      if (!two_exact_ && levels == 3 && vacates_ != Vacates::unpriced && best_.cost <= 2 * bounds_->level[3] &&
          priced_floor() < best_.cost - 1e-5 && !out_of_budget_ && three_steps_exact(n1)) {
        three_exact_ = true;
        crossing_.reset();
        if (crossing_bound == 0 && rules_out_after_three()) crossing_bound = best_.cost;
      }
    }
    const bool exhausted = out_of_budget_;
    SynthResult r;
    r.nodes = nodes_;
    r.values = values_.size() - size_t(std::count(hidden_.begin(), hidden_.end(), 1));
    r.budget_exhausted = exhausted;
    // The bound is of Programs without copies, and an answer's content may have another
    // derivation that needs none (content dedup keeps one: palignr + blendps with a copy where
    // blendps + shufps needs none): an answer with copies is proven only when no answer offered
    // cost less without them. (Each is emitted in the order of the fewest copies its blends and
    // ors allow: commute_for_copies.)
    r.lower_bound = std::min({best_.cost, std::max(bounds_->level[levels], crossing_bound), priced_floor()});
    r.port_bound = bounds_->port / (1 + kLoadTieBreak);
    if (answered()) {
      r.cost = best_.cost;
      // The cost tables give six digits (0.333333): three of them are one cycle.
      r.optimal = r.lower_bound >= best_.cost - 1e-5;
      // Without the tie-break's share (costs are at most 1 + kLoadTieBreak times the tables').
      if (o_.objective == Objective::throughput || o_.objective == Objective::ports)
        r.cost /= 1 + kLoadTieBreak, r.lower_bound /= 1 + kLoadTieBreak;
      program = reconstruct();
    } else {
      r.cost = kInf;
    }
    r.levels = levels;
    r.past_levels = r.optimal && crossing_bound > bounds_->level[levels];
    r.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start_).count();
    r.cpu_ms = thread_cpu_ms() - cpu_start;
    r.catalog_ms = catalog_ms;
    return r;
  }

  // Past the levels, where a 128-bit goal moves bytes between halves: no Program cheaper than
  // the best answer that they left (levels complete) has one crossing instruction
  // (one_crossing.h). Level 4's pairs (a variable blend next to a lookup) run first unless level
  // 4 ran: they are cheap, and leave programmable_pair_rest to rule out. Made once per level
  // count (after two levels, and again after more).
  bool crossing_rules_out_best(unsigned levels) {
    if (levels < 2 || out_of_budget_ || !additive() || !aiming() || bounds_->level[levels] >= best_.cost - 1e-5 || bytes_ != 16 ||
        (crossing_ && crossing_->levels == levels && crossing_->at == best_.cost))
      return false;
    const bool pairs = pairs_ran(levels);
    if (out_of_budget_) return false;
    crossing_ = Crossing{levels, pairs, best_.cost};
    // (Not while an answer offered costs less without its copies: lower_bound in run().)
    return aiming() && bounds_->level[levels] < best_.cost - 1e-5 && priced_floor() >= best_.cost - 1e-5 &&
           synth::one_crossing_rules_out(crossing_proof(pairs, levels), best_.cost, levels);
  }
  // The complete levels the one-crossing argument was last made with (proven_past_levels may
  // have run level 3 to its end after run() reported two).
  unsigned argued_levels() const { return crossing_ ? crossing_->levels : 0; }
  // Whether the best answer's block throughput is below SynthOptions::rthroughput_below. (Past
  // the first that is not, half the nodes left are left to look on: no proof is to be had.
  // Nodes, not time, so that what it finds does not depend on the machine's load.)
  bool lighter_answer() {
    if (best_.cost != weighed_) {
      if (weighed_ == kInf) node_cap_ = std::min(node_cap_, nodes_ + (std::min(node_cap_, o_.node_budget) - std::min(node_cap_, nodes_)) / 2);
      weighed_ = best_.cost;
      lighter_ = program_cost(reconstruct(), *o_.cpu).block_rthroughput < o_.rthroughput_below - 1e-5;
    }
    return lighter_;
  }
  // Nothing as cheap as the cap, whose bound is asked for (SynthOptions::bound_at_cap): the
  // argument is made at the cap.
  bool capped_bound() const { return o_.bound_at_cap && cap_ < kInf && !answered(); }
  // A cost to look below: the best answer's, or the cap whose bound is asked for.
  bool aiming() const { return answered() || capped_bound(); }

  // Every goal byte in its 8-byte half (a 128-bit goal): no Program needs a crossing instruction.
  bool stays_in_halves() const {
    if (bytes_ != 16) return false;
    for (unsigned j = 0; j < bytes_; ++j)
      if (goal_[j] >= 0 && unsigned(goal_[j] % 256) / 8 != j / 8) return false;
    return true;
  }
  // Level 3 run to its end, whatever its bound (full_third_); false when the budget ran out.
  bool third_to_end() {
    full_third_ = true;
    const bool done = depth3();
    full_third_ = false;
    return done;
  }
  // Whether the one-crossing argument would prove the best answer were level 3 complete (nothing
  // recorded: crossing_rules_out_best does that once it is; where an answer offered costs less
  // without its copies, three_steps_exact prices them after level 3).
  bool would_prove_after_three() {
    if (out_of_budget_ || handed_over_ || !additive() || !answered()) return false;
    const bool pairs = pairs_ran(3);
    const bool would = !out_of_budget_ && synth::one_crossing_rules_out(crossing_proof(pairs, 3), best_.cost, 3);
    if (would) ahead_ = Crossing{3, pairs, best_.cost};
    return would;
  }
  // crossing_rules_out_best(3), without making again the argument would_prove_after_three made
  // against the same answer before level 3 ran to its end (the same proof: SSSE3's byte swaps in
  // words with bytes of b blended in took it twice, 250 ms each).
  bool rules_out_after_three() {
    if (ahead_ && ahead_->at == best_.cost && !out_of_budget_ && bounds_->level[3] < best_.cost - 1e-5 &&
        priced_floor() >= best_.cost - 1e-5) {
      crossing_ = *ahead_;
      return true;
    }
    return crossing_rules_out_best(3);
  }
  // The catalog's port groups (ports_proof.h).
  const std::map<std::string, synth::GroupUse>& port_groups() {
    build_instances();
    return cat_->groups;
  }
  // The catalog's instructions as the arguments see them (counted_programs.h).
  std::shared_ptr<const std::vector<synth::CrossingStep>> catalog_steps() {
    build_instances();
    return crossing_catalog();
  }
  // The one-crossing argument sums costs: under throughput and count only.
  bool additive() const { return o_.objective == Objective::throughput || o_.objective == Objective::count; }
  // Whether level 4's programmable pairs have run by `levels` complete levels (run now if not).
  bool pairs_ran(unsigned levels) {
    return level4_applies() && (levels >= 4 || (crossing_ && crossing_->pairs) || blend_pairs());
  }
  // After run(), for a cheaper answer a later stage found (its cost as SynthResult::cost gives
  // it): no Program the levels left is cheaper, by the one-crossing argument at that cost (run()
  // made it against the search's own best, which the stage undercut).
  // (As run()'s lower_bound: no answer the search offered may cost less without its copies.)
  // Where that argument had two levels and does not prove it, but would with three (a goal in
  // its halves: Programs of lights alone are argued only past level 3), level 3 runs to its end
  // (below the search's own best, dearer than the stage's answer) and the argument is made again:
  // AVX2's v8i16:0,1,1,3,12,5,6,7, vpsllq, vpblendd and vpblendvb at 1.5, found by a stage.
  bool proven_past_levels(double cost) {
    if (!crossing_) return false;
    const double c = cost * (1 + kLoadTieBreak);
    if (priced_floor() < c - 1e-5) return false;
    if (bounds_->level[crossing_->levels] < c - 1e-5 &&
        synth::one_crossing_rules_out(crossing_proof(crossing_->pairs, crossing_->levels), c, crossing_->levels))
      return true;
    if (crossing_->levels != 2 || handed_over_ || out_of_budget_ || vacates_ == Vacates::unpriced) return false;
    const bool pairs = pairs_ran(3);
    if (out_of_budget_ || !synth::one_crossing_rules_out(crossing_proof(pairs, 3), c, 3) || !third_to_end() ||
        best_.cost < c - 1e-5 || priced_floor() < c - 1e-5)
      return false;
    crossing_ = Crossing{3, pairs, c};
    return true;
  }

 private:
  // Where run() reached the one-crossing argument: the complete levels, and whether level 4's
  // programmable pairs ran (crossing_proof).
  struct Crossing {
    unsigned levels;
    bool pairs;
    double at;  // the cost it was made at (against the best answer then)
  };
  std::optional<Crossing> crossing_;
  // Budgets: wall clock and nodes (last instructions or (last, middle) pairs tried).
  bool out_of_budget() {
    if (unbudgeted_) return false;
    // A search asked for the bound at its cap stops at its first answer lighter on the ports than
    // the block it asks below (SynthOptions::rthroughput_below): it then has no bound to give.
    // Past an answer that is not, it looks on for a cheaper one, which may be (AVX-512: two
    // blends, a shift and vpshufb at 0.83, found first, then vprolq, vblendps, vpshufd at 0.5).
    if (o_.bound_at_cap && answered() && lighter_answer()) return out_of_budget_ = true;
    if (nodes_ >= std::min(o_.node_budget, node_cap_)) out_of_budget_ = true;
    else if (++clock_calls_ % 32 == 0 && std::chrono::steady_clock::now() > end_)
      out_of_budget_ = true;
    return out_of_budget_;
  }

  // A requirement and a tag as the key of a memo table, in a buffer reused between lookups (no
  // allocation for one that hits).
  const std::string& requirement_key(const std::vector<int>& q, char tag) {
    key_.resize(q.size() * 2 + 1);
    key_.back() = tag;
    for (size_t j = 0; j < q.size(); ++j) {
      const uint16_t c = uint16_t(q[j]);
      key_[2 * j] = char(c & 0xff), key_[2 * j + 1] = char(c >> 8);
    }
    return key_;
  }
  // The cheapest content of depth <= 1 (or a programmable instruction on the inputs) that holds
  // q, or -1; remembered per requirement.
  // Without `programmable`, only reached contents (a programmable helper could not pay off).
  // A programmable helper is only looked for when it can cost less than `room` (what the caller
  // can spend on this content and stay below the best answer).
  int satisfy(const std::vector<int>& q, bool programmable = true, double room = kInf) {
    programmable &= !cat_->programmable.empty() && cat_->min_programmable < room;
    const std::string& key = requirement_key(q, char(programmable));
    if (const int* hit = satisfied_.find(key)) return *hit;
    const std::string stored = key;  // a miss (a few thousand a search) keeps its own copy
    int x = cheapest(q);
    if (programmable && (x < 0 || values_[size_t(x)].cost > cat_->min_programmable)) {
      const int p = programmed(q);
      if (p >= 0 && (x < 0 || values_[size_t(p)].cost < values_[size_t(x)].cost)) x = p;
    }
    satisfied_.put(stored, x);
    return x;
  }
  double cost(int id) const { return id >= 0 ? values_[size_t(id)].cost : 0; }
  // Two requirements on one content, or nothing when they disagree.
  std::optional<std::vector<int>> merge(const std::vector<int>& a, const std::vector<int>& b) const {
    for (unsigned j = 0; j < bytes_; ++j)  // (most pairs asked disagree: checked before a copy)
      if (a[j] != kAnyByte && b[j] != kAnyByte && b[j] != a[j]) return std::nullopt;
    std::vector<int> m = a;
    for (unsigned j = 0; j < bytes_; ++j)
      if (m[j] == kAnyByte) m[j] = b[j];
    return m;
  }

  // What g's deep slot p must hold (0, 1, or 2: one content for both), from g's requirements R;
  // nothing when one content cannot hold both.
  std::optional<std::vector<int>> deep_slot(const std::vector<int> (&R)[2], unsigned p) const {
    if (p < 2) return R[p];
    return merge(R[0], R[1]);
  }

  // Depth 2, backwards from the goal: every last instance g, its arguments the cheapest contents
  // of depth <= 1 (or programmable instructions on the inputs) holding what g needs of them; then a
  // programmable last step on a depth-1 content. False when the budget ran out.
  bool depth2(int n1) {
    std::vector<int> req[2];
    for (int i : cat_->order) {
      const Instance& g = cat_->instances[size_t(i)];
      if (g.cost >= best_.cost) break;
      if (g.cost + bounds_->cover[bounds_->inputs.need & ~g.cls] >= best_.cost) continue;  // its arguments must do the rest
      if (g.arity == 0 || !requirements(g, goal_, req)) continue;
      if (out_of_budget()) return false;
      ++nodes_;
      const double room = best_.cost - g.cost;
      const int x = satisfy(req[0], true, room);
      if (x < 0) continue;
      const int y = g.arity == 2 ? satisfy(req[1], true, room) : -1;
      if (g.arity == 2 && y < 0) continue;
      apply(i, x, y);
      // One content for both arguments is paid once: try the merged requirement too, or a
      // shared argument cheaper than two separate ones would be missed.
      if (g.arity == 2 && x != y)
        if (auto both = merge(req[0], req[1]))
          if (const int z = satisfy(*both, true, room); z >= 0) apply(i, z, z);
    }
    // A programmable last step on a depth-1 content (and an input, or itself): only where the
    // content holds every goal byte the input does not.
    if (cat_->programmable.empty()) return true;
    for (int x = n0_; x < n1; ++x) {
      if (is_hidden(x) || cat_->min_programmable + cost(x) >= best_.cost) continue;
      if (out_of_budget()) return false;
      ++nodes_;
      marks_.assign(labels_per_position(), 0);
      for (Label l : values_[size_t(x)].bytes) marks_[slot(0, l)] = 1;
      unsigned missing = 0;  // bit k: a byte of input k is missing
      for (Label l : goal_labels_)
        if (!marks_[slot(0, l)]) missing |= 1u << (l / 256);
      for (const isa::Instruction* p : cat_->programmable) {
        if (p->num_inputs == 1) {
          if (!missing) solve(p, x, -1);
          continue;
        }
        if (!missing) solve(p, x, x);
        for (int y = 0; y < n0_; ++y)
          if (!(missing & ~(1u << y))) {
            solve(p, x, y);
            solve(p, y, x);
          }
      }
    }
    return true;
  }

  // An or of two contents that each hold part of the goal and zeros where the other does:
  // split by input, or (one input) by whether a byte stays in its 128-bit block; the parts may be
  // programmable instructions on depth-1 contents (vpshufb after vperm2i128). A heuristic: or_last
  // is the exhaustive form at depth 1.
  void split_or(int n1) {
    if (one_control_) return;
    bool crosses = false;  // a goal byte changes its 128-bit block
    for (unsigned j = 0; j < bytes_; ++j) crosses |= goal_[j] >= 0 && unsigned(goal_[j] % 256) / 16 != j / 16;
    for (const Instance& o : cat_->ors)
      for (int split = 0; split < 5; ++split) {
        if (o.cost >= best_.cost) break;
        // Groups: by input, by whether a byte crosses its 128-bit block, or by both (up to four
        // parts, three ors: the general answer for two-input byte shuffles across AVX2 lanes).
        // (3, 4: one input whole, the other by crossing: clang's AVX2 lowering when one input's
        // part is a lane-merged vpshufb and the other's is not.)
        auto group = [&](int g, unsigned j) {
          const int cross = int((unsigned(g % 256) / 16) != j / 16);
          if (split >= 3) return g / 256 == split - 3 ? 2 : cross;
          return split == 0 ? g / 256 : split == 1 ? cross : g / 256 * 2 + cross;
        };
        int first_group = -1;
        unsigned groups = 0;
        if (split >= 3 && (width_ != 256 || k_ < 2)) continue;
        if (split == 2 && !crosses) continue;  // (by input, as split 0)
        for (unsigned j = 0; j < bytes_; ++j)
          if (goal_[j] >= 0) {
            if (first_group < 0) first_group = group(goal_[j], j);
            groups |= 1u << group(goal_[j], j);
          }
        if (std::popcount(groups) < 2) continue;
        // Free bytes may be anything in one part only (two or-ed bytes have no label): the first
        // byte's part, then each other in turn (a shifted input's stray bytes may sit there:
        // `movq a`, `pslld` or-ed with `pshufb b`).
        or_parts(o, n1, groups, first_group, group);
        if (std::find(goal_.begin(), goal_.end(), kAnyByte) != goal_.end())
          for (int free_part = 0; free_part < 4; ++free_part)
            if (free_part != first_group && groups >> free_part & 1) or_parts(o, n1, groups, free_part, group);
      }
  }
  // split_or's Program for one split: the parts of `groups`, the free bytes in `free_part`'s.
  template <class Group>
  void or_parts(const Instance& o, int n1, unsigned groups, int free_part, const Group& group) {
    std::vector<std::vector<int>> parts;
    for (int k = 0; k < 4; ++k) {
      if (!(groups & (1u << k))) continue;
      std::vector<int> part(bytes_, kZeroByte);
      for (unsigned j = 0; j < bytes_; ++j) {
        const int g = goal_[j];
        if (g >= 0 && group(g, j) == k) part[j] = g;
        else if (g == kAnyByte && k == free_part) part[j] = kAnyByte;
      }
      parts.push_back(std::move(part));
    }
    int acc = -1;
    for (const std::vector<int>& part : parts) {
      // The cheaper of a reached content and a lookup on an input (level 4's bound counts on
      // it: an or of a masked input and a looked-up one); without either, a lookup on a
      // reached content.
      int x = cheapest(part);
      if (!cat_->programmable.empty() && x >= 0 && cost(x) > cat_->min_programmable)
        if (const int p = programmed(part); p >= 0 && cost(p) < cost(x)) x = p;
      if (x < 0 && !cat_->programmable.empty()) x = programmed(part, n1);
      if (const int m = lane_merged(part); m >= 0 && (x < 0 || cost(m) < cost(x))) x = m;
      if (bytes_ == 16)
        if (const int l = lit(part, x >= 0 ? cost(x) : best_.cost - o.cost); l >= 0) x = l;
      if (x < 0) {
        acc = -1;
        break;
      }
      acc = acc < 0 ? x : make_or(o, acc, x);
      if (acc < 0) break;
    }
  }
  // A part made by a one-register instruction on a reached content (or a lookup), cheaper than
  // `below`: `movq` then `pslld` of a, where the inputs' other bytes may stay, costs less than
  // `pshufb` of a and its constant. -1 where none. (128 bits: the shapes the one-crossing
  // argument finds, LookupWithMover's light after a lookup; wider, the instances are many.)
  int lit(const std::vector<int>& part, double below) {
    std::vector<int> req[2];
    int best = -1;
    for (int i : cat_->order) {
      const Instance& g = cat_->instances[size_t(i)];
      if (g.cost >= below) break;
      if (g.arity != 1 || !requirements(g, part, req)) continue;
      const int y = satisfy(req[0], true, below - g.cost);
      if (y < 0) continue;
      if (const int z = apply(i, y, -1); z >= 0 && cost(z) < below) best = z, below = cost(z);
    }
    return best;
  }
  // A cover of the goal by parts or-ed together, when nothing shorter answered: greedily (the
  // weighted set cover rule: most uncovered goal bytes held in place per cost), a reached content
  // made zero elsewhere by a zeroing programmable instruction (pand with a byte mask, pshufb, tbl)
  // unless it already is. Correct by construction, not optimal: with one part per distinct
  // (input, shift) it is a Program for any byte shuffle wherever byte shifts and a mask exist.
  void masked_or() {
    if (cat_->ors.empty() || one_control_) return;
    const Instance* o = &cat_->ors.front();
    for (const Instance& x : cat_->ors)
      if (x.cost < o->cost) o = &x;
    std::vector<const isa::Instruction*> maskers;
    double mask_cost = kInf;
    for (const isa::Instruction* p : cat_->programmable)
      if (p->control.kind == isa::Control::Kind::Table && p->num_inputs == 1 && p->control.zeroing) {
        maskers.push_back(p);
        mask_cost = std::min(mask_cost, cat_->programmable_cost.at(p));
      }
    const int reached = int(std::min<size_t>(values_.size(), size_t(1) << 20));
    std::vector<char> left(bytes_, 0);
    unsigned remaining = 0;
    for (unsigned j = 0; j < bytes_; ++j)
      if (goal_[j] >= 0) left[j] = 1, ++remaining;
    int acc = -1;
    bool first = true;
    std::vector<int> req(bytes_);
    // What content x would give as a part: the goal where it holds uncovered bytes in place, zero
    // elsewhere (free bytes are free in the first part only: two or-ed bytes have no label).
    auto part_of = [&](int x) {
      unsigned covered = 0;
      for (unsigned j = 0; j < bytes_; ++j) {
        const int g = goal_[j];
        if (left[j] && values_[size_t(x)].bytes[j] == Label(g)) req[j] = g, ++covered;
        else req[j] = g == kAnyByte && first ? kAnyByte : kZeroByte;
      }
      return covered;
    };
    while (remaining > 0) {
      std::vector<std::pair<double, int>> cands;  // (bytes per cost, content)
      for (int x = 0; x < reached; ++x)
        if (const unsigned c = part_of(x))
          cands.push_back({double(c) / (cost(x) + (holds(x, req) ? 0 : mask_cost) + o->cost), x});
      std::stable_sort(cands.begin(), cands.end(), [](const auto& p, const auto& q) { return p.first > q.first; });
      int part = -1;
      for (const auto& [score, x] : cands) {
        part_of(x);
        if (holds(x, req)) {
          part = x;
        } else {
          for (const isa::Instruction* p : maskers)
            if (auto control = control_for(p, x, -1, req)) {
              const int v = add_programmed(p, x, -1, std::move(*control));
              if (part < 0 || cost(v) < cost(part)) part = v;
            }
        }
        if (part >= 0) break;
      }
      if (part < 0) return;  // a byte no reached content holds in place
      for (unsigned j = 0; j < bytes_; ++j)
        if (req[j] >= 0) left[j] = 0, --remaining;
      acc = acc < 0 ? part : make_or(*o, acc, part);
      if (acc < 0) return;
      first = false;
    }
    // The parts or-ed hold the goal: add() took the last or as the answer.
  }

  // One input's bytes in both 128-bit lanes of a 256-bit result as one vpshufb over a blend of the
  // input and its lane swap (vperm2f128 x, x, 1): what clang does for an AVX2 byte shuffle across
  // lanes when, in each output lane, no two wanted bytes sit at one position of different lanes.
  // -1 when the part is not of that kind or no blend and table lookup make it.
  int lane_merged(const std::vector<int>& part) {
    if (width_ != 256 || cat_->programmable.empty()) return -1;
    int input = -1;
    bool crosses = false;
    std::vector<int> merged(bytes_, kAnyByte);  // what the blend must hold
    for (unsigned j = 0; j < bytes_; ++j) {
      const int g = part[j];
      if (g < 0) continue;
      if (input >= 0 && g / 256 != input) return -1;
      input = g / 256;
      const unsigned src = unsigned(g % 256), pos = j / 16 * 16 + src % 16;
      crosses |= src / 16 != j / 16;
      if (merged[pos] != kAnyByte && merged[pos] != g) return -1;  // two lanes' bytes at one place
      merged[pos] = g;
    }
    if (input < 0 || !crosses) return -1;
    Bytes swapped(bytes_);
    for (unsigned j = 0; j < bytes_; ++j) swapped[j] = label(input, int(j ^ 16));
    const int* found = index_.find(key_of(swapped));
    if (!found) return -1;
    const int sw = *found;  // (the map moves as contents are added)
    // The blend: an instance on (input, swap) in either order, or a variable blend solved for it.
    int t = cheapest(merged);
    std::vector<int> req[2];
    for (const Instance& g : cat_->instances) {
      if (g.arity != 2 || !requirements(g, merged, req)) continue;
      for (const auto& [x, y] : {std::pair{input, sw}, std::pair{sw, input}})
        if (holds(x, req[0]) && holds(y, req[1]))
          if (const int v = apply(int(&g - cat_->instances.data()), x, y); v >= 0 && (t < 0 || cost(v) < cost(t))) t = v;
    }
    for (const isa::Instruction* p : cat_->programmable)
      if (p->control.kind == isa::Control::Kind::Select && p->num_inputs == 2)
        if (auto c = control_for(p, input, sw, merged))
          if (const int v = add_programmed(p, input, sw, std::move(*c)); t < 0 || cost(v) < cost(t)) t = v;
    if (t < 0) return -1;
    int best = -1;
    for (const isa::Instruction* p : cat_->programmable)
      if (p->control.kind == isa::Control::Kind::Table && p->num_inputs == 1)
        if (auto c = control_for(p, t, -1, part))
          if (const int v = add_programmed(p, t, -1, std::move(*c)); best < 0 || cost(v) < cost(best)) best = v;
    return best;
  }
  bool holds(int id, const std::vector<int>& req) const {
    const Bytes& v = values_[size_t(id)].bytes;
    for (unsigned j = 0; j < bytes_; ++j)
      if (req[j] != kAnyByte && (req[j] == kZeroByte ? v[j] != kZeroLabel : v[j] != Label(req[j]))) return false;
    return true;
  }
  // Programmable instruction p on contents (x, y) with this control, as a content.
  int add_programmed(const isa::Instruction* p, int x, int y, std::vector<int> control) {
    const auto map = isa::index_map_at(*p, {0, control}, 8);
    Value v{Bytes(bytes_), programmable_cost(p, x, y) + cost(x) + (y >= 0 && y != x ? cost(y) : 0), -1, x, y,
            2 + values_[size_t(x)].instrs + (y >= 0 && y != x ? values_[size_t(y)].instrs : 0), p, std::move(control)};
    for (unsigned j = 0; j < bytes_; ++j)
      v.bytes[j] = map[j].is_zero() ? kZeroLabel : values_[size_t(map[j].input == 0 ? x : y)].bytes[size_t(map[j].elem)];
    return add(std::move(v));
  }

  // The or of contents x and y as a content (-1 when it costs the best answer's cost or more).
  // (`shared`: what it costs where x's derivation holds y, paid once; -1: the tree's sum.)
  int make_or(const Instance& o, int x, int y, double shared = -1) {
    Value v{Bytes(bytes_), o.cost + cost(x) + (y != x ? cost(y) : 0), -1, x, y,
            1 + values_[size_t(x)].instrs + values_[size_t(y)].instrs, o.in, {}};
    if (shared >= 0) v.cost = std::min(v.cost, shared);
    for (unsigned j = 0; j < bytes_; ++j) {
      const Label l0 = values_[size_t(x)].bytes[j], l1 = values_[size_t(y)].bytes[j];
      v.bytes[j] = l0 == kZeroLabel ? l1 : l1 == kZeroLabel ? l0 : kMixed;
    }
    return v.cost < best_.cost ? add(std::move(v)) : -1;
  }

  // An or last, exhaustively over its first argument among the reached contents: every content
  // that agrees with the goal where it is not zero, and the cheapest content for the rest. With
  // depth-1 contents, every three-instruction Program ending in an or (an or reading an input
  // mixes its bytes, so both arguments are made).
  bool or_last() {
    std::vector<int> rest(bytes_);
    const int n = int(values_.size());
    for (const Instance& o : cat_->ors)
      for (int x = n0_; x < n; ++x) {
        if (is_hidden(x) || o.cost + cost(x) + cat_->min_cost >= best_.cost) continue;
        const Bytes& v = values_[size_t(x)].bytes;
        bool ok = true, part = false;
        for (unsigned j = 0; j < bytes_ && ok; ++j) {
          const int g = goal_[j];
          if (g == kAnyByte) rest[j] = v[j] == kZeroLabel ? kAnyByte : kZeroByte;  // never two bytes or-ed
          else if (g == kZeroByte) rest[j] = kZeroByte, ok = v[j] == kZeroLabel;
          else if (v[j] == Label(g)) rest[j] = kZeroByte, part = true;
          else if (v[j] == kZeroLabel) rest[j] = g;
          else ok = false;
        }
        if (!ok || !part) continue;
        if (out_of_budget()) return false;
        ++nodes_;
        if (const int y = satisfy(rest); y >= 0) make_or(o, x, y);
      }
    return true;
  }

  // Depth 3: a last instance g, one argument made by an instance h from contents of depth <= 1,
  // the other (if any) a content of depth <= 1. Contents shared between those slots are paid once:
  // every merge of their requirements is looked up as well. Cheapest instances first, so the cost
  // bound ends each loop. False when the budget ran out.
  // While even a complete level could not prove the best answer optimal (its bound is below it),
  // level 3 is only a heuristic improvement and gets o_.unprovable_nodes; once the best falls to
  // what it can prove, the full budget applies. False when stopped.
  // With a node share, the cheapest shapes go first: a pass whose cuts are one instruction below
  // the best answer (only the pairs of Programs that much cheaper), then the whole level, which
  // reuses the first pass's middles. The level goes g by g, each with every middle below the best:
  // its share, spent on the first few last instructions, missed blendps + pshufd + blendps (1.67)
  // against two shuffles (2.0).
  bool depth3() {
    const double provable = bounds_->level[level4_applies() ? 4 : 3];
    const uint64_t first = nodes_;
    if (best_.cost < kInf && provable < best_.cost - 1e-5) {
      // (One instruction that reads a register: the zero idiom reads none and costs a token.)
      ceiling_ = best_.cost - cat_->min_reading + 1e-5;
      const bool done = depth3_pass(provable, first);
      ceiling_ = kInf;
      if (!done) return false;
    }
    return depth3_pass(provable, first);
  }
  // Level 3 below min(best answer, ceiling_); its share counted from `first`.
  bool depth3_pass(double provable, uint64_t first) {
    auto top = [&] { return std::min(best_.cost, ceiling_); };
    bool one_input = true;
    for (Label l : goal_labels_) one_input &= l / 256 == goal_labels_[0] / 256;
    // A one-input goal's level is small: after the last resort it runs to its end, as without it.
    const uint64_t unprovable = last_resort_ ? (one_input ? UINT64_MAX : o_.last_resort_unprovable_nodes)
                                : one_input  ? (bytes_ > 16 ? std::min(o_.one_input_unprovable_nodes, kWideOneInputNodes) : o_.one_input_unprovable_nodes)
                                             : o_.unprovable_nodes;
    auto stop = [&] {
      if (!full_third_ && best_.cost < kInf && provable < best_.cost - 1e-5 && nodes_ - first >= unprovable) return abandoned_ = true;
      return out_of_budget();
    };
    std::vector<int> R[2], Q[2];
    for (int gi : cat_->order) {
      const Instance& g = cat_->instances[size_t(gi)];
      if (g.cost + 2 * cat_->min_cost >= top()) break;  // h, and one instruction under it
      const unsigned miss_g = bounds_->inputs.need & ~g.cls;
      if (g.cost + std::max(2 * cat_->min_cost, bounds_->cover[miss_g]) >= top()) continue;
      if (g.arity == 0 || !requirements(g, goal_, R)) continue;
      // Slot 0 or 1 deep, or (binary g) one deep content for both.
      for (unsigned p = 0; p < (g.arity == 2 ? 3u : 1u); ++p) {
        const auto slot_req = deep_slot(R, p);
        if (!slot_req) continue;
        const std::vector<int>& deep = *slot_req;
        const std::vector<int>* other = g.arity == 2 && p < 2 ? &R[1 - p] : nullptr;
        const int z = other ? satisfy(*other, true, top() - g.cost - cat_->min_cost) : -1;  // (h costs at least min_cost)
        if (other && z < 0) continue;
        // Depth 2 already paired g with the cheapest shallow content for the deep slot.
        const int shallow = satisfy(deep);
        const double ceiling = shallow >= 0 ? cost(shallow) : kInf;
        // The deep content alone realises `deep`: h and what is under it have its classes.
        const unsigned need_d = need_of(deep);
        if (g.cost + std::max({2 * cat_->min_cost, bounds_->cover[need_d], cost(z)}) >= top()) continue;
        // Under h at least one made content, or the one it may share with z.
        const double under = cost(z) > 0 ? 0 : cat_->min_cost;
        // Many last instances leave the same requirement on the deep slot: the middle instances
        // that can make it, and their arguments, are found once per requirement (cached in order,
        // cheapest first) and only the costs, which depend on g, are checked again.
        // Programmable helpers under h only while g, h and a helper stay below the best: the
        // cheaper middles (a prefix of the order) with helpers, the rest without.
        const double helper_limit = top() - g.cost - cat_->min_programmable;
        auto cut = [&](const Instance& h) { return g.cost + h.cost + std::max(cost(z), cat_->min_cost) >= top() || h.cost + under >= ceiling; };
        auto visit = [&](Middle& m) {
          const Instance& h = cat_->instances[size_t(m.hi)];
          if (g.cost + h.cost + std::max(bounds_->cover[miss_g & ~h.cls], bounds_->cover[need_d & ~h.cls]) >= top()) return true;
          if (stop()) return false;
          ++nodes_;
          deep3(gi, m, p, z, deep, other);
          return true;
        };
        for (const bool helpers : {true, false}) {
          MiddleList& ml = middles(deep, helpers);
          auto in_part = [&](const Instance& h) { return (h.cost < helper_limit) == helpers; };
          bool cut_off = false;
          for (size_t e = 0; e < ml.found.size() && !cut_off; ++e) {
            const Instance& h = cat_->instances[size_t(ml.found[e].hi)];
            if (cut(h) || (helpers && !in_part(h))) cut_off = true;
            else if (in_part(h) && !visit(ml.found[e])) return false;
          }
          for (; !cut_off && ml.scanned < cat_->order.size(); ++ml.scanned) {
            const int hi = cat_->order[ml.scanned];
            const Instance& h = cat_->instances[size_t(hi)];
            if (cut(h) || (helpers && !in_part(h))) break;
            if (h.arity == 0) continue;
            if (stop()) return false;
            ++nodes_;  // a requirement and its lookups: the work a node stands for
            if (!requirements(h, deep, Q)) continue;
            const int x = satisfy(Q[0], helpers);
            if (x < 0) continue;
            const int y = h.arity == 2 ? satisfy(Q[1], helpers) : -1;
            if (h.arity == 2 && y < 0) continue;
            if (x < n0_ && y < n0_) continue;  // h on the inputs: a depth-1 content, tried at depth 2
            ml.found.push_back({hi, x, y});
            if (in_part(h) && !visit(ml.found.back())) {
              ++ml.scanned;
              return false;
            }
          }
        }
      }
    }
    return true;
  }
  // Level 4 (lower_bound.h) at 128 bits from up to two inputs: input bytes then fit one 64-bit
  // label set.
  bool level4_applies() const { return bytes_ == 16 && k_ <= 2 && !cat_->programmable.empty(); }
  static uint64_t label_bit(Label l) { return l >= kMixed || is_sign(l) ? 0 : uint64_t(1) << (l / 256 * 16 + l % 256); }
  // The input bytes content x holds at the positions of `where`.
  uint64_t labels_at(int x, uint32_t where) const {
    uint64_t s = 0;
    for (unsigned j = 0; j < bytes_; ++j)
      if (where >> j & 1) s |= label_bit(values_[size_t(x)].bytes[j]);
    return s;
  }
  uint64_t labels_of(const std::vector<int>& req) const {
    uint64_t s = 0;
    for (int g : req)
      if (g >= 0) s |= label_bit(Label(g));
    return s;
  }
  static bool one_input(const isa::Instruction* p) { return p->num_inputs == 1; }
  static bool variable_blend(const isa::Instruction* p) { return p->control.kind == isa::Control::Kind::Select && p->num_inputs == 2; }

  struct Lookup {  // a one-input programmable instruction on a made content, for level 4
    const isa::Instruction* p;
    int x;
    std::vector<int> control;
    double cost;  // the instruction, its load and x
  };
  // Every three-instruction Program with one programmable instruction P of one input, in the
  // middle (g(P(x), z)) or last (P(h(x, y))), x a made content of depth 1, y and z a leaf or x;
  // then two programmable instructions where one is a variable blend (pshufb(pblendvb(a, b)),
  // pblendvb(pshufb(a), b)). With P on a leaf, levels 2 and 3 tried it as a helper. False when
  // the budget ran out.
  bool level4(int n1) {
    std::vector<int> made;  // depth 1, cheapest first
    for (int x = leaves_; x < n1; ++x)
      if (!is_hidden(x)) made.push_back(x);
    std::stable_sort(made.begin(), made.end(), [&](int a, int b) { return cost(a) < cost(b); });
    double min_p = kInf;
    for (const isa::Instruction* p : cat_->programmable)
      if (one_input(p)) min_p = std::min(min_p, cat_->programmable_cost.at(p));
    made_labels_.clear();
    for (int x = leaves_; x < n1; ++x) made_labels_.push_back(labels_at(x, 0xffff));
    return lookup_middle(made, min_p) && lookup_last(made, min_p) && blend_pairs();
  }
  // P in the middle: for each last instance g and slot, P on a made content solved for what g
  // needs there; g's other argument a leaf or P's argument. Candidates found lazily, in the
  // order of their argument's cost, and cached per requirement.
  bool lookup_middle(const std::vector<int>& made, double min_p) {
    if (min_p == kInf) return true;
    std::vector<int> R[2];
    for (int gi : cat_->order) {
      const Instance& g = cat_->instances[size_t(gi)];
      if (g.cost + min_p + cat_->min_cost >= best_.cost) break;
      if (g.cost + std::max(min_p + cat_->min_cost, bounds_->cover[bounds_->inputs.need & ~g.cls]) >= best_.cost) continue;
      if (g.arity == 0 || !requirements(g, goal_, R)) continue;
      for (unsigned p = 0; p < (g.arity == 2 ? 3u : 1u); ++p) {
        const auto slot_req = deep_slot(R, p);
        if (!slot_req) continue;
        const std::vector<int>& deep = *slot_req;
        const std::vector<int>* other = g.arity == 2 && p < 2 ? &R[1 - p] : nullptr;
        int leaf = -1;
        for (int l = 0; other && l < leaves_ && leaf < 0; ++l)
          if (holds(l, *other)) leaf = l;
        auto place = [&](const Lookup& c, int z) {
          const int t = add_programmed(c.p, c.x, -1, c.control);
          if (p == 2) apply(gi, t, t, g.cost + c.cost);
          else if (p == 0) apply(gi, t, z, g.cost + c.cost);
          else apply(gi, z, t, g.cost + c.cost);
        };
        if (out_of_budget()) return false;
        ++nodes_;
        if (other && leaf < 0) {  // g's other argument is P's: x holds it too
          if (auto c = shared_lookup(deep, *other, best_.cost - g.cost - min_p)) place(*c, c->x);
          continue;
        }
        LookupList& list = lookups(deep);
        double here = best_.cost;  // each candidate makes the goal: only a cheaper one counts
        for (size_t e = 0;; ++e) {
          if (e == list.found.size() && !more_lookups(list, made, here - g.cost - min_p)) break;
          const Lookup& c = list.found[e];
          if (g.cost + c.cost >= here) continue;
          place(c, leaf);
          here = std::min(g.cost + c.cost, best_.cost);
        }
      }
    }
    return true;
  }
  // The one-input programmable instructions on made contents that yield a requirement, in the
  // order of their argument's cost: `scanned` made contents so far.
  struct LookupList {
    std::vector<int> deep;
    uint64_t want = 0;
    std::vector<Lookup> found;
    size_t scanned = 0;
  };
  LookupList& lookups(const std::vector<int>& deep) {
    const std::string& key = requirement_key(deep, 0);
    if (const int* at = lookup_index_.find(key)) return lookup_lists_[size_t(*at)];
    lookup_index_.put(key, int(lookup_lists_.size()));
    LookupList& l = lookup_lists_.emplace_back();
    l.deep = deep;
    l.want = labels_of(deep);
    return l;
  }
  // Scans made contents on until one yields candidates or their cost reaches `limit`; false at
  // the end.
  bool more_lookups(LookupList& list, const std::vector<int>& made, double limit) {
    while (list.scanned < made.size()) {
      const size_t i = list.scanned++;
      const int x = made[i];
      if (cost(x) >= limit) {
        --list.scanned;  // a later requirement may have more room
        return false;
      }
      if ((made_labels_[size_t(x - leaves_)] & list.want) != list.want) continue;  // a lookup moves bytes, it makes none
      const size_t before = list.found.size();
      bool in_place = true;  // (a byte mask keeps bytes where they are: a quick test first)
      for (unsigned j = 0; j < bytes_ && in_place; ++j)
        in_place = list.deep[j] < 0 || values_[size_t(x)].bytes[j] == Label(list.deep[j]);
      for (const isa::Instruction* p : cat_->programmable)
        if (one_input(p) && (in_place || !p->byte_mask()))
          if (auto control = control_for(p, x, -1, list.deep))
            list.found.push_back({p, x, std::move(*control), cat_->programmable_cost.at(p) + cost(x)});
      if (list.found.size() > before) return true;
    }
    return false;
  }
  // The cheapest one-input programmable instruction on a made content that holds `other` and
  // yields `deep` from it, the content costing less than `limit` (candidates from the index).
  std::optional<Lookup> shared_lookup(const std::vector<int>& deep, const std::vector<int>& other, double limit) {
    std::optional<synth::ByteIndex::List> list;
    for (unsigned j = 0; j < bytes_; ++j) {
      if (other[j] == kAnyByte) continue;
      const synth::ByteIndex::List l = by_byte_[slot(j, other[j] == kZeroByte ? kZeroLabel : Label(other[j]))];
      if (!list || l.size() < list->size()) list = l;
    }
    if (!list) return std::nullopt;  // (g's other argument free: any leaf would do)
    const uint64_t want = labels_of(deep);
    std::optional<Lookup> best;
    for (int x : *list) {
      if (x < leaves_ || size_t(x - leaves_) >= made_labels_.size() || is_hidden(x)) continue;
      if (cost(x) >= limit || (best && cost(x) + cat_->min_programmable >= best->cost)) continue;
      if ((made_labels_[size_t(x - leaves_)] & want) != want || !holds(x, other)) continue;
      for (const isa::Instruction* p : cat_->programmable)
        if (one_input(p) && (!best || cat_->programmable_cost.at(p) + cost(x) < best->cost))
          if (auto control = control_for(p, x, -1, deep)) best = Lookup{p, x, std::move(*control), cat_->programmable_cost.at(p) + cost(x)};
    }
    return best;
  }
  // P last: on h(x, y), h(y, x), h(x, x) or h(x) holding every goal byte in the positions h
  // reads (first checked on all of x's positions).
  bool lookup_last(const std::vector<int>& made, double min_p) {
    if (min_p == kInf) return true;
    const uint64_t want = labels_of(goal_);
    auto lookup_on = [&](int d) {
      for (const isa::Instruction* p : cat_->programmable)
        if (one_input(p)) solve(p, d, -1);
    };
    // x must hold every goal byte, or every one that a leaf beside it does not: the rest are no
    // use to any h (two thirds of level 4's time went to rejecting them h by h).
    std::vector<int> usable;
    for (int x : made) {
      const uint64_t all = made_labels_[size_t(x - leaves_)];
      bool use = (all & want) == want;
      for (int l = 0; l < leaves_ && l < 4 && !use; ++l) {
        const uint64_t need = want & ~labels_at(l, 0xffff);
        use = (all & need) == need;
      }
      if (use) usable.push_back(x);
    }
    for (int hi : cat_->order) {
      const Instance& h = cat_->instances[size_t(hi)];
      if (h.cost + min_p + cat_->min_cost >= best_.cost) break;
      if (h.arity == 0) continue;
      uint32_t reads[2] = {0, 0};
      for (unsigned j = 0; j < bytes_; ++j)
        if (const int s = h.src[j]; s >= 0) reads[(s & kSrcMask) / 256] |= 1u << ((s & kSrcMask) % 256);
      uint64_t rest[2][4] = {};  // what x must give with a leaf in the other slot: h(x, leaf), h(leaf, x)
      for (int l = 0; l < leaves_ && l < 4; ++l) rest[0][l] = want & ~labels_at(l, reads[1]), rest[1][l] = want & ~labels_at(l, reads[0]);
      for (const int x : usable) {
        if (h.cost + cost(x) + min_p >= best_.cost) break;
        if (out_of_budget()) return false;
        ++nodes_;
        const uint64_t all = made_labels_[size_t(x - leaves_)];
        // What x holds where h reads each argument, found once (and only when some need may pass).
        uint64_t at[2];
        bool found = false;
        auto gives = [&](unsigned slot, uint64_t need) {
          if ((all & need) != need) return false;
          if (!found) at[0] = labels_at(x, reads[0]), at[1] = labels_at(x, reads[1]), found = true;
          return ((slot == 2 ? at[0] | at[1] : at[slot]) & need) == need;
        };
        if (h.arity == 1) {
          if (gives(0, want))
            if (const int d = apply(hi, x, -1); d >= 0) lookup_on(d);
          continue;
        }
        if (gives(2, want))
          if (const int d = apply(hi, x, x); d >= 0) lookup_on(d);
        for (int l = 0; l < leaves_ && l < 4; ++l) {
          if (gives(0, rest[0][l]))
            if (const int d = apply(hi, x, l); d >= 0) lookup_on(d);
          if (gives(1, rest[1][l]))
            if (const int d = apply(hi, l, x); d >= 0) lookup_on(d);
        }
      }
    }
    return true;
  }
  // A variable blend next to a one-input programmable instruction Q, both orders: Q(blend(a, b))
  // has each goal byte where its input holds it (the only place a blend can put it); blend(Q(a),
  // b) needs Q's result wherever b does not hold the goal (per blend element).
  bool blend_pairs() {
    if (one_control_) return true;  // (two programmable instructions)
    // Q last: every goal byte at its own position in the blend (none when two want one).
    std::vector<int> want(bytes_, kAnyByte);
    bool ok = true;
    for (Label l : goal_labels_) {
      int& w = want[l % 256];
      ok &= w == kAnyByte || w == int(l);
      w = int(l);
    }
    for (const isa::Instruction* s : cat_->programmable) {
      if (!variable_blend(s)) continue;
      const unsigned eb = s->elem_bits / 8;
      for (int a = 0; a < leaves_; ++a)
        for (int b = 0; b < leaves_; ++b) {
          if (a == b) continue;
          if (out_of_budget()) return false;
          ++nodes_;
          if (ok && cat_->programmable_cost.at(s) + cat_->min_programmable < best_.cost)
            if (auto control = control_for(s, a, b, want)) {
              const int c = add_programmed(s, a, b, *control);
              for (const isa::Instruction* q : cat_->programmable)
                if (one_input(q)) solve(q, c, -1);
            }
          // Q first, on a leaf, in slot 0; b in slot 1 (the loop gives both orders).
          std::vector<int> need(bytes_, kAnyByte);
          for (unsigned e = 0; e < bytes_; e += eb) {
            bool b_fits = true;
            for (unsigned k = 0; k < eb; ++k) {
              const int g = goal_[e + k];
              const Label v = values_[size_t(b)].bytes[e + k];
              b_fits &= g == kAnyByte || (g == kZeroByte ? v == kZeroLabel : v == Label(g));
            }
            for (unsigned k = 0; k < eb && !b_fits; ++k) need[e + k] = goal_[e + k];
          }
          if (cat_->programmable_cost.at(s) + cat_->min_programmable >= best_.cost) continue;
          if (const int q = programmed(need); q >= 0) {
            solve(s, q, b);
            solve(s, b, q);
          }
        }
    }
    return true;
  }

  // A blend of a made content (depth 1: one input shifted) and an input, then one lookup of the
  // whole register: vpsllq, vpblendvb, vpshufb (2.17 on Skylake where two vpshufb and a vpor
  // take 2.33). Three instructions, two of them programmable: beyond the levels' shapes, and
  // until now found by a stage after level 3's share. The lookup fetches a byte from anywhere,
  // so the blend need only keep each goal byte somewhere: each of its elements takes one side.
  // The input holds each byte at one place, so the elements that must take it are found by
  // propagation (blend_choice), and any blend taking exactly those will do: the cheapest
  // instance of that choice (blendps, pblendw, vpblendd by immediate) or the variable blend.
  // Cheap, so it runs before level 3 and the one-crossing argument then proves what it finds.
  // Then the same with a blend after the lookup, taking from an input the blocks that hold the
  // goal in place (vpblendvb a, b; vpshufb; vpblendd with b: 2.0 where two lookups and an or
  // take 2.33): the lookup need not make those. Or from a made content (psllq a, blendps of a
  // and b, pshufb, blendps with the shifted a: 2.17), which the first blend may read too, paid once.
  void blend_then_lookup(int n1) {
    if (!level4_applies() || !aiming() || one_control_) return;
    const Catalog::BlendParts& parts = blend_parts();
    if (parts.lookup == kInf) return;
    blends_then_lookup(parts, goal_, n1, 0.0, nullptr, [&](int v) {
      for (const isa::Instruction* q : parts.lookups) solve(q, v, -1);
    });
    // The lookup's result t, made for `rest`, and z joined by a last instruction costing `last`
    // (join(t, cost): what the Program costs, z paid once where the first blend read it too).
    // With a made z, the first blend's x is an input or z: another made x pays both, two made
    // contents, two blends and a lookup, dearer than two lookups and an or.
    auto after = [&](int z, const std::vector<int>& rest, double last, auto&& join) {
      if (std::all_of(rest.begin(), rest.end(), [](int r) { return r == kAnyByte; })) return;
      const double zc = z >= int(k_) ? values_[size_t(z)].cost : 0.0;
      std::vector<int> xs;
      if (z >= int(k_))
        for (int x = 0; x <= int(k_); ++x) xs.push_back(x < int(k_) ? x : z);
      auto looked_up = [&](int v) {
        const Value& made = values_[size_t(v)];
        const bool shared = z >= int(k_) && (made.a == z || made.b == z);
        for (const isa::Instruction* q : parts.lookups) {
          if (made.cost + programmable_cost(q, v, -1) + last + (shared ? 0.0 : zc) >= best_.cost) continue;
          if (auto control = control_for(q, v, -1, rest)) {
            const int t = add_programmed(q, v, -1, std::move(*control));
            join(t, values_[size_t(t)].cost + last + (shared ? 0.0 : zc));
          }
        }
      };
      blends_then_lookup(parts, rest, n1, last + zc, z >= int(k_) ? &xs : nullptr, looked_up);
      // The lookup on an input beside a made z (a variable blend last reads two programmable
      // results: not level 4's pairs).
      if (z >= int(k_))
        for (int x = 0; x < int(k_); ++x) looked_up(x);
    };
    // Where z holds goal bytes in place: the rest, with the blocks of w bytes z gives freed
    // (each wanted byte there z's own, one at least); 0 where none.
    auto in_place = [&](int z, unsigned w, std::vector<int>& rest) {
      uint32_t sel = 0;
      rest = goal_;
      for (unsigned j0 = 0; j0 < bytes_; j0 += w) {
        bool own = true, wanted = false;
        for (unsigned j = j0; j < j0 + w && own; ++j) {
          own = goal_[j] == kAnyByte || (goal_[j] >= 0 && values_[size_t(z)].bytes[j] == Label(goal_[j]));
          wanted |= goal_[j] >= 0;
        }
        if (!own || !wanted) continue;
        for (unsigned j = j0; j < j0 + w; ++j) sel |= 1u << j, rest[j] = kAnyByte;
      }
      return sel;
    };
    std::vector<int> rest;
    // A fixed blend last, from an input or a made content.
    double finer = kInf;  // (a coarser blend frees no more than a finer one as cheap)
    std::vector<std::pair<unsigned, double>> widths = parts.widths;
    std::sort(widths.begin(), widths.end());
    // The last blend's other argument: each input, and each made content (not the zero register)
    // that leaves room for the blend, costing `last`, and the lookup.
    auto each_z = [&](double last, auto&& f) {
      for (int z = 0; z < n1; ++z) {
        if (z == int(k_) && z < leaves_) z = leaves_;
        if (z >= int(k_) && (is_hidden(z) || values_[size_t(z)].cost + last + parts.lookup >= best_.cost)) continue;
        f(z);
      }
    };
    for (const auto& [w, gc] : widths) {
      if (gc >= finer || gc + parts.lookup >= best_.cost) continue;
      finer = gc;
      each_z(gc, [&](int z) {
        const uint32_t sel = in_place(z, w, rest);
        const auto g = parts.blend_of.find(sel);
        if (sel == 0 || g == parts.blend_of.end()) return;
        after(z, rest, gc, [&](int t, double c) { finish(g->second, nullptr, {}, t, z, apply(g->second, t, z, c), c); });
      });
    }
    // The variable blend last, byte by byte from an input or a made content (AVX2's vpblendvb;
    // SSE4.1's pays its copy): vpsllq a, vpshufb b, vpblendvb (2.17 where two vpshufb and a vpor
    // take 2.33).
    if (parts.vblend && parts.variable + parts.lookup < best_.cost)
      each_z(parts.variable, [&](int z) {
        if (in_place(z, 1, rest))
          after(z, rest, parts.variable, [&](int t, double c) {
            if (auto control = control_for(parts.vblend, t, z, goal_)) {
              const int r = add_programmed(parts.vblend, t, z, *control);
              // (z paid once where the lookup's blend read it too)
              finish(-1, parts.vblend, std::move(*control), t, z, r, std::min(values_[size_t(r)].cost, c));
            }
          });
      });
    // An or last, with z zero where the lookup makes the goal: a made content that agrees with the
    // goal where it is not zero (psllq a by 7 bytes, a0 alone in place), or an input masked to
    // its bytes in place (pand); the lookup zeroes z's places.
    const Instance* o = nullptr;
    for (const Instance& x : cat_->ors)
      if (!o || x.cost < o->cost) o = &x;
    if (!o || o->cost + parts.lookup >= best_.cost) return;
    auto or_rest = [&](int z) {
      rest = goal_;
      bool wanted = false;
      for (unsigned j = 0; j < bytes_; ++j) {
        const Label l = values_[size_t(z)].bytes[j];
        if (l == kZeroLabel) continue;
        // (An or of two bytes has no label, not even where the goal is free: zeros there too.)
        if (goal_[j] >= 0 && l == Label(goal_[j])) rest[j] = kZeroByte, wanted = true;
        else if (goal_[j] == kAnyByte) rest[j] = kZeroByte;
        else return false;
      }
      return wanted;
    };
    std::vector<std::pair<double, int>> zs;
    for (int z = leaves_; z < n1; ++z)
      if (!is_hidden(z) && values_[size_t(z)].cost + o->cost + parts.lookup < best_.cost && or_rest(z)) zs.push_back({values_[size_t(z)].cost, z});
    // Two deep at 128 bits: a mover of a blend of the inputs (blendps b, a; psrld: a1 b3 b5 b7
    // in place, zeros between, or-ed with pshufb of a: 2.17).
    if (bytes_ == 16 && k_ == 2 && parts.fixed < kInf) {
      const std::vector<int> movers = movers_below(best_.cost - parts.fixed - o->cost - parts.lookup);
      if (!movers.empty())
        for (int j : input_blends(parts, best_.cost - cat_->instances[size_t(movers[0])].cost - o->cost - parts.lookup))
          for (int m : movers)
            if (const int z = apply(m, j, -1); z >= int(k_) && cost(z) + o->cost + parts.lookup < best_.cost && or_rest(z))
              zs.push_back({cost(z), z});
    }
    for (const isa::Instruction* m : cat_->programmable) {
      if (!m->byte_mask() || cat_->programmable_cost.at(m) + o->cost + parts.lookup >= best_.cost) continue;
      for (int z0 = 0; z0 < int(k_); ++z0) {
        std::vector<int> keep(bytes_, kZeroByte);
        if (!in_place(z0, 1, rest)) continue;
        for (unsigned j = 0; j < bytes_; ++j)
          if (rest[j] == kAnyByte && goal_[j] >= 0) keep[j] = goal_[j];
        if (auto control = control_for(m, z0, -1, keep)) zs.push_back({cat_->programmable_cost.at(m), add_programmed(m, z0, -1, std::move(*control))});
      }
    }
    std::sort(zs.begin(), zs.end());
    if (zs.size() > kOrFinishers) zs.resize(kOrFinishers);
    for (const auto& [zc, z] : zs)
      if (or_rest(z))
        after(z, rest, o->cost, [&](int t, double c) { finish(-1, o->in, {}, t, z, make_or(*o, t, z, c), c); });
  }
  // A lookup of a register two fixed blends and a mover make (four instructions): a blend J of
  // the inputs, shifted, then blended with an input (blendps b, a; psrlq by a word; blendps with
  // a; pshufb: 2.17 on Skylake where two pshufb and a por take 2.33), or J blended with a shifted
  // input. The one-crossing argument's lookup with one mover (its sources: the inputs, M of one,
  // M of a join) shows where such Programs may exist; this builds them. Each x (J, or M of J)
  // with each y that holds a byte at one place at most (an input, or M of one), one mover
  // between them, the blend chosen as blend_choice chooses it.
  void two_blends_then_lookup() {
    // (Under a cap with nothing answered, as the ports proof asks: Programs within it.)
    if (bytes_ != 16 || k_ != 2 || !aiming()) return;
    const Catalog::BlendParts& parts = blend_parts();
    const double blend = parts.fixed;
    if (parts.lookup + 2 * blend >= best_.cost) return;
    const std::vector<int> movers = movers_below(best_.cost - 2 * blend - parts.lookup);
    if (movers.empty()) return;
    const double least = cat_->instances[size_t(movers[0])].cost + 2 * blend + parts.lookup;
    // x: the blends of the inputs and a mover of each; y: the inputs and a mover of each.
    std::vector<std::pair<int, bool>> xs, ys = {{0, false}, {1, false}};  // (content, made by a mover)
    for (int j : input_blends(parts, best_.cost - least + blend)) xs.push_back({j, false});
    for (size_t n = xs.size(), i = 0; i < n; ++i)
      for (int m : movers)
        if (const int x = apply(m, xs[i].first, -1); x >= int(k_)) xs.push_back({x, true});
    for (int m : movers)
      for (int in = 0; in < 2; ++in)
        if (const int y = apply(m, in, -1); y >= int(k_)) ys.push_back({y, true});
    std::vector<Label> labels;
    for (int g : goal_)
      if (g >= 0 && std::find(labels.begin(), labels.end(), Label(g)) == labels.end()) labels.push_back(Label(g));
    auto places = [&](int v, Label l) {
      uint32_t at = 0;
      for (unsigned j = 0; j < bytes_; ++j)
        if (values_[size_t(v)].bytes[j] == l) at |= 1u << j;
      return at;
    };
    std::vector<uint32_t> in_x(labels.size());
    std::vector<std::array<uint32_t, 2>> in_y(labels.size());
    for (const auto& [x, x_moved] : xs) {
      const double xc = values_[size_t(x)].cost;
      if (xc + blend + parts.lookup >= best_.cost) continue;
      for (size_t l = 0; l < labels.size(); ++l) in_x[l] = places(x, labels[l]);
      for (const auto& [y, y_moved] : ys) {
        if (x_moved == y_moved || xc + values_[size_t(y)].cost + blend + parts.lookup >= best_.cost) continue;
        bool covered = true;
        for (size_t l = 0; l < labels.size(); ++l) {
          in_y[l][0] = places(y, labels[l]);
          covered = covered && (in_x[l] | in_y[l][0]) != 0;
        }
        if (!covered) {
          // (Under the ports proof's cap, with many more pairs, each is a node: its budget, not
          // the clock, ends them.)
          if (o_.bound_at_cap) {
            ++nodes_;
            if (out_of_budget()) return;
          }
          continue;
        }
        if (out_of_budget()) return;
        ++nodes_;
        for (const auto& [w, c] : parts.widths) {
          const std::optional<uint32_t> sel = blend_choice(in_x, in_y, 0, w);
          const auto g = sel ? parts.blend_of.find(*sel) : parts.blend_of.end();
          if (g == parts.blend_of.end()) continue;
          if (const int v = apply(g->second, x, y); v >= 0)
            for (const isa::Instruction* q : parts.lookups) solve(q, v, -1);
        }
      }
    }
  }
  // The instances that move bytes within their qwords (one register: shifts), cheaper than
  // `below`, cheapest first.
  std::vector<int> movers_below(double below) const {
    std::vector<int> movers;
    for (int i : cat_->order) {
      const Instance& m = cat_->instances[size_t(i)];
      if (m.cost >= below) break;
      if (m.arity == 1 && (m.cls & synth::kMovesInQword) && !(m.cls & synth::kCrossesQwords)) movers.push_back(i);
    }
    return movers;
  }
  // Each fixed blend of the two inputs (one per choice of sides) cheaper than `below`, made.
  std::vector<int> input_blends(const Catalog::BlendParts& parts, double below) {
    std::vector<int> js;
    for (const auto& [sel, i] : parts.blend_of)
      if (cat_->instances[size_t(i)].cost < below)
        if (const int j = apply(i, 0, 1); j >= int(k_)) js.push_back(j);
    return js;
  }
  // Where r, made last (instance inst, or p with control) on (t, z), is the goal: offered as
  // made so, at `cost`. (Its content may be known by a derivation that needs a copy this one does
  // not, which add() keeps as the cheaper.)
  void finish(int inst, const isa::Instruction* p, std::vector<int> control, int t, int z, int r, double cost) {
    if (r < 0 || cost >= best_.cost || !matches(values_[size_t(r)].bytes)) return;
    const unsigned instrs = 1 + values_[size_t(t)].instrs + (z >= int(k_) ? values_[size_t(z)].instrs : 0);
    offer(Solution{cost, -1, p, t, z, std::move(control), instrs, inst});
  }
  // The blends of x (a made content, or the other input where `want` is not the goal; those of
  // `only` where given) and an input that keep each byte `want` asks for somewhere, for one
  // lookup after (and `extra`, what comes after it); `done` gets each blend's content.
  template <class Done>
  void blends_then_lookup(const Catalog::BlendParts& parts, const std::vector<int>& want, int n1, double extra,
                          const std::vector<int>* only, Done&& done) {
    const auto& [lookups, lookup, blend_of, all_widths, fixed, vblend, variable] = parts;
    const double below = best_.cost - extra;
    // The widths with a blend cheap enough, and the variable blend's.
    std::vector<unsigned> widths;
    double cheapest_blend = variable;
    for (const auto& [w, c] : all_widths)
      if (c + lookup < below) widths.push_back(w), cheapest_blend = std::min(cheapest_blend, c);
    if (vblend && std::find(widths.begin(), widths.end(), 1u) == widths.end()) widths.push_back(1);
    if (cheapest_blend == kInf) return;
    std::vector<Label> labels;
    for (int w : want)
      if (w >= 0 && std::find(labels.begin(), labels.end(), Label(w)) == labels.end()) labels.push_back(Label(w));
    // Where each wanted byte sits in each input (one place at most) and in x.
    const size_t nl = labels.size();
    std::vector<std::array<uint32_t, 2>> in_y(nl, {0u, 0u});
    for (size_t l = 0; l < nl; ++l)
      for (int y = 0; y < int(k_); ++y)
        for (unsigned j = 0; j < bytes_; ++j)
          if (values_[size_t(y)].bytes[j] == labels[l]) in_y[l][size_t(y)] |= 1u << j;
    std::array<int8_t, 512> index_of;  // a wanted byte's index in labels
    index_of.fill(-1);
    for (size_t l = 0; l < nl; ++l)
      if (labels[l] < 512) index_of[labels[l]] = int8_t(l);
    // (Two inputs blended, then the lookup: level 4's pairs, for the goal itself.)
    const bool inputs_too = &want != &goal_;
    std::vector<uint32_t> in_x(nl);
    std::vector<int> xs;
    if (only) xs = *only;
    else
      for (int x = inputs_too ? 0 : leaves_; x < n1; ++x)
        if (x < int(k_) || x >= leaves_) xs.push_back(x);  // (not the zero register)
    for (int x : xs) {
      // (x's cost is in `extra` where it is a made z the last blend reads too.)
      const double xc = only && x >= int(k_) ? 0.0 : values_[size_t(x)].cost;
      if (is_hidden(x) || xc + cheapest_blend + lookup >= below) continue;
      std::fill(in_x.begin(), in_x.end(), 0u);
      bool any = false;
      for (unsigned j = 0; j < bytes_; ++j)
        if (const Label l = values_[size_t(x)].bytes[j]; l < 512 && index_of[l] >= 0) in_x[size_t(index_of[l])] |= 1u << j, any = true;
      if (!any) continue;
      for (int y = 0; y < int(k_); ++y) {
        bool covered = y != x;
        for (size_t l = 0; l < nl && covered; ++l) covered = (in_x[l] | in_y[l][size_t(y)]) != 0;
        if (!covered) continue;
        uint32_t tried[8];  // (one choice per width: 1, 2, 4, 8 bytes)
        size_t ntried = 0;
        for (unsigned w : widths) {
          const std::optional<uint32_t> sel = blend_choice(in_x, in_y, size_t(y), w);
          if (!sel || std::find(tried, tried + ntried, *sel) != tried + ntried) continue;
          tried[ntried++] = *sel;
          if (out_of_budget()) return;
          ++nodes_;
          // The cheapest fixed blend making that choice, and the variable blend where it is cheaper.
          const auto b = blend_of.find(*sel);
          const double fixed = b == blend_of.end() ? kInf : cat_->instances[size_t(b->second)].cost;
          if (xc + fixed + lookup < below)
            if (const int v = apply(b->second, x, y); v >= 0) done(v);
          if (!vblend || variable >= fixed || xc + variable + lookup >= below) continue;
          std::vector<int> keep(bytes_, kAnyByte);
          for (unsigned j = 0; j < bytes_; ++j) keep[j] = int(values_[size_t(*sel >> j & 1 ? y : x)].bytes[j]);
          // (With the blend's copy: the lookup's cost check prices what the search sees, which has none.)
          if (auto control = control_for(vblend, x, y, keep)) done(add_programmed(vblend, x, y, std::move(*control)));
        }
      }
    }
  }
  // The fewest elements of width w a blend of x and input y must take from y (as a byte mask) so
  // that every goal byte is kept somewhere (in_x, in_y: where each sits in x and in each input);
  // nullopt when none does, or when x alone or y alone would. y holds each byte at one place, so
  // an element must take y only where a byte the rest leaves uncovered sits: those are added
  // until nothing is uncovered (every choice that works takes them, so this one works whenever
  // one does).
  std::optional<uint32_t> blend_choice(const std::vector<uint32_t>& in_x, const std::vector<std::array<uint32_t, 2>>& in_y, size_t y,
                                       unsigned w) const {
    auto element = [&](uint32_t bit) { return ((1u << w) - 1) << (unsigned(std::countr_zero(bit)) / w * w); };
    uint32_t taken = 0;  // bytes from y
    for (bool grew = true; grew;) {
      grew = false;
      for (size_t l = 0; l < in_x.size(); ++l) {
        const uint32_t at_y = in_y[l][y];
        if ((in_x[l] & ~taken) || (at_y & taken)) continue;
        if (!at_y) return std::nullopt;
        taken |= element(at_y);
        grew = true;
      }
    }
    if (taken == 0 || taken == (1u << bytes_) - 1) return std::nullopt;
    return taken;
  }

  // The middle instances h that can make a deep requirement from contents of depth <= 1 (with
  // programmable helpers), found lazily in the catalog's cost order: `scanned` instances so far.
  struct Middle {
    int hi, x, y;
    int both = -2;  // the cheapest content holding both of h's requirements (-1 none; -2 not looked up)
  };
  struct MiddleList {
    std::vector<Middle> found;
    size_t scanned = 0;
  };
  MiddleList& middles(const std::vector<int>& deep, bool helpers) {
    const std::string& key = requirement_key(deep, char(helpers));
    if (const int* at = middle_index_.find(key)) return middle_lists_[size_t(*at)];
    middle_index_.put(key, int(middle_lists_.size()));
    return middle_lists_.emplace_back();
  }

  // Both arguments of a narrowing pack two deep: g(h0(x0, y0), h1(x1, y1)) with x, y of depth <= 1,
  // five instructions and more, where each argument must first be zero- or sign-extended (clang's
  // SSE2 even-word deinterleave: pslld and psrad on each input, then packssdw). Only last
  // instances with such conditions: scanning the middles of two requirements is dear, and these
  // are the ones whose arguments are rarely at hand. Cheapest g and middles first, shared contents
  // paid once; a heuristic past the levels (the bound does not count on it), with its own node
  // budget.
  void both_deep() {
    const uint64_t first = nodes_;
    std::vector<int> R[2];
    for (int gi : cat_->order) {
      const Instance& g = cat_->instances[size_t(gi)];
      if (g.cost + 2 * cat_->min_cost >= best_.cost) break;  // a middle and a made content under it
      if (g.arity != 2 || (g.need_zero.empty() && g.need_sign.empty())) continue;
      if (!requirements(g, goal_, R)) continue;
      // Both arguments one middle, g(h, h), where one content may hold what both need (SSE2's
      // stride-4 byte extract: a pack of two masked registers packed again with itself, pand,
      // pand, packuswb, packuswb); where both need the same, nothing else.
      if (const auto both = merge(R[0], R[1]); both && !same_middle(gi, *both, first)) return;
      if (R[0] == R[1]) continue;
      if (g.cost + 4 * cat_->min_cost >= best_.cost) continue;  // two middles, a made content under each
      // Each argument's instructions have its classes, and the other has a middle of its own.
      if (g.cost + std::max(bounds_->cover[need_of(R[0])], bounds_->cover[need_of(R[1])]) + cat_->min_cost >= best_.cost) continue;
      // A slot a content of depth <= 1 fills is depth 3's (one argument deep).
      if (satisfy(R[0], false) >= 0 || satisfy(R[1], false) >= 0) continue;
      const double limit = best_.cost - g.cost - 3 * cat_->min_cost;
      const MiddleList* m[2];
      for (int k = 0; k < 2; ++k) {
        m[k] = scan_middles(R[k], limit, first);
        if (!m[k]) return;
      }
      for (const Middle& a : m[0]->found) {
        const Instance& ha = cat_->instances[size_t(a.hi)];
        if (g.cost + ha.cost + 2 * cat_->min_cost >= best_.cost) break;
        for (const Middle& b : m[1]->found) {
          const Instance& hb = cat_->instances[size_t(b.hi)];
          if (g.cost + ha.cost + hb.cost + cat_->min_cost >= best_.cost) break;
          double total = g.cost + ha.cost + hb.cost;
          std::array<int, 4> under{a.x, a.y, b.x, b.y};
          for (size_t i = 0; i < under.size(); ++i)
            if (under[i] >= 0 && std::find(under.begin(), under.begin() + long(i), under[i]) == under.begin() + long(i))
              total += cost(under[i]);
          if (total >= best_.cost) continue;
          if (nodes_ - first >= o_.unprovable_nodes || out_of_budget()) return;
          ++nodes_;
          const int t0 = apply(a.hi, a.x, a.y), t1 = apply(b.hi, b.x, b.y);
          if (t0 >= 0 && t1 >= 0) apply(gi, t0, t1, total);
        }
      }
    }
  }
  // g(h, h) where both of g's arguments want the same content `deep`: each middle h of it (with
  // programmable helpers: pand with a mask under a pack), its contents paid once, one of them made
  // at least (a middle on the inputs alone is a depth-1 content). false when both_deep's budget
  // (from node `first`) ran out.
  bool same_middle(int gi, const std::vector<int>& deep, uint64_t first) {
    const Instance& g = cat_->instances[size_t(gi)];
    if (g.cost + bounds_->cover[need_of(deep)] >= best_.cost) return true;
    const MiddleList* m = scan_middles(deep, best_.cost - g.cost - cat_->min_cost, first, true);
    if (!m) return false;
    for (const Middle& a : m->found) {
      const Instance& h = cat_->instances[size_t(a.hi)];
      if (g.cost + h.cost + cat_->min_cost >= best_.cost) break;
      double total = g.cost + h.cost + (a.x >= 0 ? cost(a.x) : 0);
      if (a.y >= 0 && a.y != a.x) total += cost(a.y);
      if (total >= best_.cost) continue;
      if (nodes_ - first >= o_.unprovable_nodes || out_of_budget()) return false;
      ++nodes_;
      if (const int t = apply(a.hi, a.x, a.y); t >= 0) apply(gi, t, t, total);
    }
    return true;
  }

  // depth3's middles for a deep requirement, without helpers (or with them: same_middle), scanned
  // on while h costs less than `limit`; nullptr when both_deep's budget (from node `first`) ran out.
  const MiddleList* scan_middles(const std::vector<int>& deep, double limit, uint64_t first, bool helpers = false) {
    MiddleList& ml = middles(deep, helpers);
    std::vector<int> (&Q)[2] = q3_;
    for (; ml.scanned < cat_->order.size(); ++ml.scanned) {
      const int hi = cat_->order[ml.scanned];
      const Instance& h = cat_->instances[size_t(hi)];
      if (h.cost >= limit) break;
      if (h.arity == 0) continue;
      if (nodes_ - first >= o_.unprovable_nodes || out_of_budget()) return nullptr;
      ++nodes_;
      if (!requirements(h, deep, Q)) continue;
      const int x = satisfy(Q[0], helpers);
      if (x < 0) continue;
      const int y = h.arity == 2 ? satisfy(Q[1], helpers) : -1;
      if (h.arity == 2 && y < 0) continue;
      if (x < n0_ && y < n0_) continue;  // h on the inputs: a depth-1 content
      ml.found.push_back({hi, x, y});
    }
    return &ml;
  }

  // The cheapest way to fill the three slots (h's arguments x, y and g's other argument z),
  // shared or not, and the Program it makes.
  void deep3(int gi, Middle& mid, unsigned p, int z, const std::vector<int>& deep, const std::vector<int>* other) {
    const int hi = mid.hi, x = mid.x, y = mid.y;
    // h's requirements, made again only when a merge needs them.
    std::vector<int> (&Q)[2] = q3_;
    bool have_q = false;
    auto q = [&]() -> std::vector<int>(&)[2] {
      if (!have_q) requirements(cat_->instances[size_t(hi)], deep, Q), have_q = true;
      return Q;
    };
    const double gh = cat_->instances[size_t(gi)].cost + cat_->instances[size_t(hi)].cost;
    auto total = [&](int a, int b, int c) {
      double t = gh + cost(a);
      if (b != a) t += cost(b);
      if (c != a && c != b) t += cost(c);
      return t;
    };
    int bx = x, by = y, bz = z;
    double best = total(x, y, z);
    auto consider = [&](int a, int b, int c) {
      if (const double t = total(a, b, c); t < best) best = t, bx = a, by = b, bz = c;
    };
    auto paid = [&](int id) { return id >= 0 && cost(id) > 0; };
    if (paid(x) && paid(y) && x != y) {
      if (mid.both == -2) {
        auto m = merge(q()[0], q()[1]);
        mid.both = m ? satisfy(*m) : -1;  // (cached in mid for other g: no room)
      }
      if (mid.both >= 0) consider(mid.both, mid.both, z);
    }
    if (other && paid(x) && paid(z) && x != z)
      if (auto m = merge(q()[0], *other))
        if (const int w = satisfy(*m, true, best_.cost - gh); w >= 0) consider(w, y, w);
    if (other && paid(y) && paid(z) && y != z)
      if (auto m = merge(q()[1], *other))
        if (const int w = satisfy(*m, true, best_.cost - gh); w >= 0) consider(x, w, w);
    if (other && paid(x) && paid(y) && paid(z) && x != y && y != z && x != z)
      if (auto m = merge(q()[0], q()[1]))
        if (auto m3 = merge(*m, *other))
          if (const int w = satisfy(*m3, true, best_.cost - gh); w >= 0) consider(w, w, w);
    if (best >= best_.cost) return;
    // h's content is paid for without the slot it shares with g's other argument.
    const int t = apply(hi, bx, by);
    if (t < 0) return;
    if (p == 2) apply(gi, t, t, best);
    else if (p == 0) apply(gi, t, bz, best);
    else apply(gi, bz, t, best);
  }

  // A programmable instruction feeding another (vpshufb, then vpermd): for the last one's
  // elements, the goal's elements are placed one by one into the first one's result where the
  // first one can still make them (greedy, first fit: not exhaustive; the bound does not count on
  // it). False when the budget ran out.
  bool programmable_chain() {
    if (one_control_) return true;  // (two programmable instructions)
    for (const isa::Instruction* p2 : cat_->programmable) {
      if (p2->control.kind != isa::Control::Kind::Table || p2->num_inputs != 1 || p2->control.table_inputs != 1) continue;
      const unsigned eb = p2->elem_bits / 8, n = p2->n(), n_src = p2->in_bits(0) / p2->src_elem_bits;
      if (p2->src_elem_bits != p2->elem_bits) continue;
      for (const isa::Instruction* p1 : cat_->programmable)
        for (int a = 0; a < n0_; ++a)
          for (int b = p1->num_inputs == 2 ? 0 : -1; b < (p1->num_inputs == 2 ? n0_ : 0); ++b) {
            if (cat_->programmable_cost.at(p1) + cat_->programmable_cost.at(p2) >= best_.cost) continue;
            if (out_of_budget()) return false;
            ++nodes_;
            std::vector<int> mid(bytes_, kAnyByte);
            bool ok = true;
            for (unsigned i = 0; i < n && ok; ++i) {
              const auto w = goal_.begin() + i * eb;
              bool any = true, zero = true;
              for (unsigned k = 0; k < eb; ++k) any &= w[k] == kAnyByte, zero &= w[k] == kAnyByte || w[k] == kZeroByte;
              if (any || (zero && p2->control.zeroing)) continue;
              const unsigned lo = p2->control.block_elems ? i / p2->control.block_elems * p2->control.block_elems : 0;
              const unsigned hi = p2->control.block_elems ? lo + p2->control.block_elems : n_src;
              bool placed = false;
              // An element already holding it, then a free one the first instruction can fill.
              for (unsigned e = lo; e < hi && !placed; ++e) {
                bool same = true;
                for (unsigned k = 0; k < eb && same; ++k) same = w[k] == kAnyByte || mid[e * eb + k] == w[k];
                placed = same;
              }
              for (unsigned e = lo; e < hi && !placed; ++e) {
                bool fits = true;
                for (unsigned k = 0; k < eb && fits; ++k) fits = mid[e * eb + k] == kAnyByte || w[k] == kAnyByte || mid[e * eb + k] == w[k];
                if (!fits) continue;
                std::vector<int> trial = mid;
                for (unsigned k = 0; k < eb; ++k)
                  if (w[k] != kAnyByte) trial[e * eb + k] = w[k];
                if (control_for(p1, a, b, trial)) mid = std::move(trial), placed = true;
              }
              ok = placed;
            }
            if (!ok) continue;
            auto control = control_for(p1, a, b, mid);
            if (!control) continue;
            const auto map = isa::index_map_at(*p1, {0, *control}, 8);
            Value v{Bytes(bytes_), programmable_cost(p1, a, b), -1, a, b, 2, p1, *control};
            for (unsigned j = 0; j < bytes_; ++j)
              v.bytes[j] = map[j].is_zero() ? kZeroLabel : values_[size_t(map[j].input == 0 ? a : b)].bytes[size_t(map[j].elem)];
            solve(p2, add(std::move(v)), -1);
          }
    }
    return true;
  }

  // The classes the goal needs (lower_bound.h).
  unsigned need() const { return need_of(goal_); }
  // What a content holding requirement r (from the inputs) needs.
  unsigned need_of(const std::vector<int>& r) const {
    unsigned n = 0, inputs = 0;
    for (unsigned j = 0; j < bytes_; ++j) {
      const int g = r[j];
      if (g == kZeroByte) n |= synth::kMakesZero;
      if (g < 0) continue;
      n |= move_classes(unsigned(g % 256), j);
      inputs |= 1u << ((unsigned(g) & ~unsigned(kSignLabel)) / 256);  // (a sign fill is its input's)
    }
    return std::popcount(inputs) >= 2 ? n | synth::kJoins : n;
  }
  // The classes of a byte moving from position s to position j.
  static unsigned move_classes(unsigned s, unsigned j) {
    unsigned c = 0;
    if (s % 8 != j % 8) c |= synth::kMovesInQword;
    if (s / 8 % 2 != j / 8 % 2) c |= synth::kCrossesQwords;
    if (s / 16 != j / 16) c |= synth::kCrossesBlocks;
    return c;
  }
  static unsigned classes(const Instance& in) {
    unsigned c = in.arity == 0 ? unsigned(synth::kMakesZero) : 0u, args = 0;
    for (size_t j = 0; j < in.src.size(); ++j) {
      const int s = in.src[j];
      if (s < 0) {
        c |= synth::kMakesZero;
        continue;
      }
      c |= move_classes(unsigned(s % 256), unsigned(j));
      args |= 1u << ((s & kSrcMask) / 256);
    }
    return std::popcount(args) >= 2 ? c | synth::kJoins : c;
  }
  static unsigned classes(const isa::Instruction& p) {
    const unsigned joins = p.num_inputs >= 2 ? unsigned(synth::kJoins) : 0u;
    if (p.control.kind != isa::Control::Kind::Table) return joins;  // a variable blend keeps every byte's place
    // An element reads its own block; blocks of one element (and with a constant) move nothing.
    // Bytes of an element move together, anywhere in their block.
    const unsigned eb = p.elem_bits / 8, block = p.control.block_elems ? p.control.block_elems * eb : p.reg_bits / 8;
    unsigned c = joins;
    if (block > eb && eb < 8) c |= synth::kMovesInQword;
    if (block > 8 && eb < 16) c |= synth::kCrossesQwords;
    if (block > 16) c |= synth::kCrossesBlocks;
    if (p.control.zeroing) c |= synth::kMakesZero;
    return c;
  }
  // A one-input byte lookup that zeroes and reads the whole register (pshufb xmm, tbl 16b): any
  // arrangement of one register's bytes and zeros in one instruction.
  bool whole_lookup(const isa::Instruction& p) const {
    const isa::Control& c = p.control;
    return p.num_inputs == 1 && c.kind == isa::Control::Kind::Table && c.table_inputs == 1 && c.zeroing && p.elem_bits == 8 &&
           p.src_elem_bits == 8 && p.in_bits(0) == p.reg_bits && (c.block_elems == 0 || c.block_elems * 8 >= p.reg_bits);
  }
  // The goal as the one-crossing argument sees it (one_crossing.h); `pairs`: level 4's
  // programmable pairs were tried.
  synth::CrossingProof crossing_proof(bool pairs, unsigned levels) const {
    synth::CrossingProof p;
    p.goal = goal_;
    p.short_third = levels < 3 && bounds_->level[level4_applies() ? 4 : 3] < best_.cost - 1e-5;  // (depth3)
    p.cheapest_reading = cat_->min_reading;
    p.programmable_pair = pairs ? bounds_->inputs.programmable_pair_rest : bounds_->inputs.programmable_pair;
    for (const Instance& in : cat_->instances)
      if (in.arity == 0) p.zero_register = std::min(p.zero_register, in.cost);
    // (Under latency copies are not counted: they are renamed away.)
    if (cat_->destructive && o_.objective != Objective::latency) p.copy = added_cost("copy.128").value_or(0);
    if (!unbudgeted_) p.deadline = end_;
    p.most = most_;  // (the ports proof's search: Programs below a block throughput)
    p.steps = crossing_catalog();
    return p;
  }
  // The catalog's instructions as the arguments see them, built once per catalog.
  std::shared_ptr<const std::vector<synth::CrossingStep>> crossing_catalog() const {
    std::lock_guard<std::mutex> lock(cat_->crossing_mutex);
    if (!cat_->crossing) cat_->crossing = std::make_shared<const std::vector<synth::CrossingStep>>(crossing_steps());
    return cat_->crossing;
  }
  const Catalog::BlendParts& blend_parts() const {
    std::lock_guard<std::mutex> lock(cat_->blend_mutex);
    if (cat_->blend_parts) return *cat_->blend_parts;
    Catalog::BlendParts b;
    // The lookups: tables of one input over the whole register (pshufb; not a pand with a
    // constant, a table of one-byte blocks).
    for (const isa::Instruction* q : cat_->programmable)
      if (one_input(q) && q->control.kind == isa::Control::Kind::Table &&
          (q->control.block_elems == 0 || q->control.block_elems * std::max(1u, q->elem_bits / 8) >= bytes_))
        b.lookups.push_back(q), b.lookup = std::min(b.lookup, cat_->programmable_cost.at(q));
    for (int i = 0; i < int(cat_->instances.size()); ++i) {
      const Instance& in = cat_->instances[size_t(i)];
      if (in.arity != 2) continue;
      uint32_t sel = 0;
      bool keeps = true;
      for (unsigned j = 0; j < bytes_ && keeps; ++j) {
        keeps = in.src[j] == int(j) || in.src[j] == int(256 + j);
        if (in.src[j] == int(256 + j)) sel |= 1u << j;
      }
      if (!keeps) continue;
      auto [it, fresh] = b.blend_of.try_emplace(sel, i);
      if (!fresh && in.cost < cat_->instances[size_t(it->second)].cost) it->second = i;
      const unsigned w = std::max(1u, in.in->elem_bits / 8);
      auto at = std::find_if(b.widths.begin(), b.widths.end(), [&](const auto& e) { return e.first == w; });
      if (at == b.widths.end()) b.widths.push_back({w, in.cost});
      else at->second = std::min(at->second, in.cost);
      b.fixed = std::min(b.fixed, in.cost);
    }
    for (const isa::Instruction* p : cat_->programmable)
      if (variable_blend(p) && p->elem_bits == 8 && cat_->programmable_cost.at(p) < b.variable)
        b.variable = cat_->programmable_cost.at(p), b.vblend = p;
    // SSE4.1's pblendvb reads its control from xmm0, where input a arrives: a, or a's shift made
    // in place, is copied out first. Its answers pay that copy here, or an answer dearer with it
    // would stand as cheaper without and block the proof of a cheaper one (Search::offer).
    if (b.vblend) b.variable += control_register_copy(*b.vblend).value_or(kInf);
    cat_->blend_parts = std::make_shared<const Catalog::BlendParts>(std::move(b));
    return *cat_->blend_parts;
  }
  // two_steps_exact once a search, where copies may cap the bound (SSE's two-operand forms):
  // whether it ran to its end.
  bool exact_pairs(int n1) {
    if (!two_steps_) {
      if (handed_over_ || !cat_->destructive || o_.objective == Objective::latency || !aiming() || out_of_budget_) return false;
      two_steps_ = two_steps_exact(n1);
    }
    // (Every Program of two instructions below the answer then was priced: below a cheaper one
    // since, too.)
    if (*two_steps_) two_exact_ = two_exact_ || bounds_->level[2] >= best_.cost - 1e-5;
    return *two_steps_;
  }
  // Every Program of two instructions, by each derivation of its first step's content, priced
  // with the copies its emitted code needs. The search keeps one derivation per content, so where
  // an answer offered costs less without its copies (`shufps b, a` then `blendps` with b: 1.33,
  // 1.67 with the copy of b) another derivation may need none, and no level proves the answer.
  // The cheapest of them below the answer, if any, becomes it (direct_). Where level 2's bound
  // reaches the answer, only Programs of one or two instructions could cost less, and one
  // instruction needs no copy: the answer is then proven (two_exact_). False when the budget ran
  // out.
  bool two_steps_exact(int n1) {
    const Reached& reached = *reached_;
    const int made_end = std::min(n1, int(reached.derivations.size()));
    double found = best_.cost;
    // First steps: an instance on the leaves (each derivation of a depth-1 content), or a
    // programmable instruction on them. A zero register argument is its idiom, emitted first.
    struct First {
      const isa::Instruction* in;
      uint64_t imm;
      std::vector<int> control;
      int a, b;
      double cost;
    };
    auto leaf_cost = [&](int x) { return x >= int(k_) && x >= 0 ? values_[size_t(x)].cost : 0.0; };
    auto try_program = [&](const First& f, const isa::Instruction* g, uint64_t imm, const std::vector<int>& control, int ga, int gb,
                           double g_cost) {
      // ga, gb: a leaf, or -2 for the first step's result.
      double cost = f.cost + g_cost + leaf_cost(f.a) + (f.b != f.a ? leaf_cost(f.b) : 0);
      for (int x : {ga, gb})
        if (x >= 0 && x != f.a && x != f.b) cost += leaf_cost(x);
      if (cost >= found - 1e-9) return;
      Program prog = inputs_only(o_, names_, width_);
      std::unordered_map<int, unsigned> at;
      for (unsigned k = 0; k < k_; ++k) at[int(k)] = k;
      auto arg = [&](int x) -> unsigned {
        if (x == -2) return prog.num_values() - 1;
        if (auto it = at.find(x); it != at.end()) return it->second;
        const Value& z = values_[size_t(x)];  // the zero register: its idiom
        prog.steps.push_back(Program::Step{fmt::format("t{}", prog.steps.size()), cat_->instances[size_t(z.inst)].in, {},
                                           cat_->instances[size_t(z.inst)].imm, {}});
        return at[x] = prog.num_values() - 1;
      };
      Program::Step first{"", f.in, {}, f.imm, f.control};
      for (int x : {f.a, f.b})
        if (x >= 0) first.args.push_back(arg(x));
      first.name = fmt::format("t{}", prog.steps.size());
      prog.steps.push_back(std::move(first));
      const unsigned made = prog.num_values() - 1;
      Program::Step last{"r", g, {}, imm, control};
      for (int x : {ga, gb})
        if (x != -1) last.args.push_back(x == -2 ? made : arg(x));
      prog.steps.push_back(std::move(last));
      prog.outputs.push_back(prog.num_values() - 1);
      commute_for_copies(prog);
      const double c = with_copies(prog, cost);
      if (c < found - 1e-9) found = c, direct_ = std::move(prog);
    };
    // The first steps whose content holds `deep`, costing less than `room`.
    auto firsts = [&](const std::vector<int>& deep, double room, auto&& f) {
      std::optional<synth::ByteIndex::List> list;
      for (unsigned j = 0; j < bytes_; ++j) {
        if (deep[j] == kAnyByte) continue;
        const synth::ByteIndex::List l = by_byte_[slot(j, deep[j] == kZeroByte ? kZeroLabel : Label(deep[j]))];
        if (!list || l.size() < list->size()) list = l;
      }
      if (!list) return;  // (nothing asked of it: the second step alone is one instruction)
      for (int x : *list) {
        if (x < leaves_ || x >= made_end || !holds(x, deep)) continue;
        for (const Reached::Derivation& d : reached.derivations[size_t(x)]) {
          const Instance& h = cat_->instances[size_t(d.inst)];
          if (h.cost < room) f(First{h.in, h.imm, {}, d.a, d.b, h.cost});
        }
      }
      for (const isa::Instruction* p : cat_->programmable) {
        if (cat_->programmable_cost.at(p) >= room) continue;
        for (int x = 0; x < leaves_; ++x)
          for (int y = p->num_inputs == 2 ? 0 : -1; y < (p->num_inputs == 2 ? leaves_ : 0); ++y)
            if (auto control = control_for(p, x, y, deep)) f(First{p, 0, std::move(*control), x, y, cat_->programmable_cost.at(p)});
      }
    };
    std::vector<int> R[2];
    for (int gi : cat_->order) {
      const Instance& g = cat_->instances[size_t(gi)];
      if (g.cost + cat_->min_cost >= found) break;
      if (g.arity == 0 || !requirements(g, goal_, R)) continue;
      if (out_of_budget()) return false;
      ++nodes_;
      const double room = found - g.cost;
      if (g.arity == 1) {
        firsts(R[0], room, [&](const First& f) { try_program(f, g.in, g.imm, {}, -2, -1, g.cost); });
        continue;
      }
      for (unsigned p = 0; p < 2; ++p)
        for (int z = 0; z < leaves_; ++z)
          if (holds(z, R[1 - p]))
            firsts(R[p], room, [&](const First& f) { try_program(f, g.in, g.imm, {}, p == 0 ? -2 : z, p == 0 ? z : -2, g.cost); });
      if (auto both = merge(R[0], R[1])) firsts(*both, room, [&](const First& f) { try_program(f, g.in, g.imm, {}, -2, -2, g.cost); });
    }
    // A programmable last step on a depth-1 content (two programmable instructions are below
    // level 2's bound): each content that holds every goal byte its other argument does not. (A
    // blend keeps bytes in place: its arguments must hold each goal byte at its place between
    // them, checked on the places where each holds its goal byte before control_for.)
    uint32_t wanted = 0;
    for (unsigned j = 0; j < bytes_; ++j) wanted |= uint32_t(goal_[j] != kAnyByte) << j;
    auto in_place = [&](int x) {
      uint32_t m = 0;
      for (unsigned j = 0; j < bytes_; ++j) {
        const int g = goal_[j];
        m |= uint32_t(g != kAnyByte && values_[size_t(x)].bytes[j] == (g == kZeroByte ? kZeroLabel : Label(g))) << j;
      }
      return m;
    };
    std::array<uint32_t, 4> leaf_in_place{};
    for (int y = 0; y < leaves_ && y < 4; ++y) leaf_in_place[size_t(y)] = in_place(y);
    for (const isa::Instruction* p : cat_->programmable) {
      const double pc = cat_->programmable_cost.at(p);
      const bool select = p->control.kind == isa::Control::Kind::Select && bytes_ <= 32 && leaves_ <= 4;
      for (int x = leaves_; x < made_end; ++x) {
        if (is_hidden(x) || pc + cost(x) >= found) continue;
        if (out_of_budget()) return false;
        ++nodes_;
        const uint32_t x_in_place = select ? in_place(x) : 0;
        auto may = [&](int y) { return !select || ((x_in_place | (y == x ? 0 : leaf_in_place[size_t(y)])) & wanted) == wanted; };
        std::array<std::pair<int, int>, 9> args;
        size_t n = 0;
        if (p->num_inputs != 2) {
          args[n++] = {x, -1};
        } else {
          if (may(x)) args[n++] = {x, x};
          for (int y = 0; y < leaves_ && n + 2 <= args.size(); ++y)
            if (may(y)) args[n++] = {x, y}, args[n++] = {y, x};
        }
        for (size_t i = 0; i < n; ++i) {
          const auto [a, b] = args[i];
          auto control = control_for(p, a, b, goal_);
          if (!control) continue;
          for (const Reached::Derivation& d : reached.derivations[size_t(x)]) {
            const Instance& h = cat_->instances[size_t(d.inst)];
            if (h.cost + pc < found)
              try_program(First{h.in, h.imm, {}, d.a, d.b, h.cost}, p, 0, *control, a == x ? -2 : a, b == x ? -2 : b, pc);
          }
        }
      }
    }
    if (found < best_.cost) best_.cost = found;
    return true;
  }
  // Every Program of three instructions none programmable (level 3's), by each derivation of its
  // steps, priced with the copies its emitted code needs: where copies block the proof after
  // three levels (`shufps b, a` and `blendps` with b: 1.33 without the copy of b, 1.67 with it),
  // another derivation may need none. With two_steps_exact, every Program level 3's bound covers
  // is then priced whole, and the bound (or the one-crossing argument) holds with copies. False
  // when the budget ran out or the Programs were too many (kThreeStepNodes).
  bool three_steps_exact(int n1) {
    const Reached& reached = *reached_;
    const int made_end = std::min(n1, int(reached.derivations.size()));
    double found = best_.cost;
    uint64_t nodes = 0;
    // A step: an instance on two arguments, each a leaf (>= 0) or an earlier step (-1 - index).
    struct Step {
      int inst, a, b;
    };
    // The copies depend on the instructions and on what reads what, not on the immediates: priced
    // once per such shape (emitting the Program is most of the cost).
    struct Shape {
      std::array<const isa::Instruction*, 3> in{};
      std::array<int, 6> args{};
      bool operator==(const Shape&) const = default;
    };
    struct ShapeHash {
      size_t operator()(const Shape& s) const {
        size_t h = 0;
        for (const isa::Instruction* p : s.in) h = h * 1000003 ^ std::hash<const void*>()(p);
        for (int a : s.args) h = h * 31 + size_t(a);
        return h;
      }
    };
    std::unordered_map<Shape, double, ShapeHash> copies;
    auto program = [&](const std::array<Step, 3>& steps) {
      Program prog = inputs_only(o_, names_, width_);
      int zero_at = -1;
      std::vector<unsigned> at;
      auto arg = [&](int x) -> unsigned {
        if (x < 0) return at[size_t(-1 - x)];
        if (x < int(k_)) return unsigned(x);
        if (zero_at < 0) {  // the zero register: its idiom, emitted first
          const Instance& z = cat_->instances[size_t(values_[size_t(x)].inst)];
          prog.steps.insert(prog.steps.begin(), Program::Step{"", z.in, {}, z.imm, {}});
          zero_at = int(k_);
        }
        return unsigned(zero_at);
      };
      for (const Step& st : steps)
        for (int x : {st.a, st.b})
          if (x >= int(k_)) arg(x);
      for (const Step& st : steps) {
        const Instance& in = cat_->instances[size_t(st.inst)];
        Program::Step ps{"", in.in, {}, in.imm, {}};
        if (st.a != kNoArg) ps.args.push_back(arg(st.a));
        if (st.b != kNoArg) ps.args.push_back(arg(st.b));
        prog.steps.push_back(std::move(ps));
        at.push_back(prog.num_values() - 1);
      }
      for (size_t i = 0; i < prog.steps.size(); ++i) prog.steps[i].name = fmt::format("t{}", i);
      prog.steps.back().name = "r";
      prog.outputs.push_back(prog.num_values() - 1);
      commute_for_copies(prog);
      return prog;
    };
    auto price = [&](const std::array<Step, 3>& steps) {
      double cost = 0;
      bool zero = false;
      Shape shape;
      for (size_t i = 0; i < 3; ++i) {
        const Instance& in = cat_->instances[size_t(steps[i].inst)];
        cost += in.cost;
        shape.in[i] = in.in;
        shape.args[2 * i] = steps[i].a, shape.args[2 * i + 1] = steps[i].b;
        for (int x : {steps[i].a, steps[i].b}) zero |= x >= int(k_);
      }
      if (zero) cost += values_[size_t(k_)].cost;
      if (cost >= found - 1e-9) return;
      auto [known, fresh] = copies.try_emplace(shape, 0.0);
      if (fresh) known->second = with_copies(program(steps), 0.0);
      if (cost + known->second < found - 1e-9) found = cost + known->second, direct_ = program(steps);
    };
    // Each derivation of a depth-1 content holding `want`, none programmable, below `room` (the
    // derivations per requirement found once: many middle steps ask the same).
    std::unordered_map<std::string, std::vector<std::pair<int, Step>>> holding;
    // Per (place, label), the depth-1 contents holding it, as a set (made on first use).
    const size_t words = (size_t(made_end) + 63) / 64;
    std::vector<std::vector<uint64_t>> by_slot(bytes_ * labels_per_position());
    auto slot_bits = [&](size_t sl) -> const std::vector<uint64_t>& {
      std::vector<uint64_t>& b = by_slot[sl];
      if (b.empty()) {
        b.assign(words, 0);
        for (int x : by_byte_[sl])
          if (x < made_end) b[size_t(x) / 64] |= uint64_t(1) << (x % 64);
      }
      return b;
    };
    auto firsts = [&](const std::vector<int>& want, double room, auto&& f) {
      const std::string& key = requirement_key(want, 0);
      auto known = holding.find(key);
      const bool fresh = known == holding.end();
      if (fresh) known = holding.emplace(key, std::vector<std::pair<int, Step>>{}).first;
      std::vector<std::pair<int, Step>>& list = known->second;
      if (fresh) {
        // The contents holding every wanted byte: the intersection of their places' sets.
        std::vector<uint64_t> in(words, ~uint64_t(0));
        bool asked = false;
        for (unsigned j = 0; j < bytes_; ++j)
          if (want[j] != kAnyByte) {
            const std::vector<uint64_t>& b = slot_bits(slot(j, want[j] == kZeroByte ? kZeroLabel : Label(want[j])));
            for (size_t w = 0; w < words; ++w) in[w] &= b[w];
            asked = true;
          }
        for (size_t w = 0; w < words && asked; ++w)  // (nothing asked: a leaf does)
          for (uint64_t m = in[w]; m; m &= m - 1) {
            const int x = int(w * 64 + size_t(std::countr_zero(m)));
            if (x < leaves_ || x >= made_end) continue;
            for (const Reached::Derivation& d : reached.derivations[size_t(x)])
              list.push_back({x, Step{d.inst, d.a, cat_->instances[size_t(d.inst)].arity == 2 ? d.b : kNoArg}});
          }
        std::sort(list.begin(), list.end(), [&](const auto& x, const auto& y) {
          return cat_->instances[size_t(x.second.inst)].cost < cat_->instances[size_t(y.second.inst)].cost;
        });
      }
      for (const auto& [x, st] : list) {
        if (cat_->instances[size_t(st.inst)].cost >= room) break;
        f(x, st);
      }
    };
    // The leaves holding `want`, as a set (bit z: leaf z; a few leaves, asked thousands of times).
    auto leaves_holding = [&](const std::vector<int>& want) {
      uint64_t zs = 0;
      for (int z = 0; z < leaves_ && z < 64; ++z)
        if (holds(z, want)) zs |= uint64_t(1) << z;
      return zs;
    };
    auto each_leaf = [](uint64_t zs, auto&& f) {
      for (; zs; zs &= zs - 1) f(std::countr_zero(zs));
    };
    std::vector<int> R[2], S[2];
    // Two steps making a content that holds `want` (the first on leaves, the second reading it
    // and a leaf or it again), below `room`: f(first's content, first, second), the second's
    // arguments -1 for the first's result.
    // (`also`: what the first step's content must hold besides, where given.)
    auto chain_seconds = [&](const std::vector<int>& want, double room, unsigned need, const std::vector<int>* also, auto&& f) {
      std::vector<int> Q[2];
      // g(q with `also`), where they agree (q itself without `also`: no copy).
      auto with = [&](const std::vector<int>& q, auto&& g) {
        if (!also) g(q);
        else if (const auto m = merge(q, *also)) g(*m);
      };
      for (int mi : cat_->order) {
        const Instance& m = cat_->instances[size_t(mi)];
        if (m.cost + cat_->min_cost >= room) break;
        // (The first step and m have the classes g leaves: `need`.)
        if (m.cost + std::max(cat_->min_cost, bounds_->cover[need & ~m.cls]) >= room) continue;
        if (m.arity == 0 || !requirements(m, want, Q)) continue;
        if (++nodes > three_step_cap_ || ((nodes & 31) == 0 && out_of_budget())) return false;
        const double left = room - m.cost;
        if (m.arity == 1) {
          with(Q[0], [&](const std::vector<int>& q) { firsts(q, left, [&](int x, const Step& st) { f(x, st, Step{mi, -1, kNoArg}); }); });
          continue;
        }
        for (unsigned p = 0; p < 2; ++p) {
          const uint64_t zs = leaves_holding(Q[1 - p]);
          if (zs)
            with(Q[p], [&](const std::vector<int>& q) {
              firsts(q, left, [&](int x, const Step& st) {
                each_leaf(zs, [&](int z) { f(x, st, Step{mi, p == 0 ? -1 : z, p == 0 ? z : -1}); });
              });
            });
        }
        if (auto both = merge(Q[0], Q[1]))
          with(*both, [&](const std::vector<int>& q) { firsts(q, left, [&](int x, const Step& st) { f(x, st, Step{mi, -1, -1}); }); });
      }
      return true;
    };
    struct Chain {
      int x;
      Step first, second;
    };
    std::unordered_map<std::string, std::vector<Chain>> chains;  // by what seconds() was asked
    auto seconds = [&](const std::vector<int>& want, double room, unsigned need, const std::vector<int>* also, auto&& f) {
      // (Many last steps ask the same: the chains found once per question.)
      std::string key(reinterpret_cast<const char*>(want.data()), want.size() * sizeof(int));
      if (also) key.append(reinterpret_cast<const char*>(also->data()), also->size() * sizeof(int));
      key.append(reinterpret_cast<const char*>(&room), sizeof room);
      key.push_back(char(need));
      if (auto it = chains.find(key); it != chains.end()) {
        for (const Chain& c : it->second) f(c.x, c.first, c.second);
        return true;
      }
      std::vector<Chain> found_chains;
      auto keep = [&](int x, const Step& a, const Step& b) {
        found_chains.push_back({x, a, b});
        f(x, a, b);
      };
      if (!chain_seconds(want, room, need, also, keep)) return false;
      chains.emplace(std::move(key), std::move(found_chains));
      return true;
    };
    for (int gi : cat_->order) {
      const Instance& g = cat_->instances[size_t(gi)];
      if (g.cost + 2 * cat_->min_cost >= found) break;
      // (Every Program has the goal's classes: the two steps under g have what g has not.)
      const unsigned need = bounds_->inputs.need & ~g.cls;
      if (g.cost + std::max(2 * cat_->min_cost, bounds_->cover[need]) >= found) continue;
      if (g.arity == 0 || !requirements(g, goal_, R)) continue;
      if (++nodes > three_step_cap_ || out_of_budget()) return false;
      const double room = found - g.cost;
      bool complete = true;
      if (g.arity == 1) {
        complete = seconds(R[0], room, need, nullptr, [&](int, const Step& a, const Step& b) { price({a, b, Step{gi, -2, kNoArg}}); });
      } else {
        for (unsigned p = 0; p < 2 && complete; ++p) {
          const uint64_t zs = leaves_holding(R[1 - p]);
          // (Without a leaf for the other argument, the first step's content is it.)
          complete = seconds(R[p], room, need, zs == 0 ? &R[1 - p] : nullptr, [&](int x, const Step& a, const Step& b) {
            // The other argument: a leaf, the first step's content, or the second's.
            const int second = -2, first = -1;
            each_leaf(zs, [&](int z) { price({a, b, Step{gi, p == 0 ? second : z, p == 0 ? z : second}}); });
            if (holds(x, R[1 - p])) price({a, b, Step{gi, p == 0 ? second : first, p == 0 ? first : second}});
          });
        }
        if (auto both = merge(R[0], R[1]); both && complete)
          complete = seconds(*both, room, need, nullptr, [&](int, const Step& a, const Step& b) { price({a, b, Step{gi, -2, -2}}); });
        // Two first steps, one for each argument.
        firsts(R[0], room, [&](int, const Step& a) {
          firsts(R[1], room - cat_->instances[size_t(a.inst)].cost, [&](int, const Step& b) { price({a, b, Step{gi, -1, -2}}); });
        });
      }
      if (!complete) return false;
    }
    if (found < best_.cost) best_.cost = found;
    return true;
  }

  // What the copy out of a fixed control register adds to programmable instruction p on (x, y)
  // under the objective: where an input arrives in p's control register and is one of its
  // arguments, it must be moved out before the control goes in (pblendvb on input a: a arrives
  // in xmm0). Every Program with such a step has that copy, so the search prices it (the bound
  // then reaches pblendvb + pshufb at 2.0, not 1.67 without the copy). Two such steps are priced
  // twice though one copy may do: the proof counts on it only below two_vacates().
  double vacate_price(const isa::Instruction* p, int x, int y) const { return vacates(p, x, y) ? vacate_copy_ : 0; }
  // Whether p on (x, y) (value ids) reads what sits in its fixed control register: the input that
  // arrives there, or a content that every Program as cheap makes there (stays_in).
  bool vacates(const isa::Instruction* p, int x, int y) const {
    if (cat_->fixed_register.empty()) return false;
    const auto it = cat_->fixed_register.find(p);
    if (it == cat_->fixed_register.end() || it->second >= int(k_)) return false;
    return stays_in(x, it->second) || (y != x && stays_in(y, it->second));
  }
  // Whether content x is input k or can only be made, for less than it costs with a copy, in
  // input k's register: each instance that makes it from the leaves below that is a one-input
  // instruction overwriting its operand, on input k (psrld a writes xmm0, where a arrives); no
  // other programmable instruction costs less; and no two instructions do (by the bound's
  // classes). A step reading it from a fixed control register then pays a copy as well (of x,
  // or of input k before x was made). Depth-1 contents only; memoised per search.
  bool stays_in(int x, int k) const {
    if (x == k) return true;
    const Reached& reached = *reached_;
    if (x < leaves_ || x >= int(reached.derivations.size()) || copy_price_ <= 0 || !bounds_) return false;
    int8_t& memo = stays_memo_[size_t(x) * k_ + size_t(k)];
    if (memo >= 0) return memo == 1;
    const double with_copy = values_[size_t(x)].cost + copy_price_ - 1e-6;
    memo = 0;
    // (Cheapest checks first: most contents fail the first.)
    for (const Reached::Derivation& d : reached.derivations[size_t(x)]) {
      const Instance& h = cat_->instances[size_t(d.inst)];
      if (h.cost < with_copy && (h.arity != 1 || d.a != k || !overwrites_an_operand(*h.in))) return false;
    }
    std::vector<int> content(bytes_);
    bool of_k = false;
    for (unsigned j = 0; j < bytes_; ++j) {
      const Label l = values_[size_t(x)].bytes[j];
      content[j] = l == kZeroLabel ? kZeroByte : int(l);
      of_k |= l != kZeroLabel && int((l & ~kSignLabel) / 256) == k;
    }
    if (!of_k) return false;
    const unsigned need = need_of(content);
    for (const isa::Instruction* p : cat_->programmable)
      if (cat_->programmable_cost.at(p) < with_copy && (classes(*p) & need) == need && !(one_input(p) && overwrites_an_operand(*p)))
        return false;
    double& two = two_or_more_[need];  // (per class set: the same for every content)
    if (two < 0) {
      synth::BoundInputs classes = bounds_->inputs;
      classes.need = need;
      two = synth::cheapest_shape(classes, 2, 0);
    }
    const bool in = two >= with_copy;
    memo = in ? 1 : 0;
    return in;
  }
  // The steps of answer s the search priced a copy out of a fixed control register for.
  unsigned vacating_steps(const Solution& s) const {
    unsigned n = 0;
    std::vector<int> seen;
    std::function<void(int)> walk = [&](int id) {
      if (id < int(k_) || std::find(seen.begin(), seen.end(), id) != seen.end()) return;
      seen.push_back(id);
      const Value& v = values_[size_t(id)];
      if (v.prog && vacates(v.prog, v.a, v.b)) ++n;
      if (v.a >= 0) walk(v.a);
      if (v.b >= 0) walk(v.b);
    };
    if (s.prog || s.inst >= 0) {
      n += s.prog && vacates(s.prog, s.pa, s.pb);
      walk(s.pa);
      if (s.pb >= 0) walk(s.pb);
    } else {
      walk(s.value);
    }
    return n;
  }
  double programmable_cost(const isa::Instruction* p, int x, int y) const { return cat_->programmable_cost.at(p) + vacate_price(p, x, y); }
  // The copy out of a fixed control register, priced per step in a priced search.
  void price_vacates() {
    copy_price_ = vacate_copy_ = 0, two_vacates_ = kInf;
    if (cat_->fixed_register.empty() || o_.objective == Objective::latency || !instr_cost(*o_.cpu, "copy.128")) return;  // (latency counts no copies)
    copy_price_ = *added_cost("copy.128");
    if (vacates_ == Vacates::priced) vacate_copy_ = copy_price_;
  }
  // The least a Program with two steps that vacate a fixed control register costs (once the
  // bound's classes are known): both, the copy (one may serve both), and the instructions with
  // the goal's classes the blends lack, at least one (blends of an input alone are one blend of
  // it, priced once): a goal that moves bytes takes a shuffle beside two pblendvb (2.67 on
  // Skylake, not 2.0). Below it, a Program's priced cost is at most its cost with copies; above,
  // the bound stops here.
  void price_two_vacates() {
    if (copy_price_ <= 0) return;
    unsigned fixed = 0;
    for (const auto& [in, r] : cat_->fixed_register) fixed |= classes(*in);
    two_vacates_ = 2 * cat_->min_fixed + copy_price_ + std::max(cat_->min_reading, bounds_->cover[bounds_->inputs.need & ~fixed]);
  }
  // What bounds an answer beside the levels: the cheapest answer offered without the copies the
  // search does not price, and two_vacates; nothing where two_steps_exact tried every Program
  // below level 2's bound with its copies.
  double priced_floor() const {
    if (two_exact_) return kInf;
    const double copies = three_exact_ ? kInf : copy_free_;
    return vacates_ == Vacates::priced ? std::min(copies, two_vacates_) : copies;
  }

 public:
  // Unpriced, the copies out of a fixed control register block the proof of an answer they are
  // part of (pblendvb and pshufb: 2.0 with the copy, 1.67 without). A search that prices them
  // could prove it: up to two_vacates, where that pricing is sound.
  bool vacates_block() const {
    return vacates_ != Vacates::priced && copy_price_ > 0 && answered() && copy_free_ < best_.cost - 1e-5 && vacate_free_ >= best_.cost - 1e-5 &&
           best_.cost <= two_vacates_ + 1e-5;
  }
  // The cheapest instruction that reads a register, under the objective (under latency: the
  // least latency of a step on a Program's path).
  double least_reading() const { return cat_->min_reading; }

 private:
  // What vacating q's fixed control register costs: the asm emitter's convention puts input k in
  // register k, so a control fixed in xmm0 finds input a (or what was made from it in place) there
  // and a copy moves it out first. 0 where no copy is needed; nullopt where the cost table has
  // none.
  std::optional<double> control_register_copy(const isa::Instruction& q) const {
    if (fixed_control_register(q) != 0) return 0.0;
    if (const auto copy = instr_cost(*o_.cpu, "copy.128")) return copy->rthroughput;
    return std::nullopt;
  }

  std::optional<synth::PortUse> port_use(std::string_view id) const { return synth::port_use(*o_.cpu, id); }
  // The catalog's instructions as it sees them.
  std::vector<synth::CrossingStep> crossing_steps() const {
    std::vector<synth::CrossingStep> steps;
    auto add = [&](const Instance& in, bool is_or) {
      if (in.arity == 0) return;
      synth::CrossingStep s;
      s.cost = in.cost;
      s.arity = in.arity;
      s.crossing = in.cls & synth::kCrossesQwords;
      s.moves = in.cls & synth::kMovesInQword;
      s.zeros = in.cls & synth::kMakesZero;
      s.is_or = is_or;
      s.destructive = overwrites_an_operand(*in.in);
      s.src = in.src;
      s.need_zero = in.need_zero;
      s.need_sign = in.need_sign;
      s.kept = in.kept;
      for (const isa::Instruction* q : in.same)
        if (auto u = port_use(q->id)) s.uses.push_back(std::move(*u));
      steps.push_back(std::move(s));
    };
    for (const Instance& in : cat_->instances) add(in, false);
    for (const Instance& in : cat_->ors) add(in, true);
    for (const isa::Instruction* q : cat_->programmable) {
      const unsigned c = classes(*q);
      synth::CrossingStep s;
      s.cost = cat_->programmable_cost.at(q);
      s.arity = q->num_inputs;
      s.crossing = c & synth::kCrossesQwords;
      s.moves = c & synth::kMovesInQword;
      s.zeros = c & synth::kMakesZero;
      s.programmable = true;
      s.table = q->control.kind == isa::Control::Kind::Table && q->src_elem_bits == q->elem_bits;
      s.tables = q->control.table_inputs;
      s.elem_bytes = std::max(1u, q->elem_bits / 8);
      s.block_bytes = q->control.block_elems ? q->control.block_elems * s.elem_bytes : q->reg_bits / 8;
      s.destructive = overwrites_an_operand(*q);
      s.vacate = control_register_copy(*q).value_or(0);
      if (auto u = port_use(q->id)) s.uses.push_back(std::move(*u));
      s.control = port_use(control_load_id(*q)).value_or(synth::PortUse{});
      steps.push_back(std::move(s));
    }
    return steps;
  }
  // The cheapest instruction of each class set, for the lower bound and the pruning.
  // The bound's inputs and what it makes of them, per catalog and (classes, zero leaf).
  std::shared_ptr<const Catalog::Bounds> catalog_bounds() const {
    const size_t key = size_t(need()) * 2 + zero_leaf_;
    std::lock_guard<std::mutex> lock(cat_->bounds_mutex);
    std::shared_ptr<const Catalog::Bounds>& slot = cat_->bounds[key];
    if (!slot) {
      auto b = std::make_shared<Catalog::Bounds>();
      b->inputs = bound_inputs();
      b->cover = synth::cover_costs(b->inputs);
      for (unsigned l = 0; l < b->level.size(); ++l) b->level[l] = synth::lower_bound(b->inputs, l);
      b->port = synth::dearest_needed(b->inputs);
      slot = std::move(b);
    }
    return slot;
  }
  synth::BoundInputs bound_inputs() const {
    synth::BoundInputs b;
    b.need = need();
    for (const Instance& in : cat_->instances) {
      double& c = in.arity == 0 && zero_leaf_ ? b.nullary : b.cheapest[in.cls];
      c = std::min(c, in.cost);
    }
    for (const Instance& in : cat_->ors) b.cheapest[synth::kJoins] = std::min(b.cheapest[synth::kJoins], in.cost);
    for (const isa::Instruction* p : cat_->programmable) {
      const unsigned c = classes(*p);
      const double cost = cat_->programmable_cost.at(p);
      b.cheapest_programmable[c] = std::min(b.cheapest_programmable[c], cost);
      const unsigned kind = !one_input(p) ? b.kTwoInputs : p->byte_mask() ? b.kMask : b.kLookup;
      b.cheapest_kind[kind][c] = std::min(b.cheapest_kind[kind][c], cost);
      if (whole_lookup(*p)) b.whole_lookup = std::min(b.whole_lookup, cost);
    }
    // (A zeroing table absorbs a byte mask next to it; so does another mask.)
    auto zeroing = [](const isa::Instruction* p) { return p->control.kind == isa::Control::Kind::Table && p->control.zeroing; };
    const bool zero_free = !(b.need & synth::kMakesZero);
    for (const isa::Instruction* p : cat_->programmable)
      for (const isa::Instruction* q : cat_->programmable) {
        if ((p->byte_mask() && zeroing(q)) || (q->byte_mask() && zeroing(p))) continue;
        const unsigned c = classes(*p) | classes(*q);
        double cost = cat_->programmable_cost.at(p) + cat_->programmable_cost.at(q);
        if ((c & b.need) != b.need) {
          if (((c | synth::kMakesZero) & b.need) != b.need) continue;
          // The zero register beside them (inf when there is none). With both inputs that is
          // three leaves, which take two instructions that read two registers (each joins two
          // values): a variable blend and vpermilps cannot make a two-input goal with zeros.
          if ((b.need & synth::kJoins) && (one_input(p) || one_input(q))) continue;
          cost += b.nullary;
        }
        b.programmable_pair = std::min(b.programmable_pair, cost);
        // Level 4's pairs: a blend and a one-input instruction in both orders (blend_pairs: the
        // lookup last finds a zero only where it makes one), or two one-input instructions, which
        // make one register's bytes in some arrangement: a whole lookup does that alone.
        if (one_input(p) && one_input(q) && b.whole_lookup <= cat_->programmable_cost.at(p) + cat_->programmable_cost.at(q)) continue;
        if ((variable_blend(p) && one_input(q) && (zeroing(q) || zero_free)) || (variable_blend(q) && one_input(p) && (zeroing(p) || zero_free)))
          continue;
        b.programmable_pair_rest = std::min(b.programmable_pair_rest, cost);
      }
    return b;
  }

  double cost_of(const isa::Instruction& in) const {
    auto c = instr_cost(*o_.cpu, in.id);
    if (!c || c->rthroughput >= o_.rthroughput_below - 1e-9) return kInf;
    switch (o_.objective) {
      // On equal costs prefer fewer cycles in instructions and more in control loads: loads run on
      // their own ports and leave loops (uxtl vs tbl with its load on Neoverse N1).
      // An instruction that uses no execution port (the zero idiom on Intel: renamed away, only a
      // dispatch slot) adds nothing to any port group: a token cost, so that nothing is made for
      // nothing.
      case Objective::throughput:
      case Objective::ports: return c->ports.empty() ? kPortlessCost : c->rthroughput * weight(c->ports) * (1 + kLoadTieBreak);
      case Objective::latency: return c->latency;
      case Objective::count: return 1;
    }
    return kInf;
  }
  // SynthOptions::port_weights' factor for a port group (1 for the rest).
  double weight(std::string_view ports) const {
    for (const auto& [group, w] : o_.port_weights)
      if (group == ports) return w;
    return 1;
  }
  // A programmable instruction with its control load, the instruction costing c (with_load).
  double with_load(double c, const isa::Instruction& in) const {
    auto l = instr_cost(*o_.cpu, control_load_id(in));
    return l && l->rthroughput < o_.rthroughput_below - 1e-9 ? synth::with_load(c, l->rthroughput * weight(l->ports), o_) : kInf;
  }

  // Every data-movement instance of the target at this width, deduplicated by byte map.
  // (Built once per target, CPU, objective and width, and shared between searches and threads:
  // the byte maps of every immediate cost about as much as an easy search.)
  void build_instances() {
    static std::mutex mutex;
    static std::unordered_map<std::string, std::shared_ptr<const Catalog>> cache;
    std::string key =
        fmt::format("{}/{}/{}/{}/{}/{}", o_.target.name, o_.cpu->name, int(o_.objective), width_, o_.loads_beside, o_.rthroughput_below);
    for (const auto& [group, w] : o_.port_weights) key += fmt::format("/{}*{}", group, w);
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (auto it = cache.find(key); it != cache.end()) {
        cat_ = it->second;
        return;
      }
    }
    auto fresh = std::make_shared<Catalog>();
    build_catalog(*fresh);
    std::lock_guard<std::mutex> lock(mutex);
    cat_ = cache.emplace(key, std::move(fresh)).first->second;  // another thread's, if it was first
  }
  void build_catalog(Catalog& cat) const {
    std::unordered_map<std::string, size_t> seen;
    for (const isa::Instruction* in : isa::instructions_for(o_.target)) {
      if (in->reg_bits != width_ || in->num_inputs > 2) continue;
      // Moves, zero extensions and truncations: results made of input bytes and zeros. An input
      // narrower than the result reads the low part of a full-width content (vpbroadcastb ymm,
      // xmm; vpmovzxbw zmm, ymm); programmable ones read whole registers.
      bool widths_ok = true;
      for (unsigned k = 0; k < in->num_inputs; ++k)
        widths_ok &= in->in_bits(k) == width_ || (in->in_bits(k) < width_ && !in->programmable());
      const double c = cost_of(*in);
      if (!widths_ok || c == kInf) continue;
      cat.destructive |= overwrites_an_operand(*in);
      // (The zero idiom apart: the argument counts the zero register on its own.)
      auto note = [&](std::string_view id, unsigned cls, bool control = false) {
        const auto ic = instr_cost(*o_.cpu, id);
        if (!ic || ic->ports.empty() || in->num_inputs == 0) return;
        synth::GroupUse& g = cat.groups[std::string(ic->ports)];
        g.least = std::min(g.least, ic->rthroughput);
        if (control) g.controls = true;
        else if (cls & synth::kCrossesQwords) g.crossing = true;
        else if (cls & synth::kMovesInQword) g.mover = true;
        else g.light = true;
      };
      if (in->value == isa::ValueOp::BitOr && in->num_inputs == 2) {
        note(in->id, 0);
        cat.ors.push_back({in, 0, 2, {}, c, 0, {}, {}, 0, {in}});
        cat.min_cost = std::min(cat.min_cost, c);
        cat.min_reading = std::min(cat.min_reading, c);
        continue;
      }
      // Byte moves, and what moves bytes on conditions or writes sign fills (packs, sign extensions).
      const bool conditional = in->value == isa::ValueOp::UnsignedSat || in->value == isa::ValueOp::UnsignedSatU ||
                               in->value == isa::ValueOp::SignedSat || in->value == isa::ValueOp::SignExtend;
      if ((!isa::is_bytewise(*in) && !conditional) || (in->programmable() && !in->moves_only())) continue;
      if (in->programmable()) {
        const double total = with_load(c, *in);
        if (total < kInf) {
          note(in->id, classes(*in));
          note(control_load_id(*in), 0, true);
          cat.programmable.push_back(in);
          cat.programmable_cost[in] = total;
          if (const int r = fixed_control_register(*in); r >= 0) cat.fixed_register[in] = r, cat.min_fixed = std::min(cat.min_fixed, total);
          cat.min_programmable = std::min(cat.min_programmable, total);
          cat.min_cost = std::min(cat.min_cost, total);
          cat.min_reading = std::min(cat.min_reading, total);
        }
        continue;
      }
      for (uint64_t imm = 0; imm < std::max(1u, in->imm_count); ++imm) {
        const isa::ConditionalByteMap map = isa::conditional_byte_map(*in, {imm, {}});
        if (map.bytes.size() != bytes_) continue;
        Instance inst{in, imm, in->num_inputs, {}, c, 0};
        std::string key(1, char(in->num_inputs));
        for (size_t j = 0; j < map.bytes.size(); ++j) {
          const isa::LaneSrc& s = map.bytes[j];
          const bool sign = !map.sign.empty() && map.sign[j];
          inst.src.push_back(s.is_zero() ? int16_t(-1) : int16_t(s.input * 256 + s.elem + (sign ? kSignSrc : 0)));
          key += char(s.is_zero() ? 0xff : s.input * 64 + s.elem);
          key += char(sign);
        }
        key += char(0xfe);  // the conditions are part of what the instance does
        for (const isa::LaneSrc& z : map.must_be_zero) {
          inst.need_zero.push_back(int16_t(z.input * 256 + z.elem));
          key += char(z.input * 64 + z.elem);
        }
        key += char(0xfd);
        for (const auto& [x, y] : map.must_be_sign) {
          inst.need_sign.push_back({int16_t(x.input * 256 + x.elem), int16_t(y.input * 256 + y.elem)});
          key += char(x.input * 64 + x.elem);
          key += char(y.input * 64 + y.elem);
        }
        inst.kept = in->elem_bits / 8;
        inst.cls = classes(inst);
        note(in->id, inst.cls);
        auto [it, fresh] = seen.emplace(key, cat.instances.size());
        if (fresh) {
          inst.same = {in};
          cat.instances.push_back(std::move(inst));
        } else {
          Instance& kept = cat.instances[it->second];
          if (std::find(kept.same.begin(), kept.same.end(), in) == kept.same.end()) kept.same.push_back(in);
          if (c < kept.cost) inst.same = std::move(kept.same), kept = std::move(inst);
        }
        cat.min_cost = std::min(cat.min_cost, c);
        if (in->num_inputs > 0) cat.min_reading = std::min(cat.min_reading, c);
      }
    }
    cat.order.resize(cat.instances.size());
    for (size_t i = 0; i < cat.order.size(); ++i) cat.order[i] = int(i);
    std::stable_sort(cat.order.begin(), cat.order.end(), [&](int x, int y) { return cat.instances[size_t(x)].cost < cat.instances[size_t(y)].cost; });
  }

  // The catalog's depth 1 for this many inputs, built by a search without a goal on first use.
  // A zero register (an instance without inputs: the pxor zero idiom, movi) is a leaf like the
  // inputs: every instance is applied to it too, so the levels count the instructions besides it
  // and the bound counts it once, however cheap (lower_bound.h). Each search keeps it even when
  // its goal wants no zeros: an or or a blend may still use them.
  std::shared_ptr<const Reached> depth1() const {
    std::lock_guard<std::mutex> lock(cat_->reached_mutex);
    std::shared_ptr<const Reached>& r = cat_->reached[k_];
    if (!r) {
      // (Without the cap of the search that asks first: a capped stage's would leave out every
      // instance dearer than its cap, for every search after it.)
      SynthOptions uncapped = o_;  // (declared first: the Search keeps it by reference)
      uncapped.cost_cap = kInf;
      uncapped.deadline = std::chrono::steady_clock::time_point::max();
      auto all = std::make_unique<Search>(std::vector<int>(bytes_, kAnyByte), width_, uncapped, names_);
      all->cat_ = cat_;
      all->keep_all_ = true;
      r = std::make_shared<const Reached>(all->reach_all());
    }
    return r;
  }
  Reached reach_all() {
    for (unsigned k = 0; k < k_; ++k) {
      Value v{Bytes(bytes_), 0};
      for (unsigned j = 0; j < bytes_; ++j) v.bytes[j] = label(int(k), int(j));
      add(std::move(v));
    }
    std::vector<int> leaves;
    for (int x = 0; x < int(k_); ++x) leaves.push_back(x);
    for (size_t i = 0; i < cat_->instances.size(); ++i)
      if (const int z = cat_->instances[i].arity == 0 ? apply(int(i), -1, -1) : -1; z >= 0 && leaves.size() == k_)
        leaves.push_back(z);
    std::vector<std::vector<Reached::Derivation>> derivations;
    // (Only two-operand forms need them: two_steps_exact.)
    auto derive = [&](int i, int x, int y) {
      const int id = apply(i, x, y);
      if (id < 0 || !cat_->destructive) return;
      if (derivations.size() <= size_t(id)) derivations.resize(size_t(id) + 1);
      derivations[size_t(id)].push_back({i, x, y});
    };
    for (size_t i = 0; i < cat_->instances.size(); ++i) {
      const Instance& in = cat_->instances[i];
      for (int x : leaves) {
        if (in.arity == 1) derive(int(i), x, -1);
        else if (in.arity == 2)
          for (int y : leaves) derive(int(i), x, y);
      }
    }
    derivations.resize(values_.size());
    index_values();
    for (size_t id = 0; id < values_.size(); ++id) label_summary(int(id));
    return Reached{std::move(values_), int(leaves.size()), std::move(index_), std::move(by_byte_), std::move(derivations),
                   std::move(label_summary_)};
  }

  bool matches(const Bytes& v) const {
    for (unsigned j = 0; j < bytes_; ++j) {
      const int g = goal_[j];
      if (g == kAnyByte) continue;
      if (g == kZeroByte ? v[j] != kZeroLabel : v[j] != Label(g)) return false;
    }
    return true;
  }
  bool relevant(const Bytes& v) const {
    if (keep_all_) return true;
    for (Label l : v)
      if (l == kZeroLabel ? needs_zero_ : useful_[l]) return true;
    return false;
  }

  // The id of content v: new, made cheaper by v, or already as cheap.
  static std::string_view key_of(const Bytes& bytes) {
    return {reinterpret_cast<const char*>(bytes.data()), bytes.size() * sizeof(Label)};
  }
  int add(Value v) {
    const int* known = index_.find(key_of(v.bytes));
    int id;
    if (!known) {
      id = int(values_.size());
      index_.put(key_of(v.bytes), id);
      values_.push_back(std::move(v));
      if (indexed_)
        for (unsigned j = 0; j < bytes_; ++j) by_byte_.append(slot(j, values_.back().bytes[j]), id);
    } else {
      id = *known;
      if (is_hidden(id)) hidden_[size_t(id)] = 0;  // made on purpose: as if new
      if (v.cost >= values_[size_t(id)].cost) return id;
      values_[size_t(id)] = std::move(v);
    }
    const Value& nv = values_[size_t(id)];
    if (!keep_all_ && nv.cost < best_.cost && matches(nv.bytes)) offer(Solution{nv.cost, id, nullptr, -1, -1, {}, nv.instrs});
    return id;
  }

  // Instance inst on contents a, b as a new content (-1: pruned). `cost`, when given, is what the
  // whole derivation costs with shared contents paid once (the tree sum pays them twice).
  int apply(int inst, int a, int b, double cost = -1) {
    const Instance& in = cat_->instances[size_t(inst)];
    double c = in.cost;
    unsigned instrs = 1;
    if (a >= 0) c += values_[size_t(a)].cost, instrs += values_[size_t(a)].instrs;
    if (b >= 0 && b != a) c += values_[size_t(b)].cost, instrs += values_[size_t(b)].instrs;
    if (cost >= 0) c = std::min(c, cost);
    if (c >= best_.cost) return -1;
    // The bytes go to a scratch buffer first: most results are pruned or already known.
    Bytes& bytes = scratch_;
    const Value* args[2] = {a >= 0 ? &values_[size_t(a)] : nullptr, b >= 0 ? &values_[size_t(b)] : nullptr};
    auto at = [&](int s) { return args[(s & kSrcMask) / 256]->bytes[size_t((s & kSrcMask) % 256)]; };
    for (int s : in.need_zero)
      if (at(s) != kZeroLabel) return -1;
    for (const auto& [x, y] : in.need_sign)
      if (at(y) == kMixed || at(x) != sign_fill(at(y))) return -1;
    for (unsigned j = 0; j < bytes_; ++j) {
      const int s = in.src[j];
      bytes[j] = s < 0 ? kZeroLabel : (s & kSignSrc) ? sign_fill(at(s)) : at(s);
    }
    if (!relevant(bytes) && !matches(bytes)) return -1;
    if (const int* known = index_.find(key_of(bytes)); known && values_[size_t(*known)].cost <= c) return *known;
    return add(Value{bytes, c, inst, a, b, instrs});
  }

  // What instance g's arguments must hold for g to yield `goal` (kAnyByte where free); false
  // when no argument contents can.
  bool requirements(const Instance& g, const std::vector<int>& goal, std::vector<int> (&req)[2]) const {
    for (unsigned k = 0; k < 2; ++k) req[k].assign(bytes_, kAnyByte);
    for (unsigned j = 0; j < bytes_; ++j) {
      const int want = goal[j];
      if (want == kAnyByte) continue;
      const int s = g.src[j];
      if (s < 0) {
        if (want != kZeroByte) return false;
        continue;
      }
      int need = want;
      if (s & kSignSrc) {
        // A sign fill is zero from zero, S(x) from x (the requirement asks for x, not S(x) too).
        if (want >= 0 && !is_sign(Label(want))) return false;
        if (want >= 0) need = want & ~int(kSignLabel);
      }
      int& r = req[(s & kSrcMask) / 256][size_t((s & kSrcMask) % 256)];
      if (r == kAnyByte) r = need;
      else if (r != need) return false;
    }
    for (int s : g.need_zero) {
      int& r = req[s / 256][size_t(s % 256)];
      if (r == kAnyByte) r = kZeroByte;
      else if (r != kZeroByte) return false;
    }
    for (const auto& [x, y] : g.need_sign) {
      const int ry = req[y / 256][size_t(y % 256)];
      if (ry == kAnyByte) {
        // No kept byte of the element wanted: no condition; some: the top one must be known.
        for (unsigned k = 1; k < g.kept; ++k)
          if (req[y / 256][size_t(y % 256 - int(k))] != kAnyByte) return false;
        continue;
      }
      const int need = ry == kZeroByte ? kZeroByte : int(sign_fill(Label(ry)));
      int& r = req[x / 256][size_t(x % 256)];
      if (r == kAnyByte) r = need;
      else if (r != need) return false;
    }
    return true;
  }

  // Reached contents by (position, label) of each byte, to find candidates for a requirement.
  // Labels are (input, byte), their sign fills, zero or mixed: 4 * bytes_ + 2 of them per position.
  size_t labels_per_position() const { return 4 * size_t(bytes_) + 2; }
  size_t slot(unsigned j, Label l) const {
    const Label b = Label(l & ~kSignLabel);
    const unsigned c = l == kZeroLabel ? 4 * bytes_ : l == kMixed ? 4 * bytes_ + 1
                                                    : unsigned(b / 256) * bytes_ + b % 256 + (is_sign(l) ? 2 * bytes_ : 0);
    return size_t(j) * labels_per_position() + c;
  }
  // (From then on add() keeps the index.)
  void index_values() {
    by_byte_.build(size_t(bytes_) * labels_per_position(), int(values_.size()), bytes_,
                   [&](int id, unsigned j) { return slot(j, values_[size_t(id)].bytes[j]); });
    indexed_ = true;
  }
  // The cheapest of the first `limit` reached contents that holds the requirement, or -1.
  bool is_hidden(int id) const { return size_t(id) < hidden_.size() && hidden_[size_t(id)]; }
  int cheapest(const std::vector<int>& req, int limit = std::numeric_limits<int>::max()) const {
    // Candidates from the rarest wanted (position, label).
    std::optional<synth::ByteIndex::List> list;
    for (unsigned j = 0; j < bytes_; ++j) {
      if (req[j] == kAnyByte) continue;
      const synth::ByteIndex::List l = by_byte_[slot(j, req[j] == kZeroByte ? kZeroLabel : Label(req[j]))];
      if (!list || l.size() < list->size()) list = l;
      if (list->empty()) return -1;
    }
    if (!list) return 0;  // anything will do: the first input
    int best = -1;
    for (int id : *list) {
      if (id >= limit) break;
      if (is_hidden(id)) continue;
      const Value& v = values_[size_t(id)];
      if (best >= 0 && v.cost >= values_[size_t(best)].cost) continue;
      bool ok = true;
      for (unsigned j = 0; j < bytes_ && ok; ++j) {
        const int r = req[j];
        if (r == kAnyByte) continue;
        ok = r == kZeroByte ? v.bytes[j] == kZeroLabel : v.bytes[j] == Label(r);
      }
      if (ok) best = id;
    }
    return best;
  }

  // A label's bit in a content's label summary (a multiplicative hash: distinct labels may share one).
  static uint64_t summary_bit(Label l) { return uint64_t(1) << ((uint32_t(l) * 0x9E3779B1u) >> 26); }
  // Which labels content id holds, folded into 64 bits: depth 1's come with it (Reached), the
  // rest are made on first use (a content's bytes do not change).
  uint64_t label_summary(int id) const {
    if (label_summary_.size() <= size_t(id)) label_summary_.resize(values_.size(), 0);
    uint64_t& s = label_summary_[size_t(id)];
    if (s == 0)
      for (Label l : values_[size_t(id)].bytes) s |= summary_bit(l);
    return s;
  }

  // The control that makes programmable instruction p yield `want` from (a, b), if one exists.
  std::optional<std::vector<int>> control_for(const isa::Instruction* p, int a, int b, const std::vector<int>& want) const {
    const unsigned eb = p->elem_bits / 8, n = p->n();
    const unsigned n_src = p->in_bits(0) / p->src_elem_bits;
    const Value* args[2] = {&values_[size_t(a)], b >= 0 ? &values_[size_t(b)] : nullptr};
    // Most table lookups asked for find no control, most because a wanted byte is in no argument:
    // the label summaries turn those down before the scan over source elements (a select's scan
    // stops at its first wrong byte already). A zero a zeroing table makes itself.
    if (p->control.kind == isa::Control::Kind::Table) {
      const uint64_t have = label_summary(a) | (b >= 0 && p->control.table_inputs >= 2 ? label_summary(b) : 0);
      for (unsigned j = 0; j < bytes_; ++j) {
        const int g = want[j];
        if (g == kAnyByte || (g == kZeroByte && p->control.zeroing)) continue;
        if (!(have & summary_bit(g == kZeroByte ? kZeroLabel : Label(g)))) return std::nullopt;
      }
    }
    // (Most calls find no control: the vector is made only for one that does.)
    std::array<int, 64> on_stack;
    std::vector<int> on_heap(n > on_stack.size() ? n : 0);
    int* picked = n > on_stack.size() ? on_heap.data() : on_stack.data();
    for (unsigned i = 0; i < n; ++i) {
      bool any = true, zero = true;
      for (unsigned k = 0; k < eb; ++k) {
        const int g = want[i * eb + k];
        any &= g == kAnyByte;
        zero &= g == kAnyByte || g == kZeroByte;
      }
      auto element_fits = [&](int input, unsigned e) {
        for (unsigned k = 0; k < eb; ++k) {
          const int g = want[i * eb + k];
          if (g == kAnyByte) continue;
          const Label l = args[input]->bytes[e * eb + k];
          if (g == kZeroByte ? l != kZeroLabel : l != Label(g)) return false;
        }
        return true;
      };
      int pick = -2;
      if (p->control.kind == isa::Control::Kind::Select) {
        if (element_fits(0, i)) pick = int(i);
        else if (args[1] && element_fits(1, i)) pick = int(n + i);
      } else {
        if (zero && p->control.zeroing && !any) pick = -1;
        const unsigned lo = p->control.block_elems ? i / p->control.block_elems * p->control.block_elems : 0;
        const unsigned hi = p->control.block_elems ? lo + p->control.block_elems : n_src;
        for (unsigned t = 0; t < p->control.table_inputs && pick == -2; ++t) {
          if (t >= 2 || (t == 1 && !args[1])) break;
          for (unsigned e = lo; e < hi && pick == -2; ++e)
            if (element_fits(int(t), e)) pick = int(t * n_src + e);
        }
        if (pick == -2 && any) pick = int(lo);
      }
      if (pick == -2) return std::nullopt;
      picked[i] = pick;
    }
    std::vector<int> control(picked, picked + n);
    if (!isa::accepts(*p, control)) return std::nullopt;
    // What the instance really does must be wanted (tbx keeps its destination where tbl zeroes).
    const auto map = isa::index_map_at(*p, {0, control}, 8);
    if (map.size() != bytes_) return std::nullopt;
    for (unsigned j = 0; j < bytes_; ++j) {
      const int g = want[j];
      if (g == kAnyByte) continue;
      const Label l = map[j].is_zero() ? kZeroLabel : args[map[j].input]->bytes[size_t(map[j].elem)];
      if (g == kZeroByte ? l != kZeroLabel : l != Label(g)) return std::nullopt;
    }
    return control;
  }

  // A programmable last step on (a, b) that yields the goal.
  void solve(const isa::Instruction* p, int a, int b) {
    const double base = programmable_cost(p, a, b) + values_[size_t(a)].cost + (b >= 0 && b != a ? values_[size_t(b)].cost : 0);
    if (base >= best_.cost) return;
    auto control = control_for(p, a, b, goal_);
    if (!control) return;
    const unsigned instrs = 2 + values_[size_t(a)].instrs + (b >= 0 && b != a ? values_[size_t(b)].instrs : 0);
    offer(Solution{base, -1, p, a, b, std::move(*control), instrs});
  }

  // The cheapest programmable instruction on the inputs that holds `want`, as a new content (-1
  // when none does): the middle of 2 x pshufb + combine, vpermt2 + blend and the like.
  // With `from` above the number of inputs, single-table instructions also read depth-1 contents
  // (vpshufb after a vperm2i128: the cross-lane half of an AVX2 byte shuffle).
  int programmed(const std::vector<int>& want, int from = 0) {
    int best = -1;
    double best_cost = kInf;
    auto try_on = [&](const isa::Instruction* p, double c, int x) {
      for (int y = p->num_inputs == 2 ? 0 : -1; y < (p->num_inputs == 2 ? int(k_) : 0); ++y) {
        auto control = control_for(p, x, y, want);
        if (!control) continue;
        const auto map = isa::index_map_at(*p, {0, *control}, 8);
        Value v{Bytes(bytes_), c + vacate_price(p, x, y), -1, x, y, 2, p, *control};
        for (unsigned j = 0; j < bytes_; ++j)
          v.bytes[j] = map[j].is_zero() ? kZeroLabel : values_[size_t(map[j].input == 0 ? x : y)].bytes[size_t(map[j].elem)];
        if (x >= int(k_)) v.cost += values_[size_t(x)].cost, v.instrs += values_[size_t(x)].instrs;
        const int id = add(std::move(v));
        if (values_[size_t(id)].cost < best_cost) best = id, best_cost = values_[size_t(id)].cost;
      }
    };
    // Each instruction on the inputs first: what they give prunes the made contents (a byte mask
    // tried on hundreds of them, where pshufb on an input answers).
    for (const isa::Instruction* p : cat_->programmable) {
      const double c = cat_->programmable_cost.at(p);
      for (int x = 0; x < int(k_) && c < best_cost; ++x) try_on(p, c, x);
    }
    if (from <= int(k_)) return best;
    // Which reached contents hold every input byte wanted (a made content must, for a
    // single-table instruction to draw on it), below the best: checked once per content.
    std::vector<int> usable;
    std::vector<Label> wanted;
    uint64_t summary = 0;  // (label_summary turns down most contents before the exact check)
    for (int w : want)
      if (w >= 0) wanted.push_back(Label(w)), summary |= summary_bit(Label(w));
    if (stamps_.size() != labels_per_position()) stamps_.assign(labels_per_position(), 0);
    for (int x = int(k_); x < from; ++x) {
      if (is_hidden(x) || values_[size_t(x)].cost + cat_->min_programmable >= best_cost || (label_summary(x) & summary) != summary)
        continue;
      if (++stamp_ == 0) std::fill(stamps_.begin(), stamps_.end(), 0u), stamp_ = 1;
      for (Label l : values_[size_t(x)].bytes) stamps_[slot(0, l)] = stamp_;
      bool all = true;
      for (size_t w = 0; w < wanted.size() && all; ++w) all = stamps_[slot(0, wanted[w])] == stamp_;
      if (all) usable.push_back(x);
    }
    for (const isa::Instruction* p : cat_->programmable) {
      const double c = cat_->programmable_cost.at(p);
      if (p->num_inputs != 1) continue;
      for (int x : usable)
        if (values_[size_t(x)].cost + c < best_cost) try_on(p, c, x);
    }
    return best;
  }

  // A candidate answer, taken when cheaper than the best one with what its emitted code adds:
  // register copies before destructive instructions (and spills), under the objective. So an
  // answer as cheap without copies wins, and an answer proven cheapest is proven with its copies.
  // The search priced the copies out of a fixed control register (vacate_price) and they are
  // among those added: priced once, in their place.
  void offer(Solution s) {
    copy_free_ = std::min(copy_free_, s.cost);
    if (cat_->destructive && o_.objective != Objective::latency) {
      const Program prog = reconstruct(s);
      const unsigned vacating = vacating_steps(s);
      const bool vacated = vacating > 0;
      s.cost -= vacating * vacate_copy_;
      // (What pricing the vacates would make of copy_free_: vacates_block.)
      vacate_free_ = std::min(vacate_free_, s.cost + (vacated ? copy_price_ : 0));
      s.cost = with_copies(prog, s.cost);
      if (s.cost >= best_.cost) return;
    }
    best_ = std::move(s);
  }

  // What Program p costs with the copies (and spills) its emitted code adds, `cost` without them
  // (within the larger Program the options place it in: embedded).
  double with_copies(const Program& p, double cost) const {
    for (const std::string& id : asm_cost_ids(o_.input_registers.empty() ? p : embedded(p, o_)))
      if (allocator_added(id)) cost += added_cost(id).value_or(kInf);
    return cost;
  }
  // What an instruction the emitted code adds (a copy, a spill) costs under the objective:
  // nullopt where the cost table has no entry.
  std::optional<double> added_cost(const std::string& id) const {
    const auto c = instr_cost(*o_.cpu, id);
    if (o_.objective == Objective::count) return 1.0;
    if (!c) return std::nullopt;
    return c->rthroughput * weight(c->ports);
  }

  Program reconstruct() { return direct_ ? *direct_ : reconstruct(best_); }
  Program reconstruct(const Solution& best) {
    Program prog = inputs_only(o_, names_, width_);
    std::unordered_map<int, unsigned> made;
    for (unsigned k = 0; k < k_; ++k) made[int(k)] = k;
    std::function<unsigned(int)> emit = [&](int id) -> unsigned {
      if (auto it = made.find(id); it != made.end()) return it->second;
      const Value& v = values_[size_t(id)];
      Program::Step st = v.prog ? Program::Step{"", v.prog, {}, 0, v.control}
                                : Program::Step{"", cat_->instances[size_t(v.inst)].in, {}, cat_->instances[size_t(v.inst)].imm, {}};
      if (v.a >= 0) st.args.push_back(emit(v.a));
      if (v.b >= 0) st.args.push_back(emit(v.b));
      st.name = fmt::format("t{}", prog.steps.size());
      prog.steps.push_back(std::move(st));
      return made[id] = prog.num_values() - 1;
    };
    unsigned out;
    if (best.prog || best.inst >= 0) {
      const Instance* in = best.inst >= 0 ? &cat_->instances[size_t(best.inst)] : nullptr;
      Program::Step st = in ? Program::Step{"", in->in, {}, in->imm, {}} : Program::Step{"", best.prog, {}, 0, best.control};
      st.args.push_back(emit(best.pa));
      if (best.pb >= 0) st.args.push_back(emit(best.pb));
      st.name = fmt::format("t{}", prog.steps.size());
      prog.steps.push_back(std::move(st));
      out = prog.num_values() - 1;
    } else {
      out = emit(best.value);
    }
    if (!prog.steps.empty()) prog.steps.back().name = "r";
    prog.outputs.push_back(out);
    if (cat_->destructive) order_for_copies(prog), commute_for_copies(prog);
    return prog;
  }

  std::vector<int> goal_;
  unsigned width_, bytes_;
  std::vector<uint8_t> hidden_;  // depth-1 contents without a byte the goal can use (by id)
  const SynthOptions& o_;
  unsigned k_;
  std::vector<std::string> names_;
  bool useful_[65536] = {};
  bool needs_zero_ = false;
  std::shared_ptr<const Catalog> cat_;  // the target's instances, shared between searches
  std::vector<Value> values_;
  Bytes scratch_{bytes_};
  synth::ByteIndex by_byte_;  // contents by slot(position, label), ascending ids
  bool indexed_ = false;
  synth::ByteKeyMap satisfied_;  // satisfy()'s answers by requirement
  synth::ByteKeyMap index_;      // contents by their bytes
  std::vector<int> q3_[2];                  // deep3's requirements of h
  synth::ByteKeyMap middle_index_;          // depth 3: deep requirements, into middle_lists_
  std::deque<MiddleList> middle_lists_;     // (a deque: references stay valid as it grows)
  std::string key_;
  std::vector<Label> goal_labels_;  // the distinct input bytes of the goal
  std::vector<uint8_t> marks_;
  std::vector<uint32_t> stamps_;  // programmed(): a label seen in the content stamped stamp_
  uint32_t stamp_ = 0;
  std::shared_ptr<const Catalog::Bounds> bounds_;  // the catalog's, for the goal's classes

  synth::ByteKeyMap lookup_index_;        // level 4: deep requirements, into lookup_lists_
  std::deque<LookupList> lookup_lists_;
  std::vector<uint64_t> made_labels_;      // level 4: the input bytes each made content holds (by id - leaves_)
  Solution best_;
  // SynthOptions::cost_cap as a cost of the search's own (kInf: none). best_ starts there, with
  // no answer: one offered is below it.
  double cap_ = kInf;
  bool answered() const { return best_.cost < cap_; }
  std::shared_ptr<const Reached> reached_;  // depth 1, shared
  std::optional<Program> direct_;  // an answer two_steps_exact found, beside the values
  bool two_exact_ = false;         // two_steps_exact ran: copies no longer cap the bound
  std::optional<bool> two_steps_;  // exact_pairs(): two_steps_exact ran (to its end)
  bool three_exact_ = false;       // and three_steps_exact, after three levels: nor level 3's
  // The cheapest answer offered, without the copies of its emitted code.
  double copy_free_ = kInf;
  const Vacates vacates_;
  bool handed_over_ = false;  // stopped before level 3 for a priced search (vacates_block)
  double copy_price_ = 0, vacate_copy_ = 0, two_vacates_ = kInf;  // price_vacates(), price_two_vacates()
  double vacate_free_ = kInf;  // as copy_free_, each answer with the copies out of fixed control registers
  mutable std::vector<uint64_t> label_summary_;  // label_summary, by value id: 0 not made yet
  mutable std::vector<int8_t> stays_memo_;  // stays_in, by (value id, input): -1 not known yet
  // stays_in: the least two instructions or more with each class set cost (-1: not known yet).
  mutable std::array<double, synth::kClasses> two_or_more_ = [] {
    std::array<double, synth::kClasses> a;
    a.fill(-1);
    return a;
  }();
  double ceiling_ = kInf;  // depth 3's first pass: its cuts as if the best answer cost this
  uint64_t nodes_ = 0, clock_calls_ = 0;
  uint64_t side_nodes_ = 0;  // the narrowing packs' before level 3, apart from its budget
  bool out_of_budget_ = false, abandoned_ = false;
  bool full_third_ = false;  // level 3 runs to its end, whatever its bound (stays_in_halves)
  uint64_t three_step_cap_ = kThreeStepNodes;  // three_steps_exact's nodes at most
  std::optional<Crossing> ahead_;  // would_prove_after_three's argument, where it proved the answer
  bool unbudgeted_ = false;  // a fallback after the budget ran out with no answer
  int n0_ = 0;
  int leaves_ = 0;  // the inputs and the zero register: values_[0, leaves_)
  bool last_resort_ = false;  // the best answer before level 3 was masked_or's
  bool zero_leaf_ = false;  // a zero register was reached at depth 1 and served as a leaf
  bool keep_all_ = false;   // building Reached: every content kept, none an answer
  double weighed_ = kInf;   // the best answer's cost when lighter_answer last looked at it
  uint64_t node_cap_ = UINT64_MAX;  // the nodes lighter_answer leaves the search (the budget's otherwise)
  bool lighter_ = false;    // and what it found
  synth::MostCounts most_;    // the ports proof's counts (no limits otherwise), set in run()
  bool one_control_ = false;  // the ports proof's, where a Program loads one constant at most (run)
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point end_;  // the budget's: the earlier of budget_ms and SynthOptions::deadline
};

}  // namespace

Program embedded(const Program& p, const SynthOptions& o) {
  // Inputs for every register up to the last one named (unread ones leave theirs free); those
  // other values hold are outputs too, so that they stay where they are to the end.
  unsigned regs = 0;
  for (unsigned r : o.input_registers) regs = std::max(regs, r + 1);
  for (unsigned r : o.held_registers) regs = std::max(regs, r + 1);
  const unsigned k = unsigned(p.inputs.size());
  if (o.input_registers.size() != k) return p;
  Program q;
  q.arch = p.arch;
  const unsigned bits = k ? p.inputs[0].bits : 128;
  for (unsigned r = 0; r < regs; ++r) q.inputs.push_back({fmt::format("held{}", r), bits});
  for (unsigned j = 0; j < k; ++j) q.inputs[o.input_registers[j]] = p.inputs[j];
  auto id = [&](unsigned v) { return v < k ? o.input_registers[v] : regs + (v - k); };
  for (Program::Step st : p.steps) {
    for (unsigned& a : st.args) a = id(a);
    q.steps.push_back(std::move(st));
  }
  for (unsigned out : p.outputs) q.outputs.push_back(id(out));
  for (unsigned r : o.held_registers)
    if (std::find(o.input_registers.begin(), o.input_registers.end(), r) == o.input_registers.end()) q.outputs.push_back(r);
  return q;
}

double objective_cost(const Program& p, const SynthOptions& o) {
  const ProgramCost pc = program_cost(p, *o.cpu);
  if (o.objective == Objective::ports) return pc.block_rthroughput;
  if (o.objective != Objective::throughput) return o.objective == Objective::count ? double(pc.instructions) : pc.latency;
  double t = pc.rthroughput;  // every instruction and load summed
  for (const Program::Step& st : p.steps) {
    const auto c = instr_cost(*o.cpu, st.instr->id);
    if (c && c->ports.empty()) t += kPortlessCost - c->rthroughput;  // as cost_of in Search
    if (!c || !st.instr->programmable()) continue;
    if (const auto l = instr_cost(*o.cpu, control_load_id(*st.instr)))
      t += with_load(c->rthroughput, l->rthroughput, o) - (c->rthroughput + l->rthroughput);
  }
  return t;
}

std::optional<unsigned> wrong_byte(const Program& p, const std::vector<int>& goal) {
  const auto labels = simulate_labels(p);
  if (!labels || labels->size() != 1 || (*labels)[0].size() != goal.size()) return unsigned(goal.size());
  for (unsigned j = 0; j < goal.size(); ++j) {
    const ByteLabel l = (*labels)[0][j];
    const int g = goal[j];
    const bool ok = g == kAnyByte || (g == kZeroByte ? l.input < 0 : (l.input >= 0 && int(label(l.input, l.byte)) == g));
    if (!ok) return j;
  }
  return std::nullopt;
}

std::map<std::string, GroupUse> catalog_groups(unsigned bits, const SynthOptions& o) {
  Search search(std::vector<int>(bits / 8, kAnyByte), bits, o, {"a"});
  return search.port_groups();
}

std::optional<bool> counted_below(const std::vector<int>& goal, unsigned bits, const SynthOptions& o, double block,
                                  uint64_t node_budget) {
  if (bits != 128 || !o.cpu) return std::nullopt;
  Search search(std::vector<int>(bits / 8, kAnyByte), bits, o, {"a"});
  const PortBudget b{block, o.cpu->dispatch_width, port_use(*o.cpu, "copy.128").value_or(PortUse{})};
  return counted_programs_may(*search.catalog_steps(), goal, b, node_budget, o.deadline);
}

SynthResult search_goal(const std::vector<int>& goal, unsigned bits, const std::vector<std::string>& names, const SynthOptions& opts) {
  // (A whole goal's search, whose proof matters: the copies out of a fixed control register
  // priced, and Programs of three instructions priced with their copies where they block it.)
  Search search(goal, bits, opts, names, Search::Vacates::priced);
  Program prog;
  SynthResult r = search.run(prog);
  if (r.cost < kInf) r.program = std::move(prog);
  return r;
}

Expected<SynthResult> synth_goal(const std::vector<int>& goal, unsigned bits, const std::vector<std::string>& names,
                                 const SynthOptions& options, bool split_stages) {
  // (A stage is only worth its search within the budget.)
  if (options.in_stage && past_deadline(options)) return Error{"the budget ran out before this stage"};
  const auto start = std::chrono::steady_clock::now();
  const double cpu_start = thread_cpu_ms();
  // The ports objective: the summed throughput guides the search; the answer and the two-stage
  // shapes are then chosen by block throughput.
  const bool by_block = options.objective == Objective::ports;
  SynthOptions opts = options;
  if (by_block) opts.objective = Objective::throughput;
  // The second search's options (below): a Search keeps its options by reference, so they
  // outlive it.
  SynthOptions again = opts;
  // (A sub-goal's search, without stages, is not searched again: its proof matters little.)
  auto search = std::make_unique<Search>(goal, bits, opts, names, split_stages ? Search::Vacates::hand_over : Search::Vacates::unpriced);
  Program prog;
  SynthResult r = search->run(prog);
  if (!r.optimal && split_stages && search->vacates_block() && !past_deadline(opts)) {
    // Again with the copies out of the fixed control register priced, within what is left of the
    // budgets; its answer replaces the first where proven or cheaper.
    again.budget_ms = unsigned(std::max(0.0, double(opts.budget_ms) - r.ms));
    again.node_budget = opts.node_budget - std::min(opts.node_budget, r.nodes);
    auto priced = std::make_unique<Search>(goal, bits, again, names, Search::Vacates::priced);
    Program p2;
    SynthResult r2 = priced->run(p2);
    if (r2.cost < kInf && (r2.optimal || r2.cost <= r.cost + 1e-5)) {
      r2.nodes += r.nodes, r2.values = std::max(r2.values, r.values), r2.ms += r.ms, r2.cpu_ms += r.cpu_ms;
      r2.catalog_ms = r.catalog_ms;
      r = r2, prog = std::move(p2), search = std::move(priced);
    } else {
      r.nodes += r2.nodes, r.ms += r2.ms, r.cpu_ms += r2.cpu_ms;
    }
  }
  const bool stages = split_stages && opts.stages;
  Search& s = *search;
  const double catalog_ms = r.catalog_ms;
  auto block = [&](const Program& p) { return program_cost(p, *opts.cpu).block_rthroughput; };
  // A proven answer whose busiest port group is above what a Program needs may have an equally
  // cheap one on other ports (two pand, an or and one pshufb beside two pshufb and an or; AVX-512
  // vpblendw and vprold beside one vpermt2b, which the first level found and the bound proved):
  // the stages, which keep such a tie, run for it as they would were it unproven; what they keep
  // is as cheap, so optimal too.
  const bool ports_above = r.cost < kInf && block(prog) > r.port_bound + 1e-5;
  // Under latency the answer's critical path, and what bounds it (latency_bound, below).
  const bool by_path = opts.objective == Objective::latency;
  const double path = by_path && r.cost < kInf ? objective_cost(prog, opts) : r.cost;
  auto latency_bound = [&] {
    const double m = s.least_reading();
    return std::min(r.lower_bound, std::max(2 * m, r.port_bound + m));
  };
  const bool settled = by_block ? !ports_above : by_path ? path <= latency_bound() + 1e-5 : r.optimal && !ports_above;
  if (stages && !settled)
    if (auto z = staged(goal, bits, names, opts, prog, r.cost < kInf ? path : opts.cost_cap, r.ms, by_block, r.optimal && !by_path)) {
      prog = std::move(*z);
      const double was = r.cost;
      r.cost = objective_cost(prog, opts);
      r.optimal = r.optimal && !by_block && r.cost <= was + 1e-5;
      r.lower_bound = std::min(r.lower_bound, r.cost);
      // The search's proof was against its own answer; the stage's cheaper one may be proven too.
      if (!by_block && !r.optimal && r.cost < was - 1e-5 && s.proven_past_levels(r.cost))
        r.optimal = r.past_levels = true, r.lower_bound = r.cost, r.levels = std::max(r.levels, s.argued_levels());
    }
  // (Under a cap the last resorts would look for dearer answers than were asked for; the stages,
  // where they ran, looked for one within it.)
  if (r.cost == kInf && opts.cost_cap < kInf)
    return Error{fmt::format("no {} sequence costs at most {} (the cost cap)", opts.target.name, opts.cost_cap)};
  std::optional<Program> last_resort;
  if (r.cost == kInf && bits >= 256) last_resort = halves(goal, bits, names, opts, r.ms);
  else if (r.cost == kInf && 2 * bits <= opts.target.max_reg_bits) last_resort = widened_table(goal, bits, names, opts);
  if (last_resort) {
    prog = std::move(*last_resort);
    r.cost = objective_cost(prog, opts);
    r.optimal = false;
    r.lower_bound = std::min(r.lower_bound, r.cost);
  }
  if (r.cost == kInf) {
    if (r.budget_exhausted)
      return Error{fmt::format("no {} sequence found within the budget ({} ms, {} nodes)", opts.target.name, opts.budget_ms,
                               opts.node_budget)};
    return Error{fmt::format("no {} sequence of up to three instructions (with programmable helpers) does this shuffle, "
                             "and the search does not go deeper yet",
                             opts.target.name)};
  }
  // Never print an unverified Program: its lanes must be the goal's.
  if (const auto wrong = wrong_byte(prog, goal)) {
    if (*wrong == goal.size()) throw std::logic_error("synth: the Program does not simulate:\n" + print_program(prog));
    throw std::logic_error(fmt::format("synth: byte {} of the Program is wrong", *wrong));
  }
  // The emitted code may also need register copies before destructive instructions (or spills).
  // Under throughput and count the search paid for them (Search::offer) and the bound, of
  // Programs without copies, holds for every arrangement: a bound that reaches the answer with its
  // copies proves it. Under latency they were not counted: not proven.
  if (by_block) {
    // Copies and spills are in the block throughput; the bound holds whatever the arrangement.
    r.cost = block(prog);
    r.lower_bound = std::min(r.port_bound, r.cost);
    r.optimal = r.cost <= r.port_bound + 1e-5;
    // Above that bound: a search over the instructions below the answer (ports_proof.h), for a
    // whole goal (a stage's proof matters little). What it finds lighter is taken, and argued
    // again (it stops at the first Program within its cap: a lighter one may lie below that, as
    // AVX-512's vprolq, vblendps and vpshufd at 0.5 below two blends, a shift and vpshufb at 0.83).
    for (int round = 0; round < 4 && !r.optimal && split_stages && !past_deadline(options); ++round) {
      const PortsProof pp = ports_proof(goal, bits, names, options, prog, r.cost);
      if (pp.proven) r.optimal = true, r.lower_bound = r.cost;
      if (!pp.lighter) break;
      prog = *pp.lighter;
      r.cost = block(prog);
      r.lower_bound = std::min(r.port_bound, r.cost);
      r.optimal = r.cost <= r.port_bound + 1e-5;
    }
  } else if (by_path) {
    // The search adds latencies up, as along one chain; a Program's latency is its critical path,
    // less where steps run side by side (two lookups, then an or of them: 2 cycles, not 3). What
    // the search's bound says of the sums holds for the paths of Programs of at most two
    // instructions that read registers (one chain, the zero idiom a leaf). In one of three or
    // more each instruction is on a path with another (the last reads one; every other leads to
    // the last), so its latency is at least its dearest instruction's and the least besides; and
    // it holds an instruction of each class the goal needs, so its dearest is at least
    // port_bound's (dearest_needed under latency): vperm2f128 (3) and one more, 4 on Skylake.
    const double bound = latency_bound();
    r.cost = objective_cost(prog, opts);
    r.optimal = r.cost <= bound + 1e-5;
    r.lower_bound = std::min(bound, r.cost);
    for (const std::string& id : asm_cost_ids(prog))
      if (allocator_added(id))
        if (const auto c = instr_cost(*opts.cpu, id); !c || c->latency > 0) r.optimal = false;
  }
  r.program = std::move(prog);
  // The whole time: the search, two stages and last resorts (the catalog apart, as in run()).
  r.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count() - catalog_ms;
  r.cpu_ms = std::max(0.0, thread_cpu_ms() - cpu_start - catalog_ms);
  return r;
}

}  // namespace synth

namespace {

// The shuffle on the low `bits` of its operands and result, where every lane it defines lies
// there and reads only lanes there (LLVM's <16 x i32> blend of lane 3 with lanes 4-15 poison: an
// xmm blend, where a zmm one costs a k-mask load and a port-5 uop on Ice Lake); nullopt otherwise.
// With `zeros`, lanes past it may be zero too (`zeroed`: some are).
struct LowPart {
  ShuffleVector sv;
  bool zeroed = false;
};
std::optional<LowPart> low_part(const ShuffleVector& sv, unsigned bits, bool zeros) {
  const unsigned eb = sv.type.elem.bits, n = sv.n();
  if (eb == 0 || bits % eb) return std::nullopt;
  const unsigned k = bits / eb;
  if (k > n || k >= sv.m()) return std::nullopt;
  // A lane that is zero: `z`, or an element of a zero constant.
  auto zero_lane = [&](int e) {
    if (e == kZero) return true;
    if (e < 0) return false;
    const Operand& op = unsigned(e) < n ? sv.v1 : sv.v2;
    const unsigned at = unsigned(e) % n;
    if (op.kind == Operand::Kind::Zero) return true;
    if (op.kind == Operand::Kind::Splat) return is_zero_literal(sv.type.elem, op.splat);
    return op.kind == Operand::Kind::Constant && at < op.elems.size() && is_zero_literal(sv.type.elem, op.elems[at]);
  };
  bool zeroed = false;
  for (unsigned i = k; i < sv.m(); ++i) {
    if (sv.mask[i] == kUndef) continue;
    if (!zeros || !zero_lane(sv.mask[i])) return std::nullopt;
    zeroed = true;
  }
  for (unsigned i = 0; i < k; ++i)
    if (const int e = sv.mask[i]; e >= 0 && unsigned(e) % n >= k) return std::nullopt;
  ShuffleVector low = sv;
  low.type = sv.type.with_count(k);
  low.mask.resize(k);
  for (int& e : low.mask)
    if (e >= int(n)) e = e - int(n) + int(k);
  for (Operand* op : {&low.v1, &low.v2})
    if (op->kind == Operand::Kind::Constant) op->elems.resize(k);
  low.widened_from = 0;
  return LowPart{std::move(low), zeroed};
}

Expected<SynthResult> synthesize_whole(const ShuffleVector& in, const SynthOptions& options);

}  // namespace

Expected<SynthResult> synthesize(const ShuffleVector& in, const SynthOptions& options) {
  if (!options.cpu) return Error{"synth needs a CPU cost model"};
  SynthOptions opts = options;
  if (opts.deadline == std::chrono::steady_clock::time_point::max())
    opts.deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(opts.budget_ms);
  // A result whose lanes past a narrower register are all undefined, reading only lanes within
  // it, is also made in that register (its low part of the operands' registers and of the
  // result's): the cheaper answer is kept, the bound the lesser of the two. (Not for callers that
  // splice the Program into their own registers: split_registers off.) With AVX the lanes past it
  // may be zero too: every instruction there is VEX or EVEX encoded, and one that writes an xmm or
  // ymm zeroes the rest of its zmm (Program::out_zeroed: the emitters store the zeros).
  const bool vex = opts.target.arch == isa::Arch::x86 && opts.target.max_reg_bits >= 256 &&
                   uint64_t(in.m()) * in.type.elem.bits <= opts.target.max_reg_bits;  // (one register: its rest zeroed)
  if (!in.scalable() && in.type.elem.bits % 8 == 0 && opts.cpu->arch == opts.target.arch && opts.split_registers)
    for (const unsigned bits : {64u, 128u, 256u}) {
      const bool reg = opts.target.arch == isa::Arch::aarch64 ? bits <= 128 : bits >= 128;
      if (!reg || bits > opts.target.max_reg_bits) continue;
      if (const auto low = low_part(in, bits, vex)) {
        auto narrow = synthesize_whole(low->sv, opts);
        if (!narrow) break;
        if (low->zeroed) {
          if (narrow->program.outputs.size() != 1 || narrow->program.out_held) break;
          // (An input passed through is copied once to zero the rest: priced as emitted.)
          narrow->program.out_zeroed = unsigned(in.m() * in.type.elem.bits);
          narrow->cost = synth::objective_cost(narrow->program, opts);
          narrow->optimal = narrow->optimal && narrow->cost <= narrow->lower_bound + 1e-5;
          narrow->lower_bound = std::min(narrow->lower_bound, narrow->cost);
        }
        auto wide = synthesize_whole(in, opts);
        if (!wide) return narrow;
        return synth::cheaper_of(std::move(*narrow), std::move(*wide));
      }
    }
  return synthesize_whole(in, opts);
}

namespace {

Expected<SynthResult> synthesize_whole(const ShuffleVector& in, const SynthOptions& options) {
  SynthOptions opts = options;
  if (opts.cpu->arch != opts.target.arch) return Error{fmt::format("CPU '{}' is not a {} CPU", opts.cpu->name, opts.target.name)};
  if (in.scalable()) return Error{"synth handles fixed-length vectors; scalable ones are the scalable-vectors engine's"};
  const ShuffleVector& sv = in;
  const unsigned eb = sv.type.elem.bits;
  if (eb % 8) return Error{fmt::format("synth needs whole-byte elements; {} has {} bits", sv.type.elem.ir(), eb)};
  const uint64_t in_bits = uint64_t(sv.n()) * eb, out_bits64 = uint64_t(sv.m()) * eb;
  const unsigned max_bits = opts.target.max_reg_bits;
  auto register_width = [&](uint64_t bits) {
    return (opts.target.arch == isa::Arch::aarch64 ? (bits == 64 || bits == 128) : (bits == 128 || bits == 256 || bits == 512)) &&
           bits <= max_bits;
  };
  // Operands or a result of several registers (a vectorizer's interleaved loads and stores): the
  // widest register that divides both, each result register searched apart (register_split.h).
  // (A byte's label holds its place in its operand in 8 bits: operands of at most 256 bytes.)
  // Else an operand or result narrower than a register is its low part (a loop epilogue's
  // <2 x float>, a concatenation of two, a half of a <4 x float>): the narrowest register that
  // holds it, and the other side in whole registers of that width.
  // Failing both, an operand or result of whole registers and the low part of one more (a
  // <24 x i8> load on SSE: 128 bits and 64).
  std::vector<unsigned> split_widths;  // in the order tried
  enum Fit { kWhole, kLowPart, kPartialLast };
  auto splits = [&](unsigned w, Fit fit) {
    auto fits = [&](uint64_t bits) { return bits % w == 0 || (fit != kWhole && bits < w) || (fit == kPartialLast && bits % 8 == 0); };
    return register_width(w) && fits(in_bits) && fits(out_bits64) && (in_bits + w - 1) / w <= 8 && (out_bits64 + w - 1) / w <= 8;
  };
  // Operands wider than that (an AVX-512 stride-5 load: <80 x i32>, five zmm) are split into
  // registers before the search, each an input of its own (OperandGoal::input_bits): the widest
  // register that divides both, and only it.
  unsigned operand_registers = 0;
  if (in_bits > 2048 && opts.split_registers)
    for (unsigned w = max_bits; w >= 128 && !operand_registers; w /= 2)
      if (splits(w, kWhole)) operand_registers = w, split_widths.push_back(w);
  if ((in_bits != out_bits64 || !register_width(out_bits64)) && in_bits <= 2048 && opts.split_registers) {
    for (unsigned w = max_bits; w >= 64; w /= 2)
      if (splits(w, kWhole)) split_widths.push_back(w);
    for (Fit fit : {kLowPart, kPartialLast})
      for (unsigned w = 64; w <= max_bits && split_widths.empty(); w *= 2)
        if (splits(w, fit)) split_widths.push_back(w);
  }
  const unsigned reg_bits = split_widths.empty() ? 0 : split_widths[0];
  if (!reg_bits && (out_bits64 > 512 || in_bits > 512))
    return Error{fmt::format("synth splits a shuffle into at most eight registers per operand and eight for the result, "
                             "each a whole register where an operand is wider than 2048 bits ({} registers of up to {} "
                             "bits): inputs {} bits, result {} bits",
                             opts.target.name, max_bits, in_bits, out_bits64)};
  const unsigned out_bits = unsigned(out_bits64);
  if (!reg_bits && in_bits != out_bits)
    return Error{fmt::format("synth makes one register from registers of the same width: inputs {} bits, result {} bits", in_bits, out_bits)};
  const bool ok_width = reg_bits || register_width(out_bits);
  if (!ok_width)
    return Error{fmt::format("a {}-bit result does not fill one {} register (widths: {})", out_bits, opts.target.name,
                             opts.target.arch == isa::Arch::aarch64 ? "64, 128" : max_bits >= 512 ? "128, 256, 512" : max_bits >= 256 ? "128, 256" : "128")};
  // The goal under one layout of the constants: one search, or one per result register.
  auto solve = [&](const synth::OperandGoal& g, const SynthOptions& o) -> Expected<SynthResult> {
    const unsigned g_bits = g.input_bits ? g.input_bits : unsigned(in_bits);  // each input's
    unsigned w = out_bits;
    if (reg_bits) {
      // The first registers that can do it (or the first, which says why not).
      w = reg_bits;
      for (unsigned c : split_widths)
        if (synth::split_fits(g.goal, g_bits, out_bits, c, o)) {
          w = c;
          break;
        }
    }
    Expected<SynthResult> r = reg_bits ? synth::synth_registers(g.goal, g_bits, out_bits, w, g.names, o)
                                       : synth::synth_goal(g.goal, out_bits, g.names, o);
    // Where an operand or the result spans several of those registers (or they are NEON's d),
    // wider ones, an operand or the result in the low part of one (the last operand register may
    // hold a low part too), are tried as well and the cheaper answer kept:
    // one `vpermb zmm` of a <48 x i8> in the low 384 bits where xmm take a blend and two lookups,
    // one `vpermt2b zmm` for a 3-way byte interleave of two <32 x i8> into <48 x i8>; NEON's d
    // registers against q ones, where a table lookup reads two (`tbl2.16b` with its control: 0.5
    // cycles on Neoverse N1 where d registers take nine instructions for a two-input byte shuffle,
    // one where four d registers of a <32 x i8> stride-4 extract take six), and one `zip1.16b`
    // interleaves two <8 x i8> where d registers take two.
    // Each has an equal share of what the searches before it left; none once that is spent.
    std::vector<unsigned> wider;
    if (r && o.split_registers && !g.input_bits && (w < 128 || (reg_bits && (in_bits > w || out_bits > w))))
      for (unsigned c = w * 2; c <= max_bits; c *= 2)
        if (splits(c, kPartialLast) && synth::split_fits(g.goal, unsigned(in_bits), out_bits, c, o)) wider.push_back(c);
    for (size_t i = 0; i < wider.size() && double(o.budget_ms) - r->ms >= 1 && !past_deadline(o); ++i) {
      const double left = double(wider.size() - i);
      SynthOptions rest = o;
      rest.budget_ms = unsigned(std::max(1.0, (double(o.budget_ms) - r->ms) / left));
      rest.node_budget = std::max<uint64_t>(1, uint64_t(double(o.node_budget - std::min(o.node_budget, r->nodes)) / left));
      if (auto q = synth::synth_registers(g.goal, g_bits, out_bits, wider[i], g.names, rest))
        r = synth::cheaper_of(std::move(*r), std::move(*q));
    }
    return r;
  };
  auto natural = synth::operand_goal(sv, synth::ConstantLayout::natural, operand_registers);
  if (!natural) return natural.error();
  if (!(*natural)->has_value()) return Error{"the shuffle reads no input value: it is a constant"};
  if (!(*natural)->has_constant()) return solve(**natural, opts);
  return synth::with_constants(sv, **natural, operand_registers ? operand_registers : unsigned(in_bits), opts, solve);
}

}  // namespace

}  // namespace shufc
