// Programs of one crossing instruction, its movers and in-place lights, tried whole
// (crossing_whole.h).
#include "crossing_whole.h"

#include <algorithm>
#include <array>
#include <bitset>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <limits>

#include "goal.h"

namespace shufc::synth {

namespace {

constexpr unsigned kBytes = 16;
constexpr double kEps = 1e-5;
constexpr int kMask = 0x3FFF;   // argument * 256 + byte
constexpr int kSign = 0x4000;   // a src's (and a leaf's) sign-fill flag
constexpr int16_t kSaturated = 0x7FFF;  // a pack's element that was not extended: no input's byte
// A whole-register byte lookup's result byte e (pshufb): whichever byte of its argument, or zero,
// its control picks, a choice of its own per byte (ControlChoice).
constexpr int16_t kChoice = 0x1000;
bool is_choice(int label) { return label >= kChoice && label < kChoice + int(16); }
constexpr unsigned kMaxInstructions = 4;
constexpr unsigned kMaxSteps = kMostLightOnly > kMaxInstructions ? kMostLightOnly : kMaxInstructions;
// Which argument an instruction's result overwrites (SSE's two-operand forms): none (a register
// of its own), its first, or either of two (an or, a blend: the arguments may be swapped).
enum class Overwrites : uint8_t { none, first, either };

// One of the bytes a register byte is the or of, with the controls of the masks and blends it
// passed: each a literal (variable * 2 + the value that keeps it; a variable is a light's control
// of one block, light * 16 + the block's first byte). It survives where all of them hold.
struct Leaf {
  int16_t label = 0;
  uint8_t n = 0;
  std::array<uint8_t, 3> path{};
};

struct Byte {
  uint8_t n = 0;
  bool unknown = false;  // more leaves or controls than kept: taken as anything
  std::array<Leaf, 16> leaf{};
  void add(const Leaf& l) {
    if (unknown) return;
    if (n == leaf.size()) {
      unknown = true;
      return;
    }
    leaf[n++] = l;
  }
  // Every leaf passed a control, which may clear it (a lookup's choice may be zero).
  bool may_be_zero() const {
    if (unknown) return true;
    for (unsigned i = 0; i < n; ++i)
      if (leaf[i].n == 0 && !is_choice(leaf[i].label)) return false;
    return true;
  }
  bool has_choice() const {
    for (unsigned i = 0; i < n; ++i)
      if (is_choice(leaf[i].label)) return true;
    return false;
  }
  // Adds b's leaves, each past the control `literal` where one is given.
  void append(const Byte& b, int literal = -1) {
    unknown |= b.unknown;
    for (unsigned i = 0; i < b.n && !unknown; ++i) {
      Leaf l = b.leaf[i];
      if (literal >= 0) {
        if (l.n == l.path.size()) {
          unknown = true;
          break;
        }
        l.path[l.n++] = uint8_t(literal);
      }
      add(l);
    }
  }
};
using Value = std::array<Byte, kBytes>;

// Beside `label`, b holds another byte that passed no control: it survives whatever picks b, so
// b is never `label` alone.
bool has_stray(const Byte& b, int label) {
  if (b.unknown) return false;
  for (unsigned i = 0; i < b.n; ++i)
    if (b.leaf[i].label != label && b.leaf[i].n == 0) return true;
  return false;
}

Byte sign_fill(const Byte& b) {
  // The sign fill of an or is the or of the fills (its top bit is the or of theirs).
  Byte out = b;
  out.unknown |= b.has_choice();  // (the fill of a byte chosen later: taken as anything)
  for (unsigned i = 0; i < out.n; ++i)
    if (out.leaf[i].label != kSaturated) out.leaf[i].label = int16_t(out.leaf[i].label | kSign);
  return out;
}

// x may be y's sign fill: each leaf of x no control clears is the fill of one of y's, and the
// fill of each of y's that none clears is one of x's.
bool may_fill(const Byte& x, const Byte& y) {
  if (x.unknown || y.unknown || x.has_choice() || y.has_choice()) return true;
  auto has = [](const Byte& b, int label, bool only_fixed) {
    for (unsigned i = 0; i < b.n; ++i)
      if (b.leaf[i].label == label && (!only_fixed || b.leaf[i].n == 0)) return true;
    return false;
  };
  auto fill_of = [](int label) { return label == kSaturated ? -1 : label | kSign; };
  for (unsigned i = 0; i < x.n; ++i) {
    if (x.leaf[i].n > 0) continue;
    bool found = false;
    for (unsigned k = 0; k < y.n && !found; ++k) found = fill_of(y.leaf[k].label) == x.leaf[i].label;
    if (!found) return false;
  }
  for (unsigned k = 0; k < y.n; ++k)
    if (y.leaf[k].n == 0 && !has(x, fill_of(y.leaf[k].label), false)) return false;
  return true;
}

// A fixed byte map step on x (and y); nullopt where its conditions (a pack's zeros) cannot hold.
std::optional<Value> mapped(const CrossingStep& st, const Value& x, const Value& y) {
  auto at = [&](int s) -> const Byte& { return ((s & kMask) / 256 ? y : x)[size_t((s & kMask) % 256)]; };
  for (int z : st.need_zero)
    if (!at(z).may_be_zero()) return std::nullopt;
  Value out{};
  for (unsigned q = 0; q < kBytes; ++q) {
    const int s = st.src[q];
    if (s >= 0) out[q] = s & kSign ? sign_fill(at(s)) : at(s);
  }
  // A signed pack's element that is not its low part's sign extension saturates.
  for (const auto& [fx, fy] : st.need_sign) {
    if (may_fill(at(fx), at(fy))) continue;
    for (unsigned q = 0; q < kBytes; ++q) {
      const int s = st.src[q];
      if (s < 0 || (s & kSign) || (s & kMask) / 256 != fy / 256) continue;
      const int b = (s & kMask) % 256, top = fy % 256;
      if (b <= top && b + int(st.kept) > top) {
        out[q] = Byte{};
        out[q].add(Leaf{kSaturated});
      }
    }
  }
  return out;
}

// A table lookup H (one register, elements of elem_bytes, each from any element of its block):
// each result element the or of every element it may take, each under its own control (the
// variables from kLookupControls on; taking several, or none, a relaxation).
constexpr unsigned kLookupControls = 112;
bool small_table(const CrossingStep& h) {
  if (!h.programmable || !h.table || h.tables != 1 || h.arity != 1 || h.elem_bytes == 0 || h.block_bytes < h.elem_bytes)
    return false;
  return (kBytes / h.elem_bytes) * (h.block_bytes / h.elem_bytes) <= 128 - kLookupControls;
}
Value looked_up(const CrossingStep& h, const Value& x) {
  const unsigned eb = h.elem_bytes, per_block = std::min(h.block_bytes, kBytes) / eb;
  Value out{};
  for (unsigned e = 0; e < kBytes / eb; ++e) {
    const unsigned first = e * eb / (per_block * eb) * per_block;  // the block's first element
    for (unsigned s = 0; s < per_block; ++s)
      for (unsigned k = 0; k < eb; ++k)
        out[e * eb + k].append(x[(first + s) * eb + k], int((kLookupControls + e * per_block + s) * 2 + 1));
  }
  return out;
}

// A whole-register byte lookup that can zero (pshufb xmm): each result byte its own choice.
bool whole_table(const CrossingStep& h) {
  return h.programmable && h.table && h.tables == 1 && h.arity == 1 && h.elem_bytes == 1 && h.block_bytes >= kBytes && h.zeros;
}
Value chosen() {
  Value out{};
  for (unsigned e = 0; e < kBytes; ++e) out[e].add(Leaf{int16_t(kChoice + int(e))});
  return out;
}

// The result makes the goal for some choice of the controls: at each goal byte every leaf of
// another byte is cleared (a literal on its way is false, or the lookup byte it passed picks
// another) and one of the goal's is kept (all of its literals hold, and the lookup byte it passed
// picks it). A small search: a kept leaf per goal byte, then a way to clear each leaf left.
bool from_unknown(const Value& v) {
  return std::any_of(v.begin(), v.end(), [](const Byte& b) { return b.unknown; });
}

class ControlChoice {
 public:
  // from: the whole lookup's argument, where r holds its choices (kChoice), else nullptr.
  ControlChoice(const Value& r, const std::vector<int>& goal, const Value* from) {
    // First what needs no search: a goal byte none of the place's leaves may be, or a leaf that
    // passed no control and is no goal byte.
    std::bitset<512> picked;  // the labels the lookup's choices may pick
    if (from)
      for (const Byte& b : *from)
        for (unsigned i = 0; i < b.n; ++i)
          if (b.leaf[i].label >= 0 && b.leaf[i].label < 512) picked.set(size_t(b.leaf[i].label));
    for (unsigned j = 0; j < kBytes && !impossible_; ++j) {
      const int g = goal[j];
      if (g == kAnyByte || r[j].unknown || (from && r[j].has_choice() && from_unknown(*from))) continue;
      bool keep = g < 0;
      for (unsigned i = 0; i < r[j].n; ++i) {
        const Leaf& l = r[j].leaf[i];
        if (is_choice(l.label)) keep |= from && g >= 0 && picked[size_t(g)];
        else if (l.label == g) keep = true;
        else if (l.n == 0) impossible_ = true;
      }
      impossible_ |= !keep && !(!from && r[j].has_choice());
    }
    if (impossible_) return;
    // A lookup byte's leaves to clear matter only where a kept leaf has it pick their place
    // (else it picks zero, or a place another kept leaf wants, and they are cleared): those are
    // added last, for the picks some kept leaf makes. A pick whose place holds another byte that
    // passed no control keeps nothing (that byte would stay beside the goal's).
    struct Deferred {
      Cand at;  // the lookup byte's literals, its choice and pick
      int goal;
    };
    std::vector<Deferred> deferred;
    std::array<uint16_t, kBytes> live{};  // per lookup byte, the places a kept leaf picks
    for (unsigned j = 0; j < kBytes; ++j) {
      const int g = goal[j];
      if (g == kAnyByte || r[j].unknown || (!from && r[j].has_choice())) continue;
      std::vector<Cand> keep;
      for (unsigned i = 0; i < r[j].n; ++i) {
        const Leaf& l = r[j].leaf[i];
        Cand c;
        for (unsigned k = 0; k < l.n; ++k) c.lit[c.n++] = l.path[k];
        if (!is_choice(l.label)) {
          if (g >= 0 && l.label == g) keep.push_back(c);
          else if (c.n == 0) impossible_ = true;
          else clear_.push_back(c);
          continue;
        }
        // Each byte the lookup may pick, with the controls it passed before the lookup.
        c.choice = int8_t(l.label - kChoice);
        for (unsigned q = 0; q < kBytes; ++q) {
          const Byte& b = (*from)[q];
          Cand at = c;
          at.pick = int8_t(q);
          if (b.unknown) {
            if (g >= 0) keep.push_back(at), live[size_t(c.choice)] |= uint16_t(1u << q);  // (anything: the goal's byte alone, or zero)
            continue;
          }
          deferred.push_back({at, g});
          if (g < 0 || has_stray(b, g)) continue;
          for (unsigned m = 0; m < b.n; ++m) {
            if (b.leaf[m].label != g) continue;
            Cand leaf = at;
            for (unsigned k = 0; k < b.leaf[m].n; ++k) leaf.lit[leaf.n++] = b.leaf[m].path[k];
            keep.push_back(leaf);
            live[size_t(c.choice)] |= uint16_t(1u << q);
          }
        }
      }
      if (g >= 0 && keep.empty()) impossible_ = true;
      if (impossible_) return;
      if (g >= 0) keep_.push_back(std::move(keep));
    }
    for (const auto& [at, g] : deferred) {
      if (!(live[size_t(at.choice)] >> at.pick & 1)) continue;
      const Byte& b = (*from)[size_t(at.pick)];
      for (unsigned m = 0; m < b.n; ++m) {
        if (g >= 0 && b.leaf[m].label == g) continue;
        Cand leaf = at;
        for (unsigned k = 0; k < b.leaf[m].n; ++k) leaf.lit[leaf.n++] = b.leaf[m].path[k];
        clear_.push_back(leaf);
      }
    }
    // The fewest ways first; and per variable the leaves to clear it bears on (a leaf kept by
    // the last choice bears on one of the variables that choice set).
    std::sort(keep_.begin(), keep_.end(), [](const auto& x, const auto& y) { return x.size() < y.size(); });
    done_.assign(keep_.size(), 0);
    value_.fill(-1);
    picks_.fill(-1);
    indexed_ = clear_.size() > kScanned;
    if (!indexed_) return;
    auto each_variable = [&](const Cand& c, auto&& f) {
      if (c.choice >= 0) f(kPicks + unsigned(c.choice));
      for (unsigned k = 0; k < c.n; ++k)
        if (std::find(c.lit.begin(), c.lit.begin() + k, c.lit[k]) == c.lit.begin() + k) f(unsigned(c.lit[k] >> 1));
    };
    for (const Cand& c : clear_) each_variable(c, [&](unsigned v) { ++start_[v + 1]; });
    for (unsigned v = 0; v + 1 < start_.size(); ++v) start_[v + 1] += start_[v];
    bearing_.resize(start_.back());
    std::array<unsigned, kPicks + kBytes> at;
    std::copy(start_.begin(), start_.end() - 1, at.begin());
    for (unsigned i = 0; i < clear_.size(); ++i) each_variable(clear_[i], [&](unsigned v) { bearing_[at[v]++] = i; });
  }
  bool exists() { return !impossible_ && kept(0); }

 private:
  // A leaf at a goal place: its literals, and the lookup byte (choice) that must pick `pick`.
  struct Cand {
    std::array<uint8_t, 6> lit{};
    uint8_t n = 0;
    int8_t choice = -1, pick = -1;
  };
  static constexpr int8_t kZeroPick = 16;
  static constexpr unsigned kPicks = 128;  // trail entries from here on are lookup bytes

  bool assign(uint8_t lit) {
    int8_t& v = value_[lit >> 1];
    if (v < 0) {
      v = int8_t(lit & 1);
      trail_.push_back(lit >> 1);
      return true;
    }
    return v == (lit & 1);
  }
  bool choose(int e, int8_t q) {
    int8_t& v = picks_[size_t(e)];
    if (v < 0) {
      v = q;
      trail_.push_back(kPicks + unsigned(e));
      return true;
    }
    return v == q;
  }
  void undo(size_t to) {
    for (; trail_.size() > to; trail_.pop_back())
      (trail_.back() < kPicks ? value_[trail_.back()] : picks_[trail_.back() - kPicks]) = -1;
  }
  // 1: every literal holds (and the pick); 0: one is false; -1: open.
  int holds(const Cand& c) const {
    int r = 1;
    if (c.choice >= 0) {
      const int8_t v = picks_[size_t(c.choice)];
      if (v < 0) r = -1;
      else if (v != c.pick) return 0;
    }
    for (unsigned k = 0; k < c.n; ++k) {
      const int8_t v = value_[c.lit[k] >> 1];
      if (v < 0) r = -1;
      else if (v != (c.lit[k] & 1)) return 0;
    }
    return r;
  }
  // The goal places in turn, the one with the fewest leaves that may still hold first (a place
  // one of whose leaves already holds needs nothing more); each of its leaves kept in turn, then
  // the leaves to clear that bear on what it set checked.
  bool kept(size_t depth) {
    if (depth == keep_.size()) return cleared();
    size_t at = keep_.size(), fewest = SIZE_MAX;
    for (size_t j = 0; j < keep_.size() && fewest > 0; ++j) {
      if (done_[j]) continue;
      size_t ways = 0;
      for (const Cand& c : keep_[j]) {
        const int h = holds(c);
        if (h == 1) {
          ways = 0, at = j;
          break;
        }
        ways += h != 0;
      }
      if (at == j) {
        fewest = 0;
        break;
      }
      if (ways == 0) return false;
      if (ways < fewest) fewest = ways, at = j;
    }
    done_[at] = 1;
    bool found = false;
    if (fewest == 0) {
      found = kept(depth + 1);
    } else {
      for (const Cand& c : keep_[at]) {
        if (holds(c) == 0) continue;
        const size_t mark = trail_.size();
        bool ok = c.choice < 0 || choose(c.choice, c.pick);
        for (unsigned k = 0; k < c.n && ok; ++k) ok = assign(c.lit[k]);
        // (Only a leaf to clear with a variable just set can have become kept.)
        if (!indexed_)
          for (const Cand& d : clear_) ok = ok && holds(d) != 1;
        for (size_t t = mark; t < trail_.size() && ok && indexed_; ++t)
          for (unsigned d = start_[trail_[t]]; d < start_[trail_[t] + 1]; ++d)
            if (holds(clear_[bearing_[d]]) == 1) {
              ok = false;
              break;
            }
        if (ok && kept(depth + 1)) {
          found = true;
          break;
        }
        undo(mark);
      }
    }
    done_[at] = 0;
    return found;
  }
  bool cleared() {
    for (const Cand& c : clear_) {
      // 0: cleared. 1: kept after all, by what clearing another leaf set (a blend's leaf of a,
      // cleared by taking b there, where b's leaf is to be cleared too): no way.
      const int h = holds(c);
      if (h == 1) return false;
      if (h == 0) continue;
      if (c.choice >= 0 && picks_[size_t(c.choice)] < 0) {
        // No goal byte took this lookup byte: zero clears whatever it could pick, and binds
        // nothing else, so it is as good as any other way.
        const size_t mark = trail_.size();
        choose(c.choice, kZeroPick);
        if (cleared()) return true;
        undo(mark);
        return false;
      }
      for (unsigned k = 0; k < c.n; ++k) {
        const uint8_t lit = c.lit[k];
        if (value_[lit >> 1] >= 0) continue;
        const size_t mark = trail_.size();
        assign(uint8_t(lit ^ 1));
        if (cleared()) return true;
        undo(mark);
      }
      return false;
    }
    return true;
  }

  std::vector<std::vector<Cand>> keep_;  // per goal byte, the leaves of its label
  std::vector<uint8_t> done_;            // per goal byte (keep_'s order), kept on the current path
  std::vector<Cand> clear_;              // leaves of other bytes at goal places
  bool impossible_ = false;
  std::array<int8_t, 128> value_{};
  std::array<int8_t, kBytes> picks_{};   // per lookup byte, the argument byte it picks (kZeroPick)
  // Per variable (the picks after the controls), the leaves to clear it bears on:
  // bearing_[start_[v], start_[v + 1]).
  static constexpr size_t kScanned = 32;  // fewer leaves to clear: each check scans them all
  bool indexed_ = false;
  std::array<unsigned, kPicks + kBytes + 1> start_{};
  std::vector<unsigned> bearing_;
  std::vector<unsigned> trail_;
};

bool may_make(const Value& r, const std::vector<int>& goal, const Value* from) { return ControlChoice(r, goal, from).exists(); }

class Enumeration {
 public:
  // h: nullptr for Programs of light instructions only.
  Enumeration(const CrossingStep* h, const std::vector<const CrossingStep*>& ms, const InPlaceLights& lights,
              double zero_register, double room, const std::vector<int>& goal, unsigned max_instructions, double copy,
              std::chrono::steady_clock::time_point deadline)
      : deadline_(deadline), has_h_(h != nullptr), whole_(h && whole_table(*h)), lights_(lights), zero_register_(zero_register), room_(room), copy_(copy),
        goal_(goal), max_(max_instructions) {
    if (h) roles_.push_back(h);
    for (const CrossingStep* m : ms) roles_.push_back(m);
    follow_movers();
    if (h && !h->programmable) {  // what a byte map H last needs of its arguments
      for (auto& side : h_want_) side.fill(kAnyByte);
      for (unsigned j = 0; j < kBytes && h_last_; ++j) {
        const int g = goal[j], s = h->src[j];
        if (g < 0) continue;  // (zeros: not asked here)
        if (s < 0 || (s & kSign)) {
          h_last_ = false;
          continue;
        }
        int& w = h_want_[size_t((s & kMask) / 256)][size_t((s & kMask) % 256)];
        if (w != kAnyByte && w != g) h_last_ = false;
        w = g;
      }
    } else {
      h_last_ = h != nullptr;
      for (auto& side : h_want_) side.fill(kAnyByte);
    }
    for (unsigned j = 0; j < kBytes; ++j)
      if (goal[j] >= 0) {
        need_ |= 1u << j;
        wanted_at_[size_t(goal[j])] |= 1u << j;
        if (unsigned(goal[j] % 256) / 8 != j / 8) crossing_.push_back({goal[j], j / 8});
      }
    vals_.reserve(kFirstResult + max_);
    for (unsigned in = 0; in < 2; ++in) {
      Value v{};
      for (unsigned q = 0; q < kBytes; ++q) v[q].add(Leaf{int16_t(in * 256 + q)});
      add(std::move(v), in == 0);  // (input 0 arrives in register 0)
    }
    add(Value{}, false);  // the zero register, paid when first read
  }
  // Whether some Program may make the goal; nullopt where the deadline passed first.
  std::optional<bool> any() {
    const bool may = extend(0.0, 0, 0, Key{});
    return late_ ? std::nullopt : std::optional<bool>(may);
  }
  // Programs of at most n instructions, none programmable, are not asked for (the levels tried them).
  void skip_fixed_up_to(unsigned n) { levels_tried_ = n; }

 private:
  static constexpr size_t kFirstResult = 3;
  using Kind = InPlaceLights::Kind;
  // An instruction as the canonical order sees it: its role or kind, then its arguments.
  using Key = std::array<unsigned, 3>;
  using Where = std::array<uint16_t, kBytes>;  // per goal place, the places holding its byte

  // A value's place in a chain of one kind of light: `light` (its index in lights_.kinds, or -1
  // for an input, the zero register, H or a mover) and the values the chain reads (bits).
  struct Chain {
    int light;
    uint32_t bases;
  };
  static constexpr Chain kNoChain{-1, 0};
  void add(Value&& v, bool resident, Chain chain = kNoChain) {
    if (chain.light < 0) chain.bases = uint32_t(1) << vals_.size();
    Where where{};
    for (unsigned s = 0; s < kBytes; ++s) {
      const Byte& b = v[s];
      if (b.unknown) {
        for (uint16_t& w : where) w |= uint16_t(1u << s);
        continue;
      }
      for (unsigned i = 0; i < b.n; ++i) {
        const int l = b.leaf[i].label;
        const uint32_t at = l >= 0 && l < 512 ? wanted_at_[size_t(l)] : is_choice(l) ? picked_ : 0;
        for (uint32_t js = at; js; js &= js - 1) where[size_t(std::countr_zero(js))] |= uint16_t(1u << s);
      }
    }
    uint32_t holds = 0;
    for (unsigned j = 0; j < kBytes; ++j) holds |= uint32_t(where[j] >> j & 1) << j;
    vals_.push_back(std::move(v));
    holds_.push_back(holds);
    where_.push_back(where);
    reads_.push_back(0);
    resident_.push_back(resident);
    chains_.push_back(chain);
  }
  void remove() {
    vals_.pop_back();
    holds_.pop_back();
    where_.pop_back();
    reads_.pop_back();
    resident_.pop_back();
    chains_.pop_back();
  }

  // With H placed, each goal byte is where some value holds it, or where the movers still to
  // come (each once, in some order) bring a place holding it.
  bool reachable(unsigned placed) const {
    if (has_h_ && !(placed & 1)) return true;
    const unsigned pending = all() & ~placed & ~unsigned(has_h_);
    if (pending & ~simple_) return true;  // (a mover of two registers: not followed)
    Where any{};
    for (const Where& w : where_)
      for (unsigned j = 0; j < kBytes; ++j) any[j] |= w[j];
    for (uint32_t js = need_; js; js &= js - 1) {
      const unsigned j = unsigned(std::countr_zero(js));
      if (!(any[j] & brought_[pending][j])) return false;
    }
    return true;
  }
  // Where the instructions left are the pending movers and nothing else (each of one register),
  // the result is those movers in some order on one value, which holds every other unread
  // result: some order and value must bring each goal byte to its place.
  bool chain_may(unsigned placed, unsigned count) const {
    const unsigned pending = all() & ~placed;
    const unsigned left = max_ - count;
    if (left == 0 || unsigned(std::popcount(pending)) != left || (pending & ~simple_)) return true;
    unsigned unread_mask = 0, unread_n = 0;
    for (size_t v = kFirstResult; v < vals_.size(); ++v)
      if (reads_[v] == 0) unread_mask |= 1u << v, ++unread_n;
    if (unread_n > 1) return false;
    std::array<unsigned, 3> order{};
    unsigned n = 0;
    for (unsigned r = 0; r < roles_.size(); ++r)
      if (pending >> r & 1) order[n++] = r;
    if (n > order.size()) return true;
    std::sort(order.begin(), order.begin() + n);
    do {
      for (size_t x = 0; x < vals_.size(); ++x) {
        if (x == 2 || (unread_n && !(unread_mask >> x & 1))) continue;
        bool all_held = true;
        for (uint32_t js = need_; js && all_held; js &= js - 1) {
          const unsigned j = unsigned(std::countr_zero(js));
          unsigned q = j;
          for (unsigned i = n; i-- > 0 && all_held;) {  // (the last mover first)
            const int src = roles_[order[i]]->src[q];
            all_held = src >= 0 && !(src & kSign);
            q = unsigned((src & kMask) % 256);
          }
          all_held = all_held && (where_[x][j] >> q & 1);
        }
        if (all_held) return true;
      }
    } while (std::next_permutation(order.begin(), order.begin() + n));
    return false;
  }
  // brought_[movers][j]: the places from which those movers (role bits), each at most once, in
  // some order, bring a byte to place j.
  void follow_movers() {
    simple_ = 0;
    for (unsigned r = has_h_; r < roles_.size(); ++r)
      if (roles_[r]->arity == 1 && roles_[r]->src.size() == kBytes) simple_ |= 1u << r;
    brought_.assign(size_t(1) << roles_.size(), {});
    auto before = [&](unsigned r, uint16_t to) {  // the places mover r reads for places `to`
      uint16_t from = 0;
      for (; to; to &= uint16_t(to - 1)) {
        const int s = roles_[r]->src[size_t(std::countr_zero(to))];
        if (s >= 0 && !(s & kSign)) from |= uint16_t(1u << ((s & kMask) % 256));
      }
      return from;
    };
    for (unsigned set = 0; set < brought_.size(); ++set) {
      if (set & ~simple_) continue;
      for (unsigned j = 0; j < kBytes; ++j) {
        // (the last mover of the order first, backwards)
        auto back = [&](auto&& self, unsigned left, uint16_t to) -> uint16_t {
          uint16_t from = to;
          for (unsigned r = 0; r < roles_.size(); ++r)
            if (left >> r & 1)
              if (const uint16_t b = before(r, to)) from |= self(self, left & ~(1u << r), b);
          return from;
        };
        brought_[set][j] = back(back, set, uint16_t(1u << j));
      }
    }
  }

  bool usable(size_t v, double spent) const { return v != 2 || reads_[2] > 0 || spent + zero_register_ < room_ - kEps; }
  double paid(size_t v) const { return v == 2 && reads_[2] == 0 ? zero_register_ : 0.0; }

  // Every result but the last is read by a later instruction (a Program with one that is not
  // costs more than the one without it, which is tried too).
  unsigned unread() const {
    unsigned u = 0;
    for (size_t v = kFirstResult; v < vals_.size(); ++v) u += reads_[v] == 0;
    return u;
  }

  bool push(Value&& v, double spent, unsigned placed, unsigned count, size_t x, size_t y, const Key& key, Overwrites over,
            bool fixed, bool resident = false, Chain chain = kNoChain) {
    ++reads_[x];
    if (y != x) ++reads_[y];
    steps_.push_back({x, y, over, fixed});
    add(std::move(v), resident, chain);
    bool found = false;
    // Each later instruction reads at most two unread results and leaves one.
    if (unread() <= 1 + (max_ - count)) {
      // With H and the movers placed, what is left keeps bytes in place: some value must hold
      // each goal byte at its place already.
      if (reachable(placed) && chain_may(placed, count) && (placed != all() || covered(max_ - count + 1)))
        found = extend(spent, placed, count, key);
    }
    remove();
    steps_.pop_back();
    --reads_[x];
    if (y != x) --reads_[y];
    return found;
  }

  // The fewest register copies the steps so far need, over the orders they may run in and the
  // registers their results take: a step that overwrites its argument (SSE's psllq, pshufb), or
  // either of two (por, blendps: the emitter may swap them), while every such argument is still
  // read by a later step, copies one first; a step whose control has a fixed register (SSE4.1's
  // pblendvb and xmm0, where input 0 arrives) first moves out what sits there while it is still
  // read, by that step or a later one. A result takes the register of the argument it overwrote
  // (so one made over input 0 where it arrives sits in xmm0 too), else one of its own. The zero
  // register is never copied (the zero idiom makes another for less).
  unsigned fewest_copies() const {
    const size_t n = steps_.size();
    if (n > kMaxSteps) return 0;
    // State: the steps done (bits), and the value in the fixed register (kNone: none, or dead).
    constexpr size_t kNone = kFirstResult + kMaxSteps;
    constexpr size_t kHolders = kNone + 1;
    std::array<uint8_t, (1u << kMaxSteps) * kHolders> fewest;
    fewest.fill(UINT8_MAX);
    auto at = [&](uint32_t done, size_t holder) -> uint8_t& { return fewest[done * kHolders + holder]; };
    at(0, 0) = 0;  // (input 0 arrives in the fixed register)
    auto made = [&](uint32_t done, size_t v) { return v < kFirstResult || (done >> (v - kFirstResult) & 1); };
    for (uint32_t done = 0; done + 1 < (1u << n); ++done)
      for (size_t holder = 0; holder < kHolders; ++holder) {
        const uint8_t here = at(done, holder);
        if (here == UINT8_MAX) continue;
        for (size_t s = 0; s < n; ++s) {
          const Step& st = steps_[s];
          if ((done >> s & 1) || !made(done, st.x) || !made(done, st.y)) continue;
          const uint32_t after = done | 1u << s;
          auto live = [&](size_t v) {
            if (v == 2) return false;
            for (size_t t = 0; t < n; ++t)
              if (!(after >> t & 1) && (steps_[t].x == v || steps_[t].y == v)) return true;
            return false;
          };
          const size_t result = kFirstResult + s;
          uint8_t pre = here;
          size_t h = holder;
          if (st.fixed && h != kNone && (live(h) || h == st.x || h == st.y)) ++pre, h = kNone;
          if (st.fixed) h = kNone;  // (the control goes there)
          auto reach = [&](uint8_t c, size_t to) { at(after, to) = std::min(at(after, to), c); };
          if (st.over == Overwrites::none) {
            reach(pre, h);
            continue;
          }
          for (const size_t d : {st.x, st.y}) {
            if (d != st.x && (st.over != Overwrites::either || d == st.x)) continue;
            if (live(d)) {
              // A copy of d first: the result takes the copy's register, or d's (then d's copy
              // stays where the result is not).
              reach(uint8_t(pre + 1), h);
              if (h == d) reach(uint8_t(pre + 1), result);
            } else {
              reach(pre, h == d ? result : h);
            }
          }
        }
      }
    uint8_t least = UINT8_MAX;
    for (size_t holder = 0; holder < kHolders; ++holder) least = std::min(least, at((1u << n) - 1, holder));
    return least;
  }
  unsigned all() const { return (1u << roles_.size()) - 1; }

  // A leaf may be `label` (a goal byte's): it is, or a lookup byte that may pick it.
  bool may_be(int leaf, int label) const {
    return leaf == label || (is_choice(leaf) && label >= 0 && label < 512 && (wanted_at_[size_t(label)] & picked_));
  }
  // Value v may hold `label` at place q.
  bool may_hold(size_t v, unsigned q, int label) const {
    const Byte& b = vals_[v][q];
    if (b.unknown) return true;
    for (unsigned i = 0; i < b.n; ++i)
      if (may_be(b.leaf[i].label, label)) return true;
    return false;
  }
  // H, the only role left, ends the Program right after the instruction being placed (placed
  // roles `after`, `count` instructions before it), and reads its result: which must hold what
  // H needs of one argument, each wanted byte where `holds(q, label)` says it may be.
  bool h_ends(unsigned after, unsigned count) const {
    return has_h_ && !(after & 1) && (after | 1u) == all() && count + 2 == max_;
  }
  template <class Holds>
  bool may_feed_h(Holds&& holds) const {
    if (!h_last_) return false;
    if (whole_) {  // (a whole lookup picks each goal byte from anywhere in its argument)
      for (uint32_t js = need_; js; js &= js - 1) {
        bool held = false;
        for (unsigned q = 0; q < kBytes && !held; ++q) held = holds(q, goal_[std::countr_zero(js)]);
        if (!held) return false;
      }
      return true;
    }
    for (unsigned side = 0; side < roles_[0]->arity; ++side) {
      bool all_held = true;
      for (unsigned q = 0; q < kBytes && all_held; ++q)
        if (const int w = h_want_[side][q]; w >= 0) all_held = holds(q, w);
      if (all_held) return true;
    }
    return false;
  }

  // With only in-place lights left, each joining at most two values, the result is made of at
  // most `most` of the values there are: some such set holds every goal byte at its place.
  bool covered(unsigned most) const {
    auto cover = [&](auto&& self, size_t from, unsigned left, uint32_t got) -> bool {
      if ((got & need_) == need_) return true;
      if (left == 0) return false;
      for (size_t v = from; v < holds_.size(); ++v)
        if ((holds_[v] & ~got & need_) && self(self, v + 1, left - 1, got | holds_[v])) return true;
      return false;
    };
    return cover(cover, 0, most, 0);
  }

  // Some place of `at` holds `label` with nothing beside it that no control clears: a lookup
  // picking a place whose other byte passed no control brings that byte too (ControlChoice).
  static bool picks_cleanly(const Value& x, uint16_t at, int label) {
    for (; at; at &= uint16_t(at - 1))
      if (!has_stray(x[size_t(std::countr_zero(at))], label)) return true;
    return false;
  }

  // H is the only instruction that moves a byte to the other half: its result holds each goal
  // byte that changes halves in the goal place's half.
  bool crosses(const Value& v) const {
    for (const auto& [label, half] : crossing_) {
      bool found = false;
      for (unsigned q = half * 8; q < half * 8 + 8 && !found; ++q) {
        const Byte& b = v[q];
        found = b.unknown;
        for (unsigned i = 0; i < b.n && !found; ++i) found = may_be(b.leaf[i].label, label);
      }
      if (!found) return false;
    }
    return true;
  }

  // A byte map on x and y puts each goal byte at its place.
  bool maps_goal(const CrossingStep& st, size_t x, size_t y) const {
    for (uint32_t js = need_; js; js &= js - 1) {
      const unsigned j = unsigned(std::countr_zero(js));
      const int s = st.src[j];
      if (s < 0 || (s & kSign)) return false;
      if (!(where_[(s & kMask) / 256 ? y : x][j] >> ((s & kMask) % 256) & 1)) return false;
    }
    return true;
  }

  // Independent neighbours could come in either order: only the one with the smaller key first
  // (equal keys both ways: two masks or blends of the same arguments may differ by control).
  bool in_order(const Key& prev, const Key& next, size_t x, size_t y) const {
    const size_t last = vals_.size() - 1;
    return last < kFirstResult || x == last || y == last || prev <= next;
  }

  bool extend(double spent, unsigned placed, unsigned count, const Key& prev) {
    // Past the deadline every partial Program "may": the caller learns it was late (any()).
    if (late_ || (calls_++ % 1024 == 0 && std::chrono::steady_clock::now() > deadline_)) return late_ = true;
    // (The zero register counts as an instruction here: the levels may have taken it so.)
    if (placed == all() && unread() == 1 && (count + (reads_[2] > 0) > levels_tried_ || programmable_ > 0) &&
        (copy_ <= 0 || spent + std::max(0.0, copy_ * fewest_copies() - vacated_) < room_ - kEps) &&
        may_make(vals_.back(), goal_, whole_ ? &vals_[h_arg_] : nullptr))
      return true;
    if (count == max_) return false;
    const unsigned pending = unsigned(roles_.size()) - unsigned(std::popcount(placed));
    const size_t n = vals_.size();
    // The last instruction there is room for: it must read every unread result and end the Program.
    const bool final = count + 1 == max_;
    std::array<size_t, 2> open{};  // the unread results (more than two: no last instruction reads them all)
    unsigned opened = 0;
    for (size_t v = kFirstResult; v < n; ++v)
      if (reads_[v] == 0 && opened++ < 2) open[opened - 1] = v;
    auto reads_open = [&](size_t x, size_t y) {
      for (unsigned i = 0; i < std::min(opened, 2u); ++i)
        if (open[i] != x && open[i] != y) return false;
      return opened <= 2;
    };
    for (unsigned r = 0; r < roles_.size(); ++r) {
      if (placed >> r & 1) continue;
      if (final && (placed | 1u << r) != all()) continue;
      const CrossingStep& st = *roles_[r];
      for (size_t x = 0; x < n; ++x) {
        if (!usable(x, spent) || (x == 2 && st.arity != 2)) continue;
        for (size_t y = 0; y < (st.arity == 2 ? n : 1); ++y) {
          const size_t yy = st.arity == 2 ? y : x;
          const Key key{r, unsigned(x), unsigned(yy)};
          if (!in_order(prev, key, x, yy) || !usable(yy, spent + paid(x))) continue;
          if (final && (!reads_open(x, yy) || (!st.programmable && !maps_goal(st, x, yy)))) continue;
          if (r != 0 && st.arity == 1 && h_ends(placed | 1u << r, count) && !may_feed_h([&](unsigned q, int label) {
                const int s = st.src[q];
                return s >= 0 && !(s & kSign) && may_hold(x, unsigned((s & kMask) % 256), label);
              }))
            continue;
          const double c = spent + paid(x) + (yy != x ? paid(yy) : 0.0);
          if (c >= room_ - kEps) continue;
          const bool lookup = whole_ && r == 0;
          auto v = lookup ? std::optional<Value>(chosen())
                   : st.programmable ? std::optional<Value>(looked_up(st, vals_[x])) : mapped(st, vals_[x], vals_[yy]);
          if (lookup) {  // (its choices pick from x: the goal bytes x holds somewhere)
            h_arg_ = x;
            picked_ = 0;
            for (uint32_t js = need_; js; js &= js - 1)
              if (picks_cleanly(vals_[x], where_[x][size_t(std::countr_zero(js))], goal_[size_t(std::countr_zero(js))]))
                picked_ |= 1u << std::countr_zero(js);
          }
          if (v && has_h_ && r == 0 && !crosses(*v)) continue;
          // (A one-register step that overwrites its operand keeps a value of input 0 in its register.)
          const bool resident = st.destructive && st.arity == 1 && resident_[x];
          // (A step of two registers may have a mirror that takes them the other way round, as
          // the emitter swaps blendps b, a for blendps a, b: either, a lower bound.)
          const Overwrites over = !st.destructive ? Overwrites::none : st.arity == 1 ? Overwrites::first : Overwrites::either;
          if (v && push(std::move(*v), c, placed | 1u << r, count + 1, x, yy, key, over, st.vacate > 0, resident)) return true;
        }
      }
    }
    if (count + 1 + pending > max_) return false;
    for (unsigned k = 0; k < lights_.kinds.size(); ++k) {
      const InPlaceLights::Light& light = lights_.kinds[k];
      if (spent + light.cost >= room_ - kEps) continue;  // (its copies and the zero register only add)
      const bool mask = light.kind == Kind::Mask;
      // (The zero register: read by a blend, which then masks its other argument; an or or a
      // mask of it makes nothing new.)
      const bool zero_read = light.kind == Kind::Select || light.kind == Kind::Pick;
      for (size_t x = 0; x < n; ++x) {
        if (x == 2 && !zero_read) continue;
        for (size_t y = mask ? x : x + 1; y < (mask ? x + 1 : n); ++y) {
          const Key key{unsigned(roles_.size() + k), unsigned(x), unsigned(y)};
          const size_t zero = x == 2 || y == 2 ? 2 : 0;
          if ((zero && !zero_read) || !in_order(prev, key, x, y) || (zero && !usable(2, spent))) continue;
          // (The last: it keeps bytes in place, so its arguments hold every goal byte there.)
          if (final && (!reads_open(x, y) || ((holds_[x] | holds_[y]) & need_) != need_)) continue;
          if (h_ends(placed, count) && !may_feed_h([&](unsigned q, int label) {
                return may_hold(x, q, label) || (!mask && may_hold(y, q, label));
              }))
            continue;
          // A light of a kind on values that light of that kind made of at most as many values as
          // it reads (a blend of a blend of a and b, and a or b): the one light on those values
          // makes whatever the chain makes, in fewer instructions or as many (where the chain's
          // first is read elsewhere; of a fixed blend or mask, its pattern again on those values:
          // each byte from the same side, or zero, as before). Where the levels tried the short
          // Programs (their copies priced apart) the chain is still tried. (Not a fixed pick: a
          // pick of a pick keeps the first one's zeros and takes more from one side.)
          const auto bases = [&](size_t v) { return chains_[v].light == int(k) ? chains_[v].bases : uint32_t(1) << v; };
          const Chain chain{int(k), bases(x) | bases(y)};
          if (levels_tried_ == 0 && !(light.fixed && light.kind == Kind::Pick) && (chains_[x].light == int(k) || chains_[y].light == int(k)) &&
              std::popcount(chain.bases) <= (mask ? 1 : 2))
            continue;
          // A control register that input 0 arrives in, read with a value still there: a copy.
          const double copy = light.vacate > 0 && (resident_[x] || resident_[y]) ? light.vacate : 0.0;
          const double c = spent + light.cost + copy + (zero ? paid(2) : 0.0);
          if (c >= room_ - kEps) continue;
          Value v{};
          const unsigned id = controls_;
          const bool pick = light.kind == Kind::Pick;
          for (unsigned q = 0; q < kBytes; ++q) {
            Byte& o = v[q];
            const unsigned var = id * kBytes + q / light.bytes * light.bytes;  // (one control per block)
            if (light.fixed) {
              if (light.from[q] >= 0) o.append(vals_[light.from[q] ? y : x][q]);
            } else if (light.kind == Kind::Join) {
              o.append(vals_[x][q]);
              o.append(vals_[y][q]);
            } else if (light.kind == Kind::Mask) {
              o.append(vals_[x][q], int(var * 2 + 1));
            } else {
              // A blend keeps x where its control is 0, y where 1; a pick keeps either or both.
              o.append(vals_[x][q], int(var * 2 + pick));
              o.append(vals_[y][q], int((pick ? var + kBytes : var) * 2 + 1));
            }
          }
          const unsigned used = light.kind == Kind::Join || light.fixed ? 0 : light.kind == Kind::Pick ? 2 : 1;
          controls_ += used;
          programmable_ += light.programmable;
          vacated_ += copy;
          const bool found = push(std::move(v), c, placed, count + 1, x, y, key, light.overwrites ? Overwrites::either : Overwrites::none,
                                  light.vacate > 0, false, chain);
          vacated_ -= copy;
          controls_ -= used;
          programmable_ -= light.programmable;
          if (found) return true;
        }
      }
    }
    return false;
  }

  std::chrono::steady_clock::time_point deadline_;
  uint32_t calls_ = 0;
  bool late_ = false;  // the deadline passed: every Program not yet tried "may"
  bool has_h_;
  bool whole_;            // H is a whole lookup (pshufb): its result bytes are choices of h_arg_'s
  size_t h_arg_ = 0;      // H's argument, while H is placed
  uint32_t picked_ = 0;   // the goal places whose byte H's argument holds somewhere (its choices may be)
  std::vector<const CrossingStep*> roles_;  // H (where there is one), then the movers
  unsigned simple_ = 0;                     // the movers of one register (role bits)
  bool h_last_ = true;                      // H can end the Program (a byte map's goal bytes agree)
  std::array<std::array<int, kBytes>, 2> h_want_;  // what H last needs of each argument (labels)
  std::vector<Where> brought_;              // follow_movers()
  InPlaceLights lights_;
  double zero_register_, room_;
  double copy_;  // a register copy's cost, 0 where copies are not priced
  const std::vector<int>& goal_;
  unsigned max_;
  uint32_t need_ = 0;            // the goal's places that want an input byte
  std::vector<std::pair<int, unsigned>> crossing_;  // goal bytes that change halves: label, goal half
  std::vector<Value> vals_;      // a, b, the zero register, then each instruction's result
  std::vector<uint32_t> holds_;  // per value, the places where it holds the goal's byte
  std::vector<Where> where_;     // per value, where it holds each goal byte
  std::array<uint32_t, 512> wanted_at_{};  // per input label, the goal places that want it
  std::vector<unsigned> reads_;  // times each value is read
  // Per value, whether it sits in the register input 0 arrives in: input 0, and what a
  // one-register step overwriting its operand made of such a value (pshufb a, psllq a).
  std::vector<uint8_t> resident_;
  std::vector<Chain> chains_;    // per value (add)
  // Per instruction so far (value kFirstResult + i): its arguments and which it may overwrite.
  struct Step {
    size_t x, y;  // y == x for one argument
    Overwrites over;
    bool fixed;   // its control's register is fixed: the one input 0 arrives in
  };
  std::vector<Step> steps_;
  double vacated_ = 0;   // copies out of a fixed control register paid so far (lights' vacate)
  unsigned levels_tried_ = 0;    // Programs of up to this many fixed instructions: tried by the levels
  unsigned programmable_ = 0;    // programmable lights so far
  unsigned controls_ = 0;        // the lights' controls so far (a pick has one per side)
};

}  // namespace

void InPlaceLights::add(Light l) {
  // A kind as cheap and as fine (or finer) makes this one redundant; this one makes those it
  // is as cheap and as fine as redundant.
  // (A fixed light covers only its own pattern; a chosen one covers the patterns of its blocks.)
  auto covers = [](const Light& a, const Light& b) {
    return a.kind == b.kind && a.programmable == b.programmable && a.bytes <= b.bytes && b.bytes % a.bytes == 0 &&
           a.cost <= b.cost && a.vacate <= b.vacate && (!a.overwrites || b.overwrites) && (!a.fixed || (b.fixed && a.from == b.from));
  };
  for (const Light& k : kinds)
    if (covers(k, l)) return;
  std::erase_if(kinds, [&](const Light& k) { return covers(l, k); });
  kinds.push_back(l);
}

unsigned InPlaceLights::fitting(double room) const {
  const double c = cheapest();
  unsigned k = 0;
  while (k < most && double(k + 1) * c < room - kEps) ++k;
  return k;
}

InPlaceLights InPlaceLights::limited(unsigned n, bool controls) const {
  InPlaceLights l = *this;
  l.most = std::min(most, n);
  if (!controls) std::erase_if(l.kinds, [](const Light& k) { return k.programmable; });
  return l;
}

double InPlaceLights::cheapest() const {
  double c = std::numeric_limits<double>::infinity();
  for (const Light& k : kinds) c = std::min(c, k.cost);
  return c;
}

std::optional<InPlaceLights> InPlaceLights::of(const std::vector<CrossingStep>& steps) {
  InPlaceLights l;
  // The fixed instructions by kind, cost and whether they overwrite an argument: the patterns
  // they make (per byte the side it comes from, -1 zero).
  struct Group {
    Kind kind;
    double cost;
    bool overwrites;
    unsigned bytes;  // the finest blocks among them
    std::vector<std::array<int8_t, kBytes>> patterns;
  };
  std::vector<Group> groups;
  for (const CrossingStep& st : steps) {
    if (st.crossing || st.moves) continue;
    if (st.programmable) {
      if (st.table && st.arity == 1 && st.block_bytes == 1) l.add({Kind::Mask, st.cost, 1, true});  // a byte mask
      else if (!st.table && st.arity == 2) l.add({Kind::Select, st.cost, st.elem_bytes, true, st.vacate, st.destructive});  // a variable blend
      else return std::nullopt;
      continue;
    }
    if (st.is_or) {
      l.add({Kind::Join, st.cost, 1, false, 0, st.destructive && st.arity == 2});
      continue;
    }
    if (st.src.size() != kBytes) return std::nullopt;
    for (unsigned q = 0; q < kBytes; ++q) {
      const int s = st.src[q];
      if (s >= 0 && ((s & kSign) || unsigned(s & kMask) % 256 != q)) return std::nullopt;  // (not in place)
    }
    // The largest blocks it takes whole from one argument (or zeroes).
    auto from = [&](unsigned q) { return st.src[q] < 0 ? -1 : (st.src[q] & kMask) / 256; };
    unsigned bytes = kBytes;
    for (unsigned q = 0; q < kBytes; ++q)
      while (from(q) != from(q / bytes * bytes)) bytes /= 2;
    // A blend that also zeroes some block is a pick: its sides are taken as chosen apart.
    const bool zeros = std::find(st.src.begin(), st.src.end(), int16_t(-1)) != st.src.end();
    const Kind kind = st.arity == 1 ? Kind::Mask : zeros ? Kind::Pick : Kind::Select;
    const bool overwrites = st.destructive && st.arity == 2;
    auto g = std::find_if(groups.begin(), groups.end(), [&](const Group& x) {
      return x.kind == kind && std::abs(x.cost - st.cost) < 1e-9 && x.overwrites == overwrites;
    });
    if (g == groups.end()) g = groups.insert(groups.end(), Group{kind, st.cost, overwrites, bytes, {}});
    g->bytes = std::min(g->bytes, bytes);
    std::array<int8_t, kBytes> f;
    for (unsigned q = 0; q < kBytes; ++q) f[q] = int8_t(from(q));
    auto have = [&](const std::array<int8_t, kBytes>& x) {
      if (std::find(g->patterns.begin(), g->patterns.end(), x) == g->patterns.end()) g->patterns.push_back(x);
    };
    have(f);
    if (st.arity == 2) {  // (its arguments swapped)
      for (int8_t& x : f) x = x < 0 ? x : int8_t(1 - x);
      have(f);
    }
  }
  // A kind's instructions at one cost that make every pattern of their blocks (SSE4.1's pblendw:
  // any words) are its control's to choose; else each pattern is a light (the movss-like
  // blends of SSSE3, a few: a blend of any dwords would make goals they cannot), unless they
  // are many (a relaxation then).
  constexpr size_t kMostFixed = 16;
  for (const Group& g : groups) {
    const unsigned blocks = kBytes / g.bytes;
    // (Blocks all from one side, or all kept or zero, are no instruction of the kind: two patterns.)
    const bool every = g.kind != Kind::Pick && g.patterns.size() + 2 >= (size_t(1) << blocks);
    if (every || g.patterns.size() > kMostFixed) {
      l.add({g.kind, g.cost, g.bytes, false, 0, g.overwrites});
      continue;
    }
    for (const auto& f : g.patterns) {
      // (The pattern's own blocks: what a relaxed kind must choose by to cover it.)
      unsigned bytes = kBytes;
      for (unsigned q = 0; q < kBytes; ++q)
        while (f[q] != f[q / bytes * bytes]) bytes /= 2;
      l.add({g.kind, g.cost, bytes, false, 0, g.overwrites, true, f});
    }
  }
  return l;
}

std::optional<bool> whole_crossing_may(const CrossingStep& h, const std::vector<const CrossingStep*>& ms,
                                       const InPlaceLights& lights, double zero_register, double room,
                                       const std::vector<int>& goal, unsigned min_instructions, unsigned levels_tried,
                                       double copy, std::chrono::steady_clock::time_point deadline) {
  if ((h.programmable ? !small_table(h) && !whole_table(h) : h.src.size() != kBytes) || goal.size() != kBytes) return std::nullopt;
  for (const CrossingStep* m : ms)
    if (m->programmable || m->src.size() != kBytes) return std::nullopt;
  const unsigned max_instructions = 1 + unsigned(ms.size()) + lights.fitting(room);
  if (max_instructions > kMaxInstructions || max_instructions < min_instructions) return std::nullopt;
  Enumeration e(&h, ms, lights, zero_register, room, goal, max_instructions, copy, deadline);
  if (!h.programmable) e.skip_fixed_up_to(levels_tried);
  return e.any();
}

std::optional<bool> light_only_may(const std::vector<const CrossingStep*>& ms, const InPlaceLights& lights,
                                   double zero_register, double room, const std::vector<int>& goal,
                                   unsigned levels_tried, double copy, std::chrono::steady_clock::time_point deadline) {
  if (goal.size() != kBytes) return std::nullopt;
  for (const CrossingStep* m : ms)
    if (m->programmable || m->src.size() != kBytes) return std::nullopt;
  const unsigned max_instructions = unsigned(ms.size()) + lights.fitting(room);
  if (max_instructions > kMostLightOnly) return std::nullopt;
  if (max_instructions <= levels_tried &&
      std::none_of(lights.kinds.begin(), lights.kinds.end(), [&](const auto& l) { return l.programmable && l.cost < room - kEps; }))
    return false;  // (every such Program the levels tried)
  Enumeration e(nullptr, ms, lights, zero_register, room, goal, max_instructions, copy, deadline);
  e.skip_fixed_up_to(levels_tried);
  return e.any();
}

}  // namespace shufc::synth
