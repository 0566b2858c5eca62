// Programs of one crossing instruction, its movers and in-place lights, tried whole
// (crossing_whole.h).
#include "crossing_whole.h"

#include <array>
#include <bitset>
#include <cstdint>

#include "goal.h"

namespace shufc::synth {

namespace {

constexpr unsigned kBytes = 16;
constexpr double kEps = 1e-5;
constexpr int kMask = 0x3FFF;   // argument * 256 + byte
constexpr int kSign = 0x4000;   // a src's (and a leaf's) sign-fill flag
constexpr int16_t kSaturated = 0x7FFF;  // a pack's element that was not extended: no input's byte
constexpr unsigned kMaxInstructions = 4;

// One of the bytes a register byte is the or of, with the controls (control * 16 + place) that
// could clear it on its way.
struct Leaf {
  int16_t label = 0;
  uint8_t n = 0;
  std::array<uint8_t, 3> path{};
};

struct Byte {
  uint8_t n = 0;
  bool unknown = false;  // more leaves or controls than kept: taken as anything
  std::array<Leaf, 6> leaf{};
  void add(const Leaf& l) {
    if (unknown) return;
    if (n == leaf.size()) {
      unknown = true;
      return;
    }
    leaf[n++] = l;
  }
  // Every leaf passed a control, which may clear it.
  bool may_be_zero() const {
    if (unknown) return true;
    for (unsigned i = 0; i < n; ++i)
      if (leaf[i].n == 0) return false;
    return true;
  }
  void passing(uint8_t control) {
    for (unsigned i = 0; i < n && !unknown; ++i) {
      Leaf& l = leaf[i];
      if (l.n == l.path.size()) unknown = true;
      else l.path[l.n++] = control;
    }
  }
};
using Value = std::array<Byte, kBytes>;

Byte sign_fill(const Byte& b) {
  // The sign fill of an or is the or of the fills (its top bit is the or of theirs).
  Byte out = b;
  for (unsigned i = 0; i < out.n; ++i)
    if (out.leaf[i].label != kSaturated) out.leaf[i].label = int16_t(out.leaf[i].label | kSign);
  return out;
}

// x may be y's sign fill: each leaf of x no control clears is the fill of one of y's, and the
// fill of each of y's that none clears is one of x's.
bool may_fill(const Byte& x, const Byte& y) {
  if (x.unknown || y.unknown) return true;
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

// The result makes the goal for some choice of the controls: each goal byte's leaves are the
// goal's label or cleared, at least one of the goal's kept. A leaf that one control alone could
// clear forces it; one that two or more could is assumed cleared (a relaxation).
bool may_make(const Value& r, const std::vector<int>& goal) {
  std::bitset<256> cleared;
  for (unsigned j = 0; j < kBytes; ++j) {
    const int g = goal[j];
    if (g == kAnyByte || r[j].unknown) continue;
    for (unsigned i = 0; i < r[j].n; ++i) {
      const Leaf& l = r[j].leaf[i];
      if (g >= 0 && l.label == g) continue;
      if (l.n == 0) return false;
      if (l.n == 1) cleared.set(l.path[0]);
    }
  }
  for (unsigned j = 0; j < kBytes; ++j) {
    const int g = goal[j];
    if (g < 0 || r[j].unknown) continue;
    bool kept = false;
    for (unsigned i = 0; i < r[j].n && !kept; ++i) {
      const Leaf& l = r[j].leaf[i];
      if (l.label != g) continue;
      kept = true;
      for (unsigned k = 0; k < l.n; ++k) kept = kept && !cleared.test(l.path[k]);
    }
    if (!kept) return false;
  }
  return true;
}

class Enumeration {
 public:
  Enumeration(const CrossingStep& h, const std::vector<const CrossingStep*>& ms, const InPlaceLights& lights,
              double zero_register, double room, const std::vector<int>& goal, unsigned max_instructions)
      : roles_{&h}, lights_(lights), zero_register_(zero_register), room_(room), goal_(goal), max_(max_instructions) {
    for (const CrossingStep* m : ms) roles_.push_back(m);
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
      add(std::move(v));
    }
    add(Value{});  // the zero register, paid when first read
  }
  bool any() { return extend(0.0, 0, 0, Key{}); }

 private:
  static constexpr size_t kFirstResult = 3;
  enum class Kind { Join, Select, Mask };
  // An instruction as the canonical order sees it: its role or kind, then its arguments.
  using Key = std::array<unsigned, 3>;
  using Where = std::array<uint16_t, kBytes>;  // per goal place, the places holding its byte

  void add(Value&& v) {
    Where where{};
    for (unsigned s = 0; s < kBytes; ++s) {
      const Byte& b = v[s];
      if (b.unknown) {
        for (uint16_t& w : where) w |= uint16_t(1u << s);
        continue;
      }
      for (unsigned i = 0; i < b.n; ++i) {
        const int l = b.leaf[i].label;
        if (l >= 0 && l < 512)
          for (uint32_t js = wanted_at_[size_t(l)]; js; js &= js - 1) where[size_t(std::countr_zero(js))] |= uint16_t(1u << s);
      }
    }
    uint32_t holds = 0;
    for (unsigned j = 0; j < kBytes; ++j) holds |= uint32_t(where[j] >> j & 1) << j;
    vals_.push_back(std::move(v));
    holds_.push_back(holds);
    where_.push_back(where);
    reads_.push_back(0);
  }
  void remove() {
    vals_.pop_back();
    holds_.pop_back();
    where_.pop_back();
    reads_.pop_back();
  }

  // With H placed, each goal byte is where some value holds it, or where the movers still to
  // come (one or both, in either order) bring a place holding it.
  bool reachable(unsigned placed) const {
    if (!(placed & 1)) return true;
    Where any{};
    for (const Where& w : where_)
      for (unsigned j = 0; j < kBytes; ++j) any[j] |= w[j];
    std::array<const CrossingStep*, 2> pending{};
    unsigned count = 0;
    for (unsigned r = 1; r < roles_.size(); ++r)
      if (!(placed >> r & 1)) {
        if (roles_[r]->arity != 1 || count == 2) return true;
        pending[count++] = roles_[r];
      }
    auto back = [](const CrossingStep* m, int j) {
      const int s = j < 0 ? -1 : m->src[size_t(j)];
      return s < 0 || (s & kSign) ? -1 : (s & kMask) % 256;
    };
    for (unsigned j = 0; j < kBytes; ++j) {
      if (!(need_ >> j & 1)) continue;
      uint32_t from = 1u << j;
      for (unsigned i = 0; i < count; ++i)
        if (const int s = back(pending[i], int(j)); s >= 0) from |= 1u << s;
      if (count == 2)
        for (unsigned o = 0; o < 2; ++o)
          if (const int s = back(pending[o], back(pending[1 - o], int(j))); s >= 0) from |= 1u << s;
      if (!(any[j] & from)) return false;
    }
    return true;
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

  bool push(Value&& v, double spent, unsigned placed, unsigned count, size_t x, size_t y, const Key& key) {
    ++reads_[x];
    if (y != x) ++reads_[y];
    add(std::move(v));
    bool found = false;
    // Each later instruction reads at most two unread results and leaves one.
    if (unread() <= 1 + (max_ - count)) {
      // With H and the movers placed, what is left keeps bytes in place: some value must hold
      // each goal byte at its place already.
      if (reachable(placed)) found = extend(spent, placed, count, key);
    }
    remove();
    --reads_[x];
    if (y != x) --reads_[y];
    return found;
  }
  unsigned all() const { return (1u << roles_.size()) - 1; }

  // H is the only instruction that moves a byte to the other half: its result holds each goal
  // byte that changes halves in the goal place's half.
  bool crosses(const Value& v) const {
    for (const auto& [label, half] : crossing_) {
      bool found = false;
      for (unsigned q = half * 8; q < half * 8 + 8 && !found; ++q) {
        const Byte& b = v[q];
        found = b.unknown;
        for (unsigned i = 0; i < b.n && !found; ++i) found = b.leaf[i].label == label;
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
    if (placed == all() && unread() == 1 && may_make(vals_.back(), goal_)) return true;
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
          if (final && (!reads_open(x, yy) || !maps_goal(st, x, yy))) continue;
          const double c = spent + paid(x) + (yy != x ? paid(yy) : 0.0);
          if (c >= room_ - kEps) continue;
          auto v = mapped(st, vals_[x], vals_[yy]);
          if (v && r == 0 && !crosses(*v)) continue;
          if (v && push(std::move(*v), c, placed | 1u << r, count + 1, x, yy, key)) return true;
        }
      }
    }
    if (count + 1 + pending > max_) return false;
    const std::array<std::pair<Kind, double>, 3> kinds = {
        {{Kind::Join, lights_.join}, {Kind::Select, lights_.select}, {Kind::Mask, lights_.mask}}};
    for (unsigned k = 0; k < kinds.size(); ++k) {
      const auto& [kind, cost] = kinds[k];
      for (size_t x = 0; x < n; ++x) {
        if (x == 2) continue;  // (a light of the zero register and x is at best a mask of x)
        for (size_t y = kind == Kind::Mask ? x : x + 1; y < (kind == Kind::Mask ? x + 1 : n); ++y) {
          const Key key{unsigned(roles_.size() + k), unsigned(x), unsigned(y)};
          if (y == 2 || !in_order(prev, key, x, y)) continue;
          // (The last: it keeps bytes in place, so its arguments hold every goal byte there.)
          if (final && (!reads_open(x, y) || ((holds_[x] | holds_[y]) & need_) != need_)) continue;
          const double c = spent + cost + paid(x) + (y != x ? paid(y) : 0.0);
          if (c >= room_ - kEps) continue;
          Value v{};
          const uint8_t id = uint8_t(controls_);
          for (unsigned q = 0; q < kBytes; ++q) {
            Byte bx = vals_[x][q];
            if (kind == Kind::Join) {
              for (unsigned i = 0; i < vals_[y][q].n; ++i) bx.add(vals_[y][q].leaf[i]);
              bx.unknown |= vals_[y][q].unknown;
            } else {
              bx.passing(uint8_t(id * kBytes + q));
              if (kind == Kind::Select) {
                Byte by = vals_[y][q];
                by.passing(uint8_t((id + 1) * kBytes + q));
                for (unsigned i = 0; i < by.n; ++i) bx.add(by.leaf[i]);
                bx.unknown |= by.unknown;
              }
            }
            v[q] = bx;
          }
          const unsigned used = kind == Kind::Join ? 0 : kind == Kind::Select ? 2 : 1;
          controls_ += used;
          const bool found = push(std::move(v), c, placed, count + 1, x, y, key);
          controls_ -= used;
          if (found) return true;
        }
      }
    }
    return false;
  }

  std::vector<const CrossingStep*> roles_;  // H, then the movers
  InPlaceLights lights_;
  double zero_register_, room_;
  const std::vector<int>& goal_;
  unsigned max_;
  uint32_t need_ = 0;            // the goal's places that want an input byte
  std::vector<std::pair<int, unsigned>> crossing_;  // goal bytes that change halves: label, goal half
  std::vector<Value> vals_;      // a, b, the zero register, then each instruction's result
  std::vector<uint32_t> holds_;  // per value, the places where it holds the goal's byte
  std::vector<Where> where_;     // per value, where it holds each goal byte
  std::array<uint32_t, 512> wanted_at_{};  // per input label, the goal places that want it
  std::vector<unsigned> reads_;  // times each value is read
  unsigned controls_ = 0;        // masks' and blends' controls so far (a blend has one per side)
};

}  // namespace

std::optional<InPlaceLights> InPlaceLights::of(const std::vector<CrossingStep>& steps) {
  InPlaceLights l;
  for (const CrossingStep& st : steps) {
    if (st.crossing || st.moves) continue;
    if (st.programmable) {
      if (st.table && st.arity == 1 && st.block_bytes == 1) l.mask = std::min(l.mask, st.cost);  // a byte mask
      else if (!st.table && st.arity == 2) l.select = std::min(l.select, st.cost);  // a variable blend
      else return std::nullopt;
      continue;
    }
    if (st.is_or) {
      l.join = std::min(l.join, st.cost);
      continue;
    }
    if (st.src.size() != kBytes) return std::nullopt;
    for (unsigned q = 0; q < kBytes; ++q) {
      const int s = st.src[q];
      if (s >= 0 && ((s & kSign) || unsigned(s & kMask) % 256 != q)) return std::nullopt;  // (not in place)
    }
    (st.arity == 2 ? l.select : l.mask) = std::min(st.arity == 2 ? l.select : l.mask, st.cost);
  }
  l.mask = std::min(l.mask, l.select);  // (a blend of a register with itself)
  return l;
}

std::optional<bool> whole_crossing_may(const CrossingStep& h, const std::vector<const CrossingStep*>& ms,
                                       const InPlaceLights& lights, double zero_register, double room,
                                       const std::vector<int>& goal, unsigned min_instructions) {
  if (h.programmable || h.src.size() != kBytes || goal.size() != kBytes) return std::nullopt;
  for (const CrossingStep* m : ms)
    if (m->programmable || m->src.size() != kBytes) return std::nullopt;
  const double cheapest = std::min({lights.join, lights.select, lights.mask});
  unsigned k = 0;
  while (double(k + 1) * cheapest < room - kEps) ++k;
  const unsigned max_instructions = 1 + unsigned(ms.size()) + k;
  if (max_instructions > kMaxInstructions || max_instructions < min_instructions) return std::nullopt;
  return Enumeration(h, ms, lights, zero_register, room, goal, max_instructions).any();
}

}  // namespace shufc::synth
