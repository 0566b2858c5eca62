// Programs below a block throughput, enumerated over per-place sets (counted_programs.h).
#include "counted_programs.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <deque>
#include <map>
#include <string>
#include <unordered_map>

#include "goal.h"
#include "place_matching.h"

namespace shufc::synth {

namespace {

constexpr unsigned kBytes = 16;
constexpr int kSrcMask = 0x3FFF, kSrcSign = 0x4000;  // CrossingStep::src: argument * 256 + byte, its sign fill
// A place's set: bit b < 32 the goal label of input b / 16, byte b % 16; then these two.
constexpr uint64_t kZero = 1ull << 32;    // a zero
constexpr uint64_t kLooked = 1ull << 33;  // a byte the table lookup brought
using Content = std::array<uint64_t, kBytes>;
using Places = std::array<uint16_t, 34>;  // per label bit (and 32: a zero, 33: a looked-up byte), the places holding it
constexpr size_t kMostMapWords = 48;      // byte maps, as bits (3,072 of them at most)
using Bits = std::array<uint64_t, kMostMapWords>;
constexpr size_t kMostGroups = 16, kMostValues = 24, kMostWays = 64;

// Byte strings to numbers by open addressing, the keys in one arena: the enumeration looks up
// millions of states, pairs of contents and contents, and std::unordered_map's nodes and
// divisions were half its time.
class FlatMap {
 public:
  // The number kept for `key` (and false), or `value`, now kept for it (and true).
  std::pair<uint32_t, bool> emplace(const void* key, size_t n, uint32_t value) {
    if (2 * (used_ + 1) > slots_.size()) grow();
    const uint64_t h = hash(key, n);
    const size_t mask = slots_.size() - 1;
    for (size_t i = h & mask;; i = (i + 1) & mask) {
      Slot& s = slots_[i];
      if (s.len == 0) {
        s = {h, arena_.size(), uint32_t(n), value};
        arena_.append(static_cast<const char*>(key), n);
        ++used_;
        return {value, true};
      }
      if (s.hash == h && s.len == n && std::memcmp(arena_.data() + s.off, key, n) == 0) return {s.value, false};
    }
  }
 private:
  struct Slot {
    uint64_t hash = 0;
    size_t off = 0;
    uint32_t len = 0;  // (0: empty; keys are not)
    uint32_t value = 0;
  };
  static uint64_t hash(const void* key, size_t n) {
    const char* p = static_cast<const char*>(key);
    uint64_t h = 0x9E3779B97F4A7C15ull ^ n;
    for (size_t i = 0; i < n; i += 8) {
      uint64_t w = 0;
      std::memcpy(&w, p + i, std::min<size_t>(8, n - i));
      h = (h ^ w) * 0xBF58476D1CE4E5B9ull;
      h ^= h >> 31;
    }
    return h ^ (h >> 29);
  }
  void grow() {
    std::vector<Slot> old(std::max<size_t>(1024, 2 * slots_.size()));
    old.swap(slots_);
    const size_t mask = slots_.size() - 1;
    for (const Slot& s : old)
      if (s.len != 0) {
        size_t i = s.hash & mask;
        while (slots_[i].len != 0) i = (i + 1) & mask;
        slots_[i] = s;
      }
  }
  std::vector<Slot> slots_;
  std::string arena_;
  size_t used_ = 0;
};

// One way a Program takes an instruction on the ports.
struct Use {
  int group;
  double rthroughput;
  unsigned uops;
  bool operator==(const Use&) const = default;
};

// What the steps so far take of each port group, and their uops.
struct Loads {
  std::array<double, kMostGroups> group{};
  unsigned uops = 0;
  void take(const Use& u) { group[size_t(u.group)] += u.rthroughput, uops += u.uops; }
  void take(const std::optional<Use>& u) {
    if (u) take(*u);
  }
};

// A way a step is taken on the ports (its group, its control's), whether it crosses halves, and
// whether it is a lookup: the steps are found by their ways (those that fit, at each state).
struct Way {
  Use use;
  std::optional<Use> control;
  bool crossing, lookup;
  bool operator==(const Way&) const = default;
};

enum class Kind {
  Map,     // a byte map (a shift, a fixed blend, a shuffle)
  Or,      // por
  Either,  // a variable blend
  Within,  // a table lookup within blocks that keep bytes in their halves (a byte mask: blocks of one)
  Lookup,  // a table lookup that crosses halves (pshufb)
};

struct Op {
  const CrossingStep* step;
  Kind kind;
  std::vector<Use> uses;  // the catalog's instructions with its byte map, each a way to take it
  std::optional<Use> control;
  std::vector<int> ways;  // per use, its index among the distinct ways (Counter::ways_)
  bool crossing;
  bool symmetric;  // its two arguments may be swapped (an or, a variable blend, as the sets see them)
  bool in_place = false;  // each result place holds what its arguments hold there, or a zero
  size_t map_index = 0;   // a byte map's, among them (Counter::maps_)
  // A crossing byte map's places of argument k that it reads into result half h (bits).
  std::array<std::array<uint32_t, 2>, 2> reads{};
};

struct Val {
  int content;
  bool looked = false;  // made of the first crossing step's value
  bool chain = false;   // input 0, or made of it in its register by one-register steps
  bool read = true;     // read by a step (the inputs and the zero register need not be)
};

struct State {
  std::array<Val, kMostValues> vals;
  size_t n = 0;
  Loads loads;
  std::array<int, 2> tables = {-1, -1};  // the crossing lookup's arguments (contents), where it ran
  bool crossed = false;
  bool charged = false;  // the copy out of input 0's register is paid
};

class Counter {
 public:
  Counter(const std::vector<int>& goal, const PortBudget& b, uint64_t node_budget,
          std::chrono::steady_clock::time_point deadline)
      : goal_(goal), b_(b), lim_(b.block - 1e-5), uops_lim_(lim_ * double(b.dispatch)), node_budget_(node_budget),
        deadline_(deadline) {}

  std::optional<bool> run(const std::vector<CrossingStep>& steps) {
    if (goal_.size() != kBytes || !(b_.block > 0) || b_.dispatch == 0) return std::nullopt;
    uint32_t wanted = 0;
    for (unsigned j = 0; j < kBytes; ++j) {
      const int g = goal_[j];
      if (g == kAnyByte || g == kZeroByte) {
        want_[j] = g;
        continue;
      }
      if (g < 0 || g / 256 > 1 || g % 256 >= int(kBytes)) return std::nullopt;
      want_[j] = (g / 256) * int(kBytes) + g % 256;
      wanted |= 1u << want_[j];
      wanted_ = wanted;
      if (unsigned(g % 256) / 8 != j / 8) crossing_need_ |= 1u << want_[j], crossing_half_[size_t(want_[j])] = j / 8;
    }
    // (A goal that keeps its bytes in their halves lets every crossing step in anywhere: too many
    // Programs, and the light-only argument's to prove.)
    if (!crossing_need_ || !build_ops(steps)) return std::nullopt;
    State s;
    for (unsigned in = 0; in < 2; ++in) {
      if (!(wanted >> (in * kBytes) & 0xFFFF)) continue;  // (an input of no wanted byte holds junk alone)
      Content c{};
      for (unsigned u = 0; u < kBytes; ++u) c[u] = wanted >> (in * kBytes + u) & 1 ? 1ull << (in * kBytes + u) : 0;
      s.vals[s.n++] = {intern(c), false, in == 0};
    }
    Content zero;
    zero.fill(kZero);
    s.vals[s.n++] = {intern(zero)};
    fixed_ = s.n;
    for (size_t i = 0; i < s.n; ++i)
      if (makes(contents_[size_t(s.vals[i].content)], s.tables)) return true;
    const Found f = search(s);
    if (f == Found::stop) return std::nullopt;
    return f == Found::yes;
  }

 private:
  enum class Found { no, yes, stop };

  int group(const std::string& ports) {
    const auto [it, fresh] = group_ids_.emplace(ports, int(groups_.size()));
    if (fresh) groups_.push_back(ports);
    return it->second;
  }

  // Whether a step taken as `u` (and its control, and `extra`: a copy) fits beside `l`.
  bool fits(const Loads& l, const Use& u, const std::optional<Use>& control,
            const std::optional<Use>& extra = std::nullopt) const {
    Loads t = l;
    t.take(u), t.take(control), t.take(extra);
    for (const auto& o : {std::optional<Use>(u), control, extra})
      if (o && t.group[size_t(o->group)] >= lim_) return false;
    return double(t.uops) < uops_lim_;
  }

  // The catalog's steps as ops, each with its ways on the ports that fit below the block alone;
  // false where a step that may fit is not modelled, or two crossing lookups fit together.
  bool build_ops(const std::vector<CrossingStep>& steps) {
    for (const CrossingStep& st : steps) {
      if (st.arity == 0) continue;  // (the zero idiom: the zero register is free)
      if (st.uses.empty() || st.arity > 2) return false;
      Op op{&st, Kind::Map, {}, std::nullopt, {}, st.crossing, false};
      bool modelled = true;
      if (st.programmable) {
        if (st.control.ports.empty()) return false;
        op.control = Use{group(st.control.ports), st.control.rthroughput, st.control.uops};
        if (st.table) op.kind = st.crossing ? Kind::Lookup : Kind::Within;
        else if (st.arity == 2 && !st.crossing) op.kind = Kind::Either, op.symmetric = true;
        else modelled = false;
        modelled &= !(op.kind == Kind::Lookup && st.tables > 2);
      } else if (st.is_or) {
        op.kind = Kind::Or, op.symmetric = true;
      } else if (st.src.size() != kBytes) {
        return false;
      }
      op.in_place = op.kind == Kind::Or || op.kind == Kind::Either || (op.kind == Kind::Within && st.block_bytes == 1);
      if (op.kind == Kind::Map) {
        op.in_place = true;
        for (unsigned u = 0; u < kBytes; ++u)
          op.in_place &= st.src[u] < 0 || (!(st.src[u] & kSrcSign) && unsigned(st.src[u] & kSrcMask) % 256 == u);
      }
      for (const PortUse& p : st.uses) {
        const Use u{group(p.ports), p.rthroughput, p.uops};
        if (groups_.size() > kMostGroups) return false;
        if (fits(Loads{}, u, op.control) && std::find(op.uses.begin(), op.uses.end(), u) == op.uses.end()) op.uses.push_back(u);
      }
      if (op.uses.empty()) continue;
      if (!modelled) return false;
      if (op.kind == Kind::Map && op.crossing)
        for (unsigned u = 0; u < kBytes; ++u)
          if (const int s = st.src[u]; s >= 0) op.reads[size_t((s & kSrcMask) / 256)][u / 8] |= 1u << ((s & kSrcMask) % 256);
      for (const Use& u : op.uses) {
        least_[size_t(u.group)] = std::min(least_[size_t(u.group)], u.rthroughput);
        least_uops_ = std::min(least_uops_, u.uops);
      }
      vacates_ |= st.vacate > 0;
      for (const Use& u : op.uses) {
        const Way w{u, op.control, op.crossing, op.kind == Kind::Lookup};
        auto it = std::find(ways_.begin(), ways_.end(), w);
        if (it == ways_.end()) it = ways_.insert(ways_.end(), w);
        op.ways.push_back(int(it - ways_.begin()));
      }
      ops_.push_back(std::move(op));
    }
    for (size_t i = 0; i < ops_.size(); ++i)
      for (size_t k = 0; k < ops_[i].uses.size(); ++k)
        if (!ops_[i].crossing) by_way_.resize(ways_.size()), by_way_[size_t(ops_[i].ways[k])].push_back({int(i), int(k)});
    if (vacates_) {
      if (b_.copy.ports.empty()) return false;
      copy_ = Use{group(b_.copy.ports), b_.copy.rthroughput, b_.copy.uops};
      if (groups_.size() > kMostGroups) return false;
    }
    // Two crossing steps together: with lookups, not modelled; else the checks of one (below) are off.
    for (const Way& x : ways_)
      for (const Way& y : ways_) {
        if (!x.crossing || !y.crossing) continue;
        Loads l;
        l.take(x.use), l.take(x.control);
        if (!fits(l, y.use, y.control)) continue;
        if (x.lookup && y.lookup) return false;
        one_crossing_ = false;
      }
    by_way_.resize(ways_.size());
    if (ways_.size() > kMostWays) return false;
    for (Op& op : ops_) {
      if (op.kind == Kind::Map) op.map_index = maps_.size(), maps_.push_back(&op);
      if (op.kind == Kind::Lookup) cross_lookups_.push_back(&op);
    }
    map_words_ = (maps_.size() + 63) / 64;
    if (map_words_ > kMostMapWords) return false;
    for (size_t i = 0; i < maps_.size(); ++i) map_kind_[maps_[i]->crossing][maps_[i]->step->arity == 2][i / 64] |= 1ull << (i % 64);
    readers_.assign(2 * 2 * kBytes * map_words_, 0);
    for (size_t i = 0; i < maps_.size(); ++i)
      for (size_t k = 0; k < 2; ++k)
        for (size_t h = 0; h < 2; ++h)
          for (unsigned q = 0; q < kBytes; ++q)
            if (maps_[i]->reads[k][h] >> q & 1) readers_[((k * 2 + h) * kBytes + q) * map_words_ + i / 64] |= 1ull << (i % 64);
    // (And by what each result place reads: argument, place, its sign fill or not; or a zero.)
    reading_.assign(2 * kBytes * 2 * kBytes * map_words_, 0);
    zeroing_.assign(kBytes * map_words_, 0);
    for (size_t i = 0; i < maps_.size(); ++i)
      for (unsigned j = 0; j < kBytes; ++j) {
        const int src = maps_[i]->step->src[j];
        uint64_t* at = src < 0 ? &zeroing_[j * map_words_]
                               : &reading_[(((size_t(src & kSrcMask) / 256) * kBytes + j) * 2 * kBytes + size_t(src & kSrcMask) % 256 +
                                            ((src & kSrcSign) ? kBytes : 0)) * map_words_];
        at[i / 64] |= 1ull << (i % 64);
      }
    return true;
  }

  static Places places_of(const Content& c) {
    Places at{};
    for (unsigned u = 0; u < kBytes; ++u)
      for (uint64_t m = c[u] & (0xFFFFFFFFull | kZero | kLooked); m; m &= m - 1) at[size_t(std::countr_zero(m))] |= uint16_t(1u << u);
    return at;
  }

  int intern(const Content& c) {
    const auto [id, fresh] = content_ids_.emplace(c.data(), sizeof c, uint32_t(contents_.size()));
    if (fresh) {
      contents_.push_back(c);
      places_.push_back(places_of(c));
      uint32_t held = 0;
      for (uint64_t x : c) held |= uint32_t(x);
      held_.push_back(held);
    }
    return int(id);
  }

  // Can the labels `need` sit at places of their own in the lookup's arguments?
  bool matches(uint32_t need, const std::array<int, 2>& tables) const {
    return matches(need, tables[0] < 0 ? nullptr : &contents_[size_t(tables[0])], tables[1] < 0 ? nullptr : &contents_[size_t(tables[1])]);
  }
  bool matches(uint32_t need, const Content* t0, const Content* t1) const {
    PlaceMatching m;
    for (uint32_t left = need; left; left &= left - 1) {
      const int label = std::countr_zero(left);
      uint64_t may = 0;  // the places of the tables (t1's after t0's) that may hold it
      unsigned place = 0;
      for (const Content* t : {t0, t1})
        if (t)
          for (uint64_t x : *t) may |= (x >> label & 1) << place++;
      m.add(label, may);
    }
    return m.complete(kBytes * ((t0 != nullptr) + (t1 != nullptr)));
  }

  // Does a result of these sets make the goal (the lookup's arguments `tables`)?
  bool makes(const Content& r, const std::array<int, 2>& tables) const {
    uint32_t need = 0;
    for (unsigned j = 0; j < kBytes; ++j) {
      const int w = want_[j];
      if (w == kAnyByte) continue;
      if (w == kZeroByte) {
        if (!(r[j] & (kZero | kLooked))) return false;
        continue;
      }
      if (r[j] >> w & 1) continue;
      if (!(r[j] & kLooked)) return false;
      need |= 1u << w;
    }
    return need == 0 || matches(need, tables);
  }

  Content apply(const Op& op, const Content& x, const Content* y) const {
    Content r{};
    const CrossingStep& st = *op.step;
    switch (op.kind) {
      case Kind::Map:
        for (unsigned u = 0; u < kBytes; ++u) {
          const int s = st.src[u];
          if (s < 0) {
            r[u] = kZero;
            continue;
          }
          const Content& a = (s & kSrcMask) / 256 == 0 ? x : *y;
          const uint64_t v = a[size_t((s & kSrcMask) % 256)];
          r[u] = (s & kSrcSign) ? (v & kZero) : v;  // (a sign fill: a zero's is a zero, a label's nothing wanted)
        }
        break;
      case Kind::Or:
        for (unsigned u = 0; u < kBytes; ++u) {
          const uint64_t p = x[u], q = (*y)[u];
          r[u] = ((q & kZero) ? p & ~kZero : 0) | ((p & kZero) ? q & ~kZero : 0) | (p & q);
        }
        break;
      case Kind::Either:
        for (unsigned u = 0; u < kBytes; ++u) r[u] = x[u] | (*y)[u];
        break;
      case Kind::Within: {
        const unsigned block = std::clamp(st.block_bytes, 1u, kBytes), elem = std::max(1u, st.elem_bytes);
        for (unsigned u = 0; u < kBytes; ++u) {
          uint64_t v = kZero;
          for (unsigned p = u / block * block; p < u / block * block + block; ++p)
            if (p % elem == u % elem) v |= x[p] | (y ? (*y)[p] : 0);
          r[u] = v;
        }
        break;
      }
      case Kind::Lookup:
        r.fill(kLooked | kZero);
        break;
    }
    return r;
  }

  // How many more steps fit beside these loads (each takes one of some group, and uops).
  unsigned more(const Loads& l) const {
    unsigned n = 0;
    for (size_t g = 0; g < groups_.size(); ++g)
      for (double x = l.group[g]; x + least_[g] < lim_ && n < 64; x += least_[g]) ++n;
    unsigned k = 0;
    for (unsigned u = l.uops; u + least_uops_ < uops_lim_ && k < 64; u += std::max(1u, least_uops_)) ++k;
    return std::min(n, k);
  }

  // Whether a crossing step still fits beside `l`.
  bool may_cross(const Loads& l) const {
    for (const Way& w : ways_)
      if (w.crossing && fits(l, w.use, w.control)) return true;
    return false;
  }

  // A state as the memo knows it (written into `k`; its length returned).
  size_t key(const State& s, std::array<uint32_t, kMostValues + 2 * kMostGroups + 4>& k) const {
    size_t m = 0;
    for (size_t i = fixed_; i < s.n; ++i) {
      const Val& v = s.vals[i];
      k[m++] = uint32_t(v.content) << 3 | uint32_t(v.looked) << 2 | uint32_t(v.chain) << 1 | uint32_t(v.read);
    }
    std::sort(k.begin(), k.begin() + long(m));
    for (size_t g = 0; g < groups_.size(); ++g) {
      const uint64_t q = uint64_t(std::llround(s.loads.group[g] * 1e6));
      k[m++] = uint32_t(q), k[m++] = uint32_t(q >> 32);
    }
    k[m++] = s.loads.uops;
    k[m++] = uint32_t(s.tables[0]);
    k[m++] = uint32_t(s.tables[1]);
    k[m++] = uint32_t(s.crossed) << 1 | uint32_t(s.charged);
    return m;
  }

  // Whether the only crossing step, a lookup on these contents, brings every goal byte that
  // changes halves: each at a place of its own in its arguments. (A byte map's: crossing_on.)
  bool lookup_brings(int x, int y) const { return matches(crossing_need_, {x, y}); }

  // The crossing steps that may be the only one on these contents (each pair's, found once). The
  // byte maps by their places read (readers_): those that read, for each goal byte changing
  // halves, a place of its label into the goal's half.
  const std::vector<const Op*>& crossing_on(int x, int y) {
    const uint64_t pair = uint64_t(uint32_t(x)) << 32 | uint32_t(y + 1);
    const auto [id, fresh] = crossing_on_.emplace(&pair, sizeof pair, uint32_t(crossing_lists_.size()));
    if (!fresh) return crossing_lists_[id];
    std::vector<const Op*>& list = crossing_lists_.emplace_back();
    const size_t words = map_words_;
    Bits acc, any;
    std::copy_n(map_kind_[1][y >= 0].begin(), words, acc.begin());
    for (uint32_t m = one_crossing_ ? crossing_need_ : 0; m; m &= m - 1) {
      const int bit = std::countr_zero(m);
      const unsigned h = crossing_half_[size_t(bit)];
      std::fill(any.begin(), any.begin() + long(words), 0);
      for (int k = 0; k < 2; ++k) {
        const int c = k == 0 ? x : y;
        if (c < 0) continue;
        for (unsigned at = places_[size_t(c)][size_t(bit)]; at; at &= at - 1) {
          const uint64_t* r = &readers_[((size_t(k) * 2 + h) * kBytes + unsigned(std::countr_zero(at))) * words];
          for (size_t w = 0; w < words; ++w) any[w] |= r[w];
        }
      }
      bool left = false;
      for (size_t w = 0; w < words; ++w) left |= (acc[w] &= any[w]) != 0;
      if (!left) break;
    }
    for (size_t w = 0; w < words; ++w)
      for (uint64_t b = acc[w]; b; b &= b - 1) list.push_back(maps_[w * 64 + size_t(std::countr_zero(b))]);
    for (const Op* op : cross_lookups_)
      if ((op->step->arity == 2) == (y >= 0) && (!one_crossing_ || lookup_brings(x, y))) list.push_back(op);
    return list;
  }

  Found search(const State& s) {
    std::array<uint32_t, kMostValues + 2 * kMostGroups + 4> k;
    const size_t length = key(s, k);
    if (!memo_.emplace(k.data(), length * sizeof(uint32_t), 0).second) return Found::no;
    // The ways that fit here (and leave room for a crossing step where the goal needs one).
    // (And how many steps fit after each.)
    std::array<char, kMostWays> open{};
    std::array<unsigned, kMostWays> left_after;  // (set where open)
    for (size_t w = 0; w < ways_.size(); ++w) {
      const Way& way = ways_[w];
      if ((way.lookup && s.tables[0] >= 0) || !fits(s.loads, way.use, way.control)) continue;
      Loads l = s.loads;
      l.take(way.use), l.take(way.control);
      if (crossing_need_ && !s.crossed && !way.crossing && !may_cross(l)) continue;
      open[w] = 1;
      left_after[w] = more(l);
    }
    // Where a step is the last but the crossing one, its arguments and another value (or none)
    // hold every goal label (a byte map's result holds only its arguments' labels); where it is the
    // last, an in-place step's arguments hold, at each goal place, its label or what a lookup brought.
    std::array<uint16_t, kMostValues> placed{};  // per value, the goal places it may serve in place
    for (size_t v = 0; v < s.n; ++v)
      for (unsigned j = 0; j < kBytes; ++j)
        if (want_[j] < 0 || (contents_[size_t(s.vals[v].content)][j] & ((1ull << want_[j]) | kLooked))) placed[v] |= uint16_t(1u << j);
    auto covered = [&](uint32_t held) {
      if (!(wanted_ & ~held)) return true;
      for (size_t v = 0; v < s.n; ++v)
        if (!(wanted_ & ~(held | held_[size_t(s.vals[v].content)]))) return true;
      return false;
    };
    // The crossing steps first (a Program that moves bytes between halves holds one: found
    // sooner where one exists), by the contents they would read.
    // (Lookups first: they place anything.)
    for (int pass = 0; pass < 2; ++pass)
    for (size_t x = 0; x < s.n && !(s.crossed && one_crossing_); ++x)
      for (int y = -1; y < int(s.n); ++y) {
        // (The only crossing step's arguments hold every goal byte changing halves.)
        const uint32_t held = held_[size_t(s.vals[x].content)] | (y < 0 ? 0 : held_[size_t(s.vals[size_t(y)].content)]);
        if (one_crossing_ && (crossing_need_ & ~held)) continue;
        // (A byte map taken last makes the goal: those that do, by their bits.)
        int made_state = -1;
        Bits made;
        for (const Op* op : crossing_on(s.vals[x].content, y < 0 ? -1 : s.vals[size_t(y)].content))
          for (size_t k = 0; k < op->uses.size(); ++k) {
            const size_t w = size_t(op->ways[k]);
            if (!open[w] || (op->kind == Kind::Lookup) != (pass == 0)) continue;
            if (left_after[w] == 0 && op->kind == Kind::Map) {
              if (made_state < 0) made_state = making(s.vals[x].content, y < 0 ? -1 : s.vals[size_t(y)].content, true, made);
              if (!made_state || !(made[op->map_index / 64] >> (op->map_index % 64) & 1)) continue;
            }
            if (const Found r = step(s, *op, op->uses[k], x, y); r != Found::no) return r;
          }
      }
    for (size_t w = 0; w < ways_.size(); ++w) {
      if (!open[w]) continue;
      const bool before_crossing = crossing_need_ && !s.crossed;
      if (before_crossing && left_after[w] == 0) continue;
      const bool crosses_next = before_crossing && left_after[w] == 1, last = !before_crossing && left_after[w] == 0;
      for (const auto& [i, k] : by_way_[w]) {
        const Op& op = ops_[size_t(i)];
        for (size_t x = 0; x < s.n; ++x) {
          const Val& vx = s.vals[x];
          if (op.step->arity == 1) {
            if (crosses_next && !covered(held_[size_t(vx.content)])) continue;
            if (last && op.in_place && placed[x] != 0xFFFF) continue;
            if (const Found r = step(s, op, op.uses[size_t(k)], x, -1); r != Found::no) return r;
            continue;
          }
          // (Swapped arguments of an or or a variable blend make the same sets; either of one
          // value twice makes that value.)
          for (size_t y = op.symmetric ? x + 1 : 0; y < s.n; ++y) {
            if (crosses_next && !covered(held_[size_t(vx.content)] | held_[size_t(s.vals[y].content)])) continue;
            if (last && op.in_place && (placed[x] | placed[y]) != 0xFFFF) continue;
            if (const Found r = step(s, op, op.uses[size_t(k)], x, int(y)); r != Found::no) return r;
          }
        }
      }
    }
    return Found::no;
  }

  Found step(const State& s, const Op& op, const Use& use, size_t x, int y) {
    // (The budget counts the steps tried: each about a tenth of a microsecond.)
    if (++nodes_ > node_budget_ || ((nodes_ & 4095) == 0 && std::chrono::steady_clock::now() > deadline_)) return Found::stop;
    const Val& vx = s.vals[x];
    const Val* vy = y >= 0 ? &s.vals[size_t(y)] : nullptr;
    const bool looked = vx.looked || (vy && vy->looked);
    // (After the first crossing step, what does not read its value is taken before it.)
    if (s.crossed && !looked) return Found::no;
    const bool first = op.crossing && !s.crossed;
    std::optional<Use> copy;
    if (op.step->vacate > 0 && !s.charged && (vx.chain || (vy && vy->chain))) copy = copy_;
    if (copy && !fits(s.loads, use, op.control, copy)) return Found::no;
    Loads loads = s.loads;
    loads.take(use), loads.take(op.control), loads.take(copy);
    const unsigned left = more(loads);
    // A value that keeps bytes in their halves, before any crossing step where the goal needs
    // one, is no result; with one step left, that step crosses last, reading it (and perhaps
    // another value): they hold every goal label.
    const bool in_half = crossing_need_ && !s.crossed && !first;
    if (in_half && left == 0) return Found::no;
    const Content c = apply(op, contents_[size_t(vx.content)], vy ? &contents_[size_t(vy->content)] : nullptr);
    if (in_half && left == 1) {
      uint32_t held = 0;
      for (uint64_t v : c) held |= uint32_t(v);
      bool may = !(wanted_ & ~held);
      for (size_t i = 0; i < s.n && !may; ++i) may = !(wanted_ & ~(held | held_[size_t(s.vals[i].content)]));
      if (!may) return Found::no;
    }
    const std::array<int, 2> tables = op.kind == Kind::Lookup ? std::array<int, 2>{vx.content, vy ? vy->content : -1} : s.tables;
    if (!in_half && makes(c, tables)) return Found::yes;
    // Every made value is read later but the result: each step reads at most two and makes one.
    unsigned unread = 1;
    for (size_t i = fixed_; i < s.n; ++i) unread += !s.vals[i].read && i != x && int(i) != y;
    if (left == 0 || unread - 1 > left) return Found::no;
    if (s.n == kMostValues) return Found::stop;  // (more values than a state holds: nothing said)
    // (A value within another's sets: what reads it could read that one. Not one that may cost the
    // copy out of input 0's register where this one would not.)
    const bool chain_costs = vacates_ && !s.charged;
    for (size_t i = 0; i < s.n; ++i) {
      if (s.vals[i].chain && chain_costs) continue;
      const Content& w = contents_[size_t(s.vals[i].content)];
      bool within = true;
      for (unsigned u = 0; u < kBytes && within; ++u) within = !(c[u] & ~w[u]);
      if (within) return Found::no;
    }
    if (in_half && !may_cross(loads)) return Found::no;
    State t = s;
    t.loads = loads;
    t.charged = s.charged || copy.has_value();
    t.vals[x].read = true;
    if (vy) t.vals[size_t(y)].read = true;
    t.tables = tables;
    t.crossed = s.crossed || op.crossing;
    const bool chain = op.step->destructive && op.step->arity == 1 && vx.chain;
    t.vals[t.n++] = {intern(c), looked || first, chain, false};
    return crossing_need_ && !t.crossed && left == 1 ? last_crossing(t) : search(t);
  }

  // One step left, and it crosses: it reads every value not read yet (else that value is dead).
  Found last_crossing(const State& t) {
    std::array<int, 2> unread = {-1, -1};
    size_t m = 0;
    for (size_t i = fixed_; i < t.n; ++i)
      if (!t.vals[i].read) {
        if (m == 2) return Found::no;
        unread[m++] = int(i);
      }
    for (size_t x = 0; x < t.n; ++x)
      for (int y = -1; y < int(t.n); ++y) {
        if ((unread[0] >= 0 && unread[0] != int(x) && unread[0] != y) || (unread[1] >= 0 && unread[1] != int(x) && unread[1] != y)) continue;
        const uint32_t held = held_[size_t(t.vals[x].content)] | (y < 0 ? 0 : held_[size_t(t.vals[size_t(y)].content)]);
        if (one_crossing_ && (crossing_need_ & ~held)) continue;
        const int cx = t.vals[x].content, cy = y < 0 ? -1 : t.vals[size_t(y)].content;
        Bits made;
        if (making(cx, cy, true, made))
          for (size_t word = 0; word < map_words_; ++word)
            for (uint64_t b = made[word]; b; b &= b - 1) {
              const Op* op = maps_[word * 64 + size_t(std::countr_zero(b))];
              for (size_t k = 0; k < op->uses.size(); ++k)
                if (fits(t.loads, op->uses[k], op->control))
                  if (const Found r = step(t, *op, op->uses[k], x, y); r != Found::no) return r;
            }
        for (const Op* op : cross_lookups_)
          if ((op->step->arity == 2) == (y >= 0) && t.tables[0] < 0 && (!one_crossing_ || lookup_brings(cx, cy)))
            for (size_t k = 0; k < op->uses.size(); ++k)
              if (fits(t.loads, op->uses[k], op->control))
                if (const Found r = step(t, *op, op->uses[k], x, y); r != Found::no) return r;
      }
    return Found::no;
  }

  // The byte maps whose result on these contents holds the goal (the last step).
  // (As bits of maps_, of those that cross or of the others; none where it returns false.) A byte
  // a lookup brought may be any label (the result is then checked whole).
  bool making(int x, int y, bool crossing, Bits& acc) const {
    const Places* px = &places_[size_t(x)];
    const Places* py = y < 0 ? nullptr : &places_[size_t(y)];
    std::copy_n(map_kind_[crossing][py != nullptr].begin(), map_words_, acc.begin());
    Bits any;
    for (unsigned j = 0; j < kBytes; ++j) {
      const int w = want_[j];
      if (w == kAnyByte) continue;
      const bool zero = w == kZeroByte;
      if (zero) std::copy(zeroing_.begin() + long(j * map_words_), zeroing_.begin() + long((j + 1) * map_words_), any.begin());
      else std::fill(any.begin(), any.begin() + long(map_words_), 0);
      for (int k = 0; k < 2; ++k) {
        const Places* c = k == 0 ? px : py;
        if (!c) continue;
        const uint16_t at = (*c)[zero ? 32 : size_t(w)] | (*c)[33];
        for (unsigned m = at; m; m &= m - 1) {
          const size_t q = size_t(std::countr_zero(m));
          const size_t base = (size_t(k) * kBytes + j) * 2 * kBytes;
          for (size_t word = 0; word < map_words_; ++word) {
            any[word] |= reading_[(base + q) * map_words_ + word];
            if (zero) any[word] |= reading_[(base + kBytes + q) * map_words_ + word];  // (a zero's sign fill)
          }
        }
      }
      bool left = false;
      for (size_t word = 0; word < map_words_; ++word) left |= (acc[word] &= any[word]) != 0;
      if (!left) return false;
    }
    return true;
  }

  const std::vector<int>& goal_;
  const PortBudget b_;
  const double lim_, uops_lim_;
  const uint64_t node_budget_;
  const std::chrono::steady_clock::time_point deadline_;
  std::array<int, kBytes> want_{};
  uint32_t wanted_ = 0;                       // the goal's labels
  uint32_t crossing_need_ = 0;               // the labels of the goal bytes that change halves
  std::array<unsigned, 32> crossing_half_{};  // and the goal's half each goes to
  std::vector<std::string> groups_;
  std::unordered_map<std::string, int> group_ids_;
  std::vector<Op> ops_;
  std::vector<Way> ways_;  // each way a step is taken, once
  std::vector<std::vector<std::pair<int, int>>> by_way_;  // per way, the steps (op, use) that do not cross taken so
  std::array<double, kMostGroups> least_ = [] {  // per group, the least reciprocal throughput of an op there
    std::array<double, kMostGroups> a;
    a.fill(1e9);
    return a;
  }();
  unsigned least_uops_ = 64;
  bool one_crossing_ = true;
  bool vacates_ = false;
  std::optional<Use> copy_;
  std::vector<Content> contents_;
  std::vector<Places> places_;  // per content
  std::vector<uint32_t> held_;                     // per content, the labels it holds anywhere
  FlatMap content_ids_;
  FlatMap memo_;
  FlatMap crossing_on_;  // per pair of contents, its list among crossing_lists_
  std::deque<std::vector<const Op*>> crossing_lists_;  // (a deque: what crossing_on returns stays put as it grows)
  std::vector<const Op*> maps_, cross_lookups_;  // the byte maps, the crossing lookups
  size_t map_words_ = 0;
  std::array<std::array<Bits, 2>, 2> map_kind_{};  // the byte maps that cross or not, of one register or two
  std::vector<uint64_t> readers_;  // per (argument, result half, place), the crossing byte maps reading it there (bits)
  std::vector<uint64_t> reading_;  // per (argument, result place, place read, + kBytes for its sign fill), those maps
  std::vector<uint64_t> zeroing_;  // per result place, the maps that make a zero there
  size_t fixed_ = 0;  // the inputs and the zero register
  uint64_t nodes_ = 0;
};

}  // namespace

std::optional<bool> counted_programs_may(const std::vector<CrossingStep>& steps, const std::vector<int>& goal,
                                         const PortBudget& budget, uint64_t node_budget,
                                         std::chrono::steady_clock::time_point deadline) {
  return Counter(goal, budget, node_budget, deadline).run(steps);
}

}  // namespace shufc::synth
