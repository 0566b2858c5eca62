// Programs of one crossing instruction, its movers and in-place lights, tried whole
// (src/synth/crossing_whole.h): random Programs of that shape, run on byte labels, are never
// ruled out for the goal they make; goals no such Program makes are; and through the search,
// SSSE3 word shuffles whose only cheaper shapes need an or without zeros are proven.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <numeric>
#include <optional>
#include <random>

#include "../../../src/synth/crossing_whole.h"
#include "../../../src/synth/goal.h"
#include "../../../src/synth/one_crossing.h"
#include "shufc/cost.h"
#include "shufc/isa/registry.h"
#include "shufc/parse.h"
#include "shufc/synth.h"

namespace shufc {
namespace {

using synth::CrossingStep;
using synth::InPlaceLights;

constexpr double kThird = 1.0 / 3;
constexpr int B = 256;          // input b's first label
constexpr int kSign = 0x4000;   // a src's sign-fill flag
constexpr int kGarbage = -3;    // a byte that is no input's (an or of two, a saturated element)

CrossingStep map_step(std::vector<int16_t> src, double cost, unsigned arity, bool crossing, bool moves) {
  CrossingStep s;
  s.src = std::move(src);
  s.cost = cost;
  s.arity = arity;
  s.crossing = crossing;
  s.moves = moves;
  s.zeros = std::count(s.src.begin(), s.src.end(), int16_t(-1)) > 0;
  return s;
}

// shufps a, b, imm: dwords 0-1 from a, 2-3 from b.
CrossingStep shufps(unsigned imm) {
  std::vector<int16_t> src(16);
  for (unsigned d = 0; d < 4; ++d)
    for (unsigned k = 0; k < 4; ++k) src[d * 4 + k] = int16_t((d >= 2 ? 256 : 0) + (imm >> (2 * d) & 3) * 4 + k);
  return map_step(src, 1, 2, true, true);
}
// pshufd a, imm.
CrossingStep pshufd(unsigned imm) {
  std::vector<int16_t> src(16);
  for (unsigned d = 0; d < 4; ++d)
    for (unsigned k = 0; k < 4; ++k) src[d * 4 + k] = int16_t((imm >> (2 * d) & 3) * 4 + k);
  return map_step(src, 1, 1, true, true);
}
// punpcklwd a, b.
CrossingStep punpcklwd() {
  std::vector<int16_t> src(16);
  for (unsigned w = 0; w < 8; ++w)
    for (unsigned k = 0; k < 2; ++k) src[w * 2 + k] = int16_t((w % 2 ? 256 : 0) + (w / 2) * 2 + k);
  return map_step(src, 1, 2, true, true);
}
// packssdw a, b: the low words of sign-extended dwords.
CrossingStep packssdw() {
  std::vector<int16_t> src(16);
  CrossingStep s;
  for (unsigned w = 0; w < 8; ++w)
    for (unsigned k = 0; k < 2; ++k) src[w * 2 + k] = int16_t((w >= 4 ? 256 : 0) + (w % 4) * 4 + k);
  s = map_step(src, 1, 2, true, true);
  for (unsigned in = 0; in < 2; ++in)
    for (unsigned d = 0; d < 4; ++d)
      for (unsigned k = 2; k < 4; ++k) s.need_sign.push_back({int16_t(in * 256 + d * 4 + k), int16_t(in * 256 + d * 4 + 1)});
  s.kept = 2;
  return s;
}
// An element shift of `n` bytes (right: towards byte 0) within elements of `width` bytes; an
// arithmetic right shift fills with the element's top byte's sign.
CrossingStep shift(int n, int width, bool arithmetic = false) {
  std::vector<int16_t> src(16, -1);
  for (int q = 0; q < 16; ++q) {
    const int s = q + n, top = q / width * width + width - 1;
    if (s / width == q / width && s >= 0 && s < 16) src[size_t(q)] = int16_t(s);
    else if (arithmetic && n > 0) src[size_t(q)] = int16_t(top | kSign);
  }
  return map_step(src, 0.5, 1, false, true);
}
CrossingStep por() {
  std::vector<int16_t> src(16);
  std::iota(src.begin(), src.end(), int16_t(0));
  CrossingStep s = map_step(src, kThird, 2, false, false);
  s.is_or = true;
  return s;
}
CrossingStep blendps(unsigned imm) {
  std::vector<int16_t> src(16);
  for (int q = 0; q < 16; ++q) src[size_t(q)] = int16_t((imm >> (q / 4) & 1) ? 256 + q : q);
  return map_step(src, kThird, 2, false, false);
}
// pblendvb: per byte, either argument's (2/3).
CrossingStep variable_blend() {
  CrossingStep s;
  s.programmable = true;
  s.arity = 2;
  s.cost = 2 * kThird;
  return s;
}
// movq (the low qword, the high one zeroed) and an insertps that keeps places: dword 0 of b,
// dword 1 zeroed, the rest of a.
CrossingStep movq() {
  std::vector<int16_t> src(16, -1);
  std::iota(src.begin(), src.begin() + 8, int16_t(0));
  return map_step(src, kThird, 1, false, false);
}
// movss a, b (dword 0 of b, the rest of a) and shufps a, b keeping places (qword 0 of a, 1 of
// b): SSSE3's blends, a few patterns, each 1 cycle.
CrossingStep movss_like() {
  std::vector<int16_t> src(16);
  for (int q = 0; q < 16; ++q) src[size_t(q)] = int16_t(q < 4 ? 256 + q : q);
  return map_step(src, 1, 2, false, false);
}
CrossingStep halves_select() {
  std::vector<int16_t> src(16);
  for (int q = 0; q < 16; ++q) src[size_t(q)] = int16_t(q < 8 ? q : 256 + q);
  return map_step(src, 1, 2, false, false);
}
CrossingStep insert_in_place() {
  std::vector<int16_t> src(16);
  for (int q = 0; q < 16; ++q) src[size_t(q)] = int16_t(q < 4 ? 256 + q : q < 8 ? -1 : q);
  return map_step(src, 1, 2, false, false);
}
// vpermilps with a variable control: each dword from any dword.
CrossingStep dword_lookup() {
  CrossingStep s;
  s.programmable = s.table = s.crossing = s.moves = true;
  s.elem_bytes = 4;
  s.cost = 1;
  return s;
}
// pshufb: each byte from any byte of the register, or zero.
CrossingStep byte_lookup() {
  CrossingStep s = dword_lookup();
  s.elem_bytes = 1;
  s.zeros = true;
  return s;
}
CrossingStep byte_mask() {
  CrossingStep s;
  s.programmable = s.table = s.zeros = true;
  s.block_bytes = 1;
  s.cost = 0.5;
  return s;
}

// A register's bytes as labels (input * 256 + byte, with kSign for a sign fill), kZeroByte or
// kGarbage: what the instructions do to bytes whose values are unknown.
using Bytes = std::vector<int>;
int fill(int x) { return x == synth::kZeroByte || x == kGarbage ? x : x | kSign; }
int ored(int x, int y) {
  if (x == synth::kZeroByte) return y;
  if (y == synth::kZeroByte || x == y) return x;
  return kGarbage;
}
Bytes run_map(const CrossingStep& st, const Bytes& x, const Bytes& y) {
  auto at = [&](int s) { return ((s & 0x3FFF) / 256 ? y : x)[size_t((s & 0x3FFF) % 256)]; };
  Bytes out(16, synth::kZeroByte);
  for (unsigned q = 0; q < 16; ++q) {
    const int s = st.src[q];
    if (st.is_or) out[q] = ored(x[q], y[q]);
    else if (s >= 0) out[q] = s & kSign ? fill(at(s)) : at(s);
  }
  for (const auto& [fx, fy] : st.need_sign)
    if (at(fx) != fill(at(fy)) || at(fy) == kGarbage)
      for (unsigned q = 0; q < 16; ++q)
        if (const int s = st.src[q]; s >= 0 && (s & 0x3FFF) / 256 == fy / 256 && (s & 0x3FFF) % 256 <= fy % 256 &&
                                     (s & 0x3FFF) % 256 + int(st.kept) > fy % 256)
          out[q] = kGarbage;
  return out;
}

// Random Programs of one crossing instruction H (or none), movers and lights, run on byte labels.
class RandomPrograms {
 public:
  // Without byte masks and with an almost free zero register, Programs that mask with a blend of
  // the zero register are the cheapest of their kind (SSE4.1 on Skylake: pxor is an idiom);
  // without blends every join is an or (SSSE3), and `few_blends` adds SSSE3's (fixed patterns:
  // InPlaceLights keeps each apart).
  explicit RandomPrograms(bool byte_masks = true, double zero_register = 0.25, bool blends = true, bool few_blends = false)
      : zero_register(zero_register) {
    for (unsigned imm : {0x4Eu, 0xB1u, 0x1Bu, 0x72u, 0x8Du}) hs_.push_back(shufps(imm)), hs_.push_back(pshufd(imm));
    hs_.push_back(punpcklwd()), hs_.push_back(packssdw()), hs_.push_back(dword_lookup()), hs_.push_back(byte_lookup());
    for (int n : {1, 2, 4, 6}) movers_.push_back(shift(n, 8)), movers_.push_back(shift(-n, 8));
    movers_.push_back(shift(2, 4)), movers_.push_back(shift(-2, 4)), movers_.push_back(shift(2, 4, true));
    catalog_ = {por(), movq()};
    if (byte_masks) catalog_.push_back(byte_mask());
    if (blends) {
      catalog_.push_back(variable_blend()), catalog_.push_back(insert_in_place());
      for (unsigned imm = 1; imm < 15; ++imm) catalog_.push_back(blendps(imm));
    }
    if (few_blends) catalog_.push_back(movss_like()), catalog_.push_back(halves_select());
    lights = *InPlaceLights::of(catalog_);
  }
  double zero_register;
  InPlaceLights lights;
  struct Drawn {
    const CrossingStep* h;
    std::vector<const CrossingStep*> ms;
    double cost;  // of the lights and the zero register
    std::vector<int> goal;
    unsigned instructions = 0;  // the zero register counted as one where read
    size_t steps = 0;           // H, the movers and the lights
    bool programmable = false;  // a programmable light or H
    unsigned lights = 0, controls = 0;  // the lights; the programmable steps (a constant each)
  };
  // H (or none), `movers` movers and up to `most_lights` lights, in a random order, each reading
  // random earlier values (a, b, the zero register, results); nullopt where some result is read
  // by none, an instruction reads only the zero register or makes one of its arguments (a Program
  // without it, of another shape, does as much for less), or no goal byte is an input's.
  std::optional<Drawn> draw(bool with_h, size_t movers, unsigned most_lights) {
    Drawn d{with_h ? &hs_[pick(hs_.size())] : nullptr, {}, 0, std::vector<int>(16, synth::kAnyByte)};
    while (d.ms.size() < movers) d.ms.push_back(&movers_[pick(movers_.size())]);
    std::vector<int> order;  // -1: H, -2 - i: mover i, k >= 0: catalog[k]
    if (d.h) order.push_back(-1);
    for (size_t i = 0; i < d.ms.size(); ++i) order.push_back(-2 - int(i));
    for (unsigned l = 0, n = unsigned(pick(most_lights + 1)); l < n; ++l) order.push_back(int(pick(catalog_.size())));
    std::shuffle(order.begin(), order.end(), rng_);
    std::vector<Bytes> vals(3, Bytes(16));
    for (unsigned q = 0; q < 16; ++q) vals[0][q] = int(q), vals[1][q] = B + int(q), vals[2][q] = synth::kZeroByte;
    std::vector<unsigned> reads(3, 0);
    bool zero_only = false;
    for (int o : order) {
      const CrossingStep& st = o == -1 ? *d.h : o < -1 ? *d.ms[size_t(-2 - o)] : catalog_[size_t(o)];
      const size_t x = pick(vals.size()), y = st.arity == 2 ? pick(vals.size()) : x;
      ++reads[x], ++reads[y];
      zero_only |= x == 2 && y == 2;
      if (o >= 0) d.cost += st.cost, ++d.lights;
      d.programmable |= st.programmable && o >= -1;  // (a light or H; the movers are byte maps)
      d.controls += st.programmable;
      Bytes out = vals[x];
      if (st.programmable && st.crossing && st.elem_bytes == 1) {  // the byte lookup, a random control
        for (unsigned q = 0; q < 16; ++q) {
          const size_t from = pick(17);
          out[q] = from == 16 ? synth::kZeroByte : vals[x][from];
        }
      } else if (st.programmable && st.crossing) {  // the dword lookup with a random control
        for (unsigned e = 0; e < 4; ++e) {
          const size_t from = pick(4);
          for (unsigned k = 0; k < 4; ++k) out[e * 4 + k] = vals[x][from * 4 + k];
        }
      } else if (st.programmable) {  // a byte mask or a variable blend with a random control
        for (unsigned q = 0; q < 16; ++q)
          if (pick(3) == 0) out[q] = st.arity == 2 ? vals[y][q] : synth::kZeroByte;
      } else {
        out = run_map(st, vals[x], vals[y]);
      }
      // An instruction whose result is one of its arguments does nothing (por a, a; a mask that
      // keeps every byte): the Program without it does as much for less, and what the argument
      // says of that one holds for this one.
      if (out == vals[x] || out == vals[y]) return std::nullopt;
      vals.push_back(out);
      reads.push_back(0);
    }
    if (std::count(reads.begin() + 3, reads.end() - 1, 0u) > 0 || zero_only) return std::nullopt;
    if (reads[2] > 0) d.cost += zero_register;
    d.instructions = unsigned(order.size()) + (reads[2] > 0);
    d.steps = order.size();
    bool any = false;
    for (unsigned j = 0; j < 16; ++j) {
      const int v = vals.back()[j];
      if (v == synth::kZeroByte) d.goal[j] = v;
      if (v >= 0 && v < 2 * B) d.goal[j] = v, any = true;
    }
    if (!any) return std::nullopt;
    return d;
  }
  size_t pick(size_t n) { return size_t(std::uniform_int_distribution<size_t>(0, n - 1)(rng_)); }
  // Every instruction a Program may draw.
  std::vector<CrossingStep> steps() const {
    std::vector<CrossingStep> all = hs_;
    all.insert(all.end(), movers_.begin(), movers_.end());
    all.insert(all.end(), catalog_.begin(), catalog_.end());
    return all;
  }

 private:
  std::vector<CrossingStep> hs_, movers_, catalog_;
  std::mt19937 rng_{20261126};
};

// The one-crossing argument's view of the catalog `programs` draws from.
synth::CrossingProof proof_over(const RandomPrograms& programs) {
  synth::CrossingProof p;
  p.cheapest_reading = kThird;
  p.programmable_pair = synth::kInf;
  p.zero_register = programs.zero_register;
  p.steps = std::make_shared<const std::vector<CrossingStep>>(programs.steps());
  return p;
}

// What a drawn Program costs: H, its movers, its lights and the zero register.
double own_cost(const RandomPrograms::Drawn& d) {
  double cost = (d.h ? d.h->cost : 0) + d.cost;
  for (const CrossingStep* m : d.ms) cost += m->cost;
  return cost;
}

bool crosses(const std::vector<int>& goal) {
  for (unsigned j = 0; j < 16; ++j)
    if (goal[j] >= 0 && unsigned(goal[j] % 256) / 8 != j / 8) return true;
  return false;
}

TEST(CrossingWhole, NoRandomProgramOfTheShapeIsRuledOutForItsOwnGoal) {
  // H, up to two movers and up to three lights: four instructions at most; SSE4.1-like, then
  // SSSE3-like (its few blends, each a pattern of its own).
  for (const bool few_blends : {false, true}) {
    RandomPrograms programs(true, 0.25, !few_blends, few_blends);
    unsigned tried = 0, ruled_out = 0;
    while (tried < 5000) {
      const size_t movers = programs.pick(3);
      const auto d = programs.draw(true, movers, unsigned(3 - movers));
      if (!d || !crosses(d->goal)) continue;
      const auto may = synth::whole_crossing_may(*d->h, d->ms, programs.lights, programs.zero_register, d->cost + 0.01, d->goal, 0);
      if (!may) continue;  // (room for more than four instructions)
      ++tried;
      ruled_out += !*may;
      // Past three complete levels, what they did not try: four instructions or a programmable one.
      if (d->instructions > 3 || d->programmable)
        ruled_out += !*synth::whole_crossing_may(*d->h, d->ms, programs.lights, programs.zero_register, d->cost + 0.01, d->goal, 0, 3);
    }
    EXPECT_EQ(ruled_out, 0u) << (few_blends ? "SSSE3-like" : "SSE4.1-like");
  }
}

TEST(CrossingWhole, NoRandomProgramIsRuledOutByTheOneCrossingArgument) {
  // The whole argument (one_crossing.h) over the same catalog, after two complete levels (they
  // try every Program of two instructions, the zero register a leaf): a Program of three
  // instructions or more (H, up to two movers, lights, the zero register) at its own cost is
  // never ruled out (the lookup with a mover and masks by a blend with the zero register among
  // them).
  for (int kind = 0; kind < 4; ++kind) {
    const bool byte_masks = kind != 1;
    RandomPrograms programs(byte_masks, kind == 1 ? 0.01 : 0.25, kind < 2, kind == 3);
    synth::CrossingProof p = proof_over(programs);
    unsigned tried = 0, ruled_out = 0;
    // (10,000 a catalog. A missing shape, a mover after a join of H's value, took 20,000 on
    // another seed to show (OneCrossing.AMoverAfterAJoinOfTheLookupsValueIsNotRuledOut has it);
    // 180,000 more on six seeds found nothing else.)
    while (tried < 10000) {
      const size_t movers = programs.pick(3);
      const auto d = programs.draw(true, movers, unsigned(3 - movers));
      if (!d || !crosses(d->goal) || d->steps < 3) continue;
      p.goal = d->goal;
      ++tried;
      if (synth::one_crossing_rules_out(p, own_cost(*d) + 0.01, 2)) ++ruled_out;
    }
    EXPECT_EQ(ruled_out, 0u) << (kind == 0 ? "SSE4.1-like" : kind == 1 ? "without byte masks" : kind == 2 ? "without blends" : "SSSE3-like");
  }
}

TEST(CrossingWhole, AMoverOfAJoinBlendedWithTheJoinIsNotRuledOut) {
  // pshufb b (a random control), blendps with a (its dword 1), psrlq by a byte of that join, and
  // blendps of the join with the shifted join (2.17): the lookup with a mover took the last light
  // only with an input (found at 100,000 draws a catalog on seed 777, session 37).
  RandomPrograms programs(false, 0.01, true, false);
  synth::CrossingProof p = proof_over(programs);
  p.goal = {1, 2, 3, B + 15, B + 15, B + 3, B + 0, B + 12, 9, 10, 11, 12, 12, 13, 14, 15};
  EXPECT_FALSE(synth::one_crossing_rules_out(p, 1 + 0.5 + 2 * kThird + 0.01, 2));
}

TEST(CrossingWhole, NoRandomProgramIsRuledOutByTheArgumentCountingItsOwnInstructions) {
  // As above, with the ports proof's counts (MostCounts) set to the Program's own: one crossing
  // instruction (or none), its movers, its lights, its constants. At its own cost, and at three
  // cycles more, where the counts alone bound what the argument tries: never ruled out.
  for (int kind = 0; kind < 4; ++kind) {
    RandomPrograms programs(kind != 1, kind == 1 ? 0.01 : 0.25, kind < 2, kind == 3);
    synth::CrossingProof p = proof_over(programs);
    // (The drawn Program's own counts, with H or without.)
    auto own_counts = [](const RandomPrograms::Drawn& d) {
      synth::MostCounts m;
      m.crossing = d.h ? 1 : 0;
      m.movers = m.movers_alone = unsigned(d.ms.size());
      m.lights = m.lights_alone = d.lights;
      m.others = m.others_alone = unsigned(d.ms.size()) + d.lights;
      m.controls = d.controls;
      // (Its uops as the counts take them: one an instruction, one more a control's load.)
      m.uops = m.crossing + m.others + m.controls;
      return m;
    };
    unsigned tried = 0, ruled_out = 0;
    while (tried < 2500) {
      const size_t movers = programs.pick(3);
      const auto d = programs.draw(true, movers, unsigned(3 - movers));
      if (!d || !crosses(d->goal) || d->steps < 3) continue;
      p.goal = d->goal;
      p.most = own_counts(*d);
      ++tried;
      for (const double above : {0.01, 3.0})
        if (synth::one_crossing_rules_out(p, own_cost(*d) + above, 2)) ++ruled_out;
    }
    // Programs of movers and lights alone for goals in their halves, past three complete levels.
    for (tried = 0; tried < 600;) {
      const size_t movers = 1 + programs.pick(3);
      const auto d = programs.draw(false, movers, unsigned(synth::kMostLightOnly - movers));
      if (!d || crosses(d->goal) || (d->steps <= 3 && !d->programmable)) continue;  // (the zero register a leaf)
      p.goal = d->goal;
      p.most = own_counts(*d);
      ++tried;
      for (const double above : {0.01, 3.0})
        if (synth::one_crossing_rules_out(p, own_cost(*d) + above, 3)) ++ruled_out;
    }
    EXPECT_EQ(ruled_out, 0u) << kind;
  }
}

TEST(CrossingWhole, NoRandomProgramOfLightsAloneIsRuledOutForItsOwnGoal) {
  // One to three movers and lights, five instructions at most, no crossing instruction;
  // SSE4.1-like, then SSSE3-like.
  for (const bool few_blends : {false, true}) {
    RandomPrograms programs(true, 0.25, !few_blends, few_blends);
    unsigned tried = 0, ruled_out = 0;
    while (tried < 3000) {
      const size_t movers = 1 + programs.pick(3);
      const auto d = programs.draw(false, movers, unsigned(synth::kMostLightOnly - movers));
      if (!d) continue;
      const auto may = synth::light_only_may(d->ms, programs.lights, programs.zero_register, d->cost + 0.01, d->goal, 0);
      if (!may) continue;
      ++tried;
      ruled_out += !*may;
    }
    EXPECT_EQ(ruled_out, 0u) << (few_blends ? "SSSE3-like" : "SSE4.1-like");
  }
  RandomPrograms programs;
  // Nothing is asked of Programs the levels tried: three instructions, none programmable.
  std::vector<int> goal(16, synth::kAnyByte);
  for (int q = 0; q < 8; ++q) goal[size_t(q)] = q < 4 ? B + q + 4 : q;  // psrlq b by 4, blended with a
  const CrossingStep right = shift(4, 8);
  EXPECT_TRUE(*synth::light_only_may({&right}, programs.lights, synth::kInf, 0.34, goal, 0));
  EXPECT_FALSE(*synth::light_only_may({&right}, programs.lights, synth::kInf, 0.34, goal, 2));
}

TEST(CrossingWhole, MoversLastAreOneChainOnOneValue) {
  // Where the instructions left are the movers alone, the result is their chain on one value:
  // a's byte 1 of each dword to byte 3 is two shifts (right 1 byte, then left 3, in dwords),
  // found with room for no light; byte 2 to byte 3 instead is no chain of both (each mover is in
  // the Program once, and lights keep bytes in place): ruled out.
  RandomPrograms programs;
  const CrossingStep right = shift(1, 4), left = shift(-3, 4);
  std::vector<int> goal(16, synth::kAnyByte);
  for (int w = 0; w < 4; ++w) goal[size_t(4 * w + 3)] = 4 * w + 1;
  EXPECT_EQ(synth::light_only_may({&right, &left}, programs.lights, synth::kInf, 0.3, goal, 0), std::optional<bool>(true));
  goal[3] = 2;
  EXPECT_EQ(synth::light_only_may({&right, &left}, programs.lights, synth::kInf, 0.3, goal, 0), std::optional<bool>(false));
}

// b's dword 2 to dword 0 (crossing), a's dword 1 in place, a's word 5 and b's word 7 in place.
std::vector<int> dword_and_words_goal() {
  std::vector<int> goal(16, synth::kAnyByte);
  for (int k = 0; k < 4; ++k) goal[size_t(k)] = B + 8 + k, goal[size_t(4 + k)] = 4 + k;
  goal[10] = 10, goal[11] = 11, goal[14] = B + 14, goal[15] = B + 15;
  return goal;
}

TEST(CrossingWhole, AnOrOfRegistersWithoutZerosMakesNoGoal) {
  // shufps b, a then psrlq and two ors: each or reads a value without zeros where the other
  // holds a goal byte.
  const std::vector<int> goal = dword_and_words_goal();
  InPlaceLights ors;
  ors.add({InPlaceLights::Kind::Join, kThird});
  const CrossingStep h = shufps(0x02), m = shift(2, 8);
  EXPECT_FALSE(*synth::whole_crossing_may(h, {&m}, ors, synth::kInf, 0.8, goal, 0));
  // With blends, shufps(b, a) then a blend with a (dwords 1 and 2) and one with b (dword 3).
  InPlaceLights blends = ors;
  blends.add({InPlaceLights::Kind::Select, kThird, 4});
  EXPECT_TRUE(*synth::whole_crossing_may(h, {}, blends, synth::kInf, 0.8, goal, 0));
}

TEST(CrossingWhole, PastItsDeadlineNothingIsRuledOut) {
  // The Programs of AnOrOfRegistersWithoutZerosMakesNoGoal, none of which makes the goal: tried
  // after the deadline, the answer is "cannot tell", not "none".
  const std::vector<int> goal = dword_and_words_goal();
  InPlaceLights ors;
  ors.add({InPlaceLights::Kind::Join, kThird});
  const CrossingStep h = shufps(0x02), m = shift(2, 8);
  const auto late = std::chrono::steady_clock::now() - std::chrono::seconds(1);
  EXPECT_EQ(synth::whole_crossing_may(h, {&m}, ors, synth::kInf, 0.8, goal, 0, 0, 0, late), std::nullopt);
  EXPECT_EQ(synth::light_only_may({&m}, ors, synth::kInf, 0.8, goal, 0, 0, late), std::nullopt);
  EXPECT_EQ(synth::light_only_may({&m}, ors, synth::kInf, 0.8, goal, 0, 0), false);
}

TEST(CrossingWhole, BlendsOfAFewPatternsAreEachTheirOwnLight) {
  // SSSE3's blends in place (movss: dword 0 of the second argument; shufps keeping halves) make
  // a few patterns, not every one of dwords: each is a light with its sides fixed, both argument
  // orders. SSE4.1's blendps (every dword pattern) stays one light whose control chooses.
  const std::vector<CrossingStep> ssse3 = {por(), movq(), byte_mask(), movss_like(), halves_select()};
  const InPlaceLights few = *InPlaceLights::of(ssse3);
  size_t fixed_selects = 0;
  for (const auto& l : few.kinds) fixed_selects += l.fixed && l.kind == InPlaceLights::Kind::Select;
  EXPECT_EQ(fixed_selects, 4u);
  std::vector<CrossingStep> sse41 = {por()};
  for (unsigned imm = 1; imm < 15; ++imm) sse41.push_back(blendps(imm));
  const InPlaceLights every = *InPlaceLights::of(sse41);
  EXPECT_TRUE(std::none_of(every.kinds.begin(), every.kinds.end(), [](const auto& l) { return l.fixed; }));
  // a's dwords 0, 1 and 3, b's dword 3 at 2 (psrlq b by 4 bytes, a mover): a blend of any dwords
  // after the shift would make it (1.5); the few blends cannot, and masks and an or cost 1.33 on
  // top of the shift (1.83, not below).
  std::vector<int> goal(16);
  for (int q = 0; q < 16; ++q) goal[size_t(q)] = q >= 8 && q < 12 ? B + q + 4 : q;
  const CrossingStep right = shift(4, 8);
  EXPECT_EQ(synth::light_only_may({&right}, few, synth::kInf, 4.0 / 3 - 0.01, goal, 0), std::optional<bool>(false));
  EXPECT_EQ(synth::light_only_may({&right}, few, synth::kInf, 4.0 / 3 + 0.01, goal, 0), std::optional<bool>(true));
  // b's dword 0, then a's: movss a, b (1), where two masks and an or take 1.33.
  for (int q = 0; q < 16; ++q) goal[size_t(q)] = q < 4 ? B + q : q;
  EXPECT_EQ(synth::light_only_may({}, few, synth::kInf, 1.01, goal, 0), std::optional<bool>(true));
  EXPECT_EQ(synth::light_only_may({}, few, synth::kInf, 0.99, goal, 0), std::optional<bool>(false));
  // a's dword 0, then b's: the same with its arguments swapped.
  for (int q = 0; q < 16; ++q) goal[size_t(q)] = q < 4 ? q : B + q;
  EXPECT_EQ(synth::light_only_may({}, few, synth::kInf, 1.01, goal, 0), std::optional<bool>(true));
}

TEST(CrossingWhole, ASignedPackMovesOnlySignExtendedElements) {
  // packssdw of a and b after psrad by 16 bits moves their high words: a's to the low qword, b's
  // to the high one. After a logical shift it saturates.
  std::vector<int> goal(16, synth::kAnyByte);
  for (int w = 0; w < 4; ++w) {
    goal[size_t(w * 2)] = w * 4 + 2, goal[size_t(w * 2 + 1)] = w * 4 + 3;
    goal[size_t(8 + w * 2)] = B + w * 4 + 2, goal[size_t(8 + w * 2 + 1)] = B + w * 4 + 3;
  }
  InPlaceLights none;
  const CrossingStep h = packssdw(), sra = shift(2, 4, true), srl = shift(2, 4);
  // Both inputs shifted: two movers of one kind.
  EXPECT_TRUE(*synth::whole_crossing_may(h, {&sra, &sra}, none, synth::kInf, 0.1, goal, 0));
  EXPECT_FALSE(*synth::whole_crossing_may(h, {&srl, &srl}, none, synth::kInf, 0.1, goal, 0));
}

TEST(CrossingWhole, ProgramsOfMoreThanFourInstructionsOrLookupsThatCannotZeroAreNotTried) {
  std::vector<int> goal(16, synth::kAnyByte);
  goal[0] = 8;
  InPlaceLights ors;
  ors.add({InPlaceLights::Kind::Join, kThird});
  EXPECT_FALSE(synth::whole_crossing_may(pshufd(0x4E), {}, ors, synth::kInf, 1.34, goal, 0).has_value());
  // A dword lookup (vpermilps) is tried, and a byte lookup that zeroes (pshufb: each byte a
  // choice of its own); one that cannot zero is not.
  CrossingStep lookup = dword_lookup();
  EXPECT_TRUE(synth::whole_crossing_may(lookup, {}, ors, synth::kInf, 0.5, goal, 0).has_value());
  EXPECT_TRUE(synth::whole_crossing_may(byte_lookup(), {}, ors, synth::kInf, 0.5, goal, 0).has_value());
  lookup.elem_bytes = 1;
  EXPECT_FALSE(synth::whole_crossing_may(lookup, {}, ors, synth::kInf, 0.5, goal, 0).has_value());
}

// Through the search on Skylake: each mask costs `cost` and is proven past the levels.
void expect_proven_past_levels(const char* target, std::vector<const char*> masks, double cost) {
  for (const char* mask : masks) {
    SynthOptions o{*isa::find_target(target), find_cpu("skylake")};
    o.budget_ms = 5000;
    auto r = synthesize(*parse_one(mask), o);
    ASSERT_TRUE(r) << mask;
    EXPECT_NEAR(r->cost, cost, 1e-5) << mask;
    EXPECT_TRUE(r->optimal) << mask;
    EXPECT_TRUE(r->past_levels) << mask;
  }
}

// SSSE3 word shuffles at two pshufb and a por (2.33), where shufps or packssdw with one shift
// and two ors (2.17) fit byte by byte but no or has zeros where it needs them.
TEST(CrossingWhole, TwoLookupsAndAnOrAreProvenWhereTheJoinsNeedZeros) {
  expect_proven_past_levels("ssse3", {"v8i16:1,9,4,14,10,10,7,u", "v8i16:7,10,8,3,5,1,8,2"}, 2 + kThird);
  // No place wanted from both inputs: one blend by a mask (pand.blend, 1.0) and one pshufb.
  expect_proven_past_levels("ssse3", {"v8i16:8,15,10,3,u,12,1,u"}, 2.0);
}

// AVX2: a variable vpermilps with a shift and two blends or ors (2.17) fits byte by byte; tried
// whole (each dword's source a control of its own), none makes these, so two vpshufb and a vpor
// (2.33) are proven.
TEST(CrossingWhole, ADwordLookupIsTriedWithEachSourceUnderItsControl) {
  expect_proven_past_levels("avx2", {"v8i16:10,1,u,9,12,4,3,u", "v8i16:6,14,6,11,5,9,12,9"}, 2 + kThird);
}

// SSSE3 dword shuffles whose bytes stay in their halves: shufps and pshufd (2.0), where psllq a
// and psrlq b by a dword place a2 and b3 but two lights cannot join four values.
TEST(CrossingWhole, ADwordShuffleWithinHalvesIsProvenWithoutACrossingByte) {
  expect_proven_past_levels("ssse3", {"v4i32:0,5,7,2"}, 2.0);
}

// SSSE3 dword shuffles at pand, pshufb and por (1.83): pshufb as H, each result byte a choice of
// its own among its argument's bytes and zero, with the lights around it; no such Program of
// three or four instructions below 1.83 makes them.
TEST(CrossingWhole, AByteLookupIsTriedWithEachByteItsOwnChoice) {
  expect_proven_past_levels("ssse3", {"v4i32:u,4,7,3", "v4i32:1,5,6,3", "v4f32:4,0,2,u"}, 11.0 / 6);
}

TEST(CrossingWhole, AVariableBlendReadingWhatSitsInItsControlRegisterPaysACopy) {
  // SSE4.1's pblendvb takes its control in xmm0, where input a arrives: a Program whose blend
  // reads a, or what pshufb (overwriting its operand) made of a there, pays a copy (1/3).
  CrossingStep select = variable_blend();
  select.vacate = kThird;
  const InPlaceLights lights = *InPlaceLights::of({select});
  // pshufb(pblendvb(a, b)): a's odd bytes and b's even ones, reversed.
  std::vector<int> goal(16);
  for (int q = 0; q < 16; ++q) goal[size_t(q)] = (q % 2 ? B : 0) + 15 - q;
  CrossingStep lookup = byte_lookup();
  EXPECT_FALSE(*synth::whole_crossing_may(lookup, {}, lights, synth::kInf, 2 * kThird + 0.01, goal, 0));
  EXPECT_TRUE(*synth::whole_crossing_may(lookup, {}, lights, synth::kInf, 1 + 0.01, goal, 0));
  // pblendvb(pshufb(a), b): a's low qword reversed, b's high one in place. Where pshufb writes
  // its own register (VEX), the blend reads no input 0 and needs no copy.
  for (int q = 0; q < 16; ++q) goal[size_t(q)] = q < 8 ? 7 - q : B + q;
  EXPECT_TRUE(*synth::whole_crossing_may(lookup, {}, lights, synth::kInf, 2 * kThird + 0.01, goal, 0));
  lookup.destructive = true;
  EXPECT_FALSE(*synth::whole_crossing_may(lookup, {}, lights, synth::kInf, 2 * kThird + 0.01, goal, 0));
  EXPECT_TRUE(*synth::whole_crossing_may(lookup, {}, lights, synth::kInf, 1 + 0.01, goal, 0));
}

}  // namespace
}  // namespace shufc
