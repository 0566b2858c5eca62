// The one-crossing argument (one_crossing.h): which Programs it rules out and how.
#include "one_crossing.h"

#include <algorithm>
#include <array>
#include <bit>
#include <initializer_list>
#include <limits>
#include <optional>
#include <stdexcept>
#include <vector>

#include "crossing_whole.h"
#include "goal.h"
#include "place_matching.h"

namespace shufc::synth {

namespace {

constexpr double kEps = 1e-5;
constexpr unsigned kBytes = 16;
constexpr double kInfCost = std::numeric_limits<double>::infinity();
constexpr int kMask = 0x3FFF;  // argument * 256 + byte (the search's sign-fill flag off)

using Places = uint32_t;  // a set of byte places, bit j for place j

struct Crossing {  // a goal byte: its input place, its goal place, its label
  unsigned from, to;
  int label;
};

int source_byte(int s) { return s < 0 || (s & ~kMask) ? -1 : (s & kMask) % 256; }
// A label's index among the two inputs' bytes (input * 16 + byte), for sets of labels as bits.
int label_index(int label) { return (label / 256) * int(kBytes) + label % 256; }
// A whole byte lookup: pshufb, any arrangement of its one register's bytes and zeros.
bool whole_lookup(const CrossingStep& h) {
  return h.programmable && h.table && h.tables == 1 && h.arity == 1 && h.elem_bytes == 1 && h.block_bytes >= kBytes && h.zeros;
}

// A step that makes a sign fill (psrad: a byte's copies of its top bit).
bool makes_fills(const CrossingStep& st) {
  return std::any_of(st.src.begin(), st.src.end(), [](int s) { return s >= 0 && (s & ~kMask); });
}

// A signed pack H (packssdw) in a Program where nothing makes a sign fill: an element passes
// unsaturated only where its high part is the sign fill of the top byte it keeps, which no byte
// an input's label or a zero can be but for a zero top byte (and a zero high part). So the top
// byte's result place holds a zero (or a saturated element, which no goal byte is): H with those
// places zeroed and no condition, a relaxation of H there.
CrossingStep without_fills(const CrossingStep& h) {
  CrossingStep u = h;
  for (const auto& [x, y] : h.need_sign)
    for (int16_t& s : u.src)
      if (s == y) s = -1, u.zeros = true;
  u.need_sign.clear();
  return u;
}

// A register's bytes as the Programs below see them: a label (input * 256 + byte, the goal's),
// kZeroByte, or a label's sign fill (filled(label): no input's byte, below kFilled).
using Content = std::array<int, kBytes>;
constexpr int kFilled = -1024;
int filled(int v) { return v >= 0 ? kFilled - v : v; }  // (a zero's fill is a zero; a fill's, itself)

Content input_content(unsigned in) {
  Content c;
  for (unsigned j = 0; j < kBytes; ++j) c[j] = int(in * 256 + j);
  return c;
}
// A byte map step on x (and y, its second argument).
Content applied(const CrossingStep& st, const Content& x, const Content& y) {
  Content out;
  for (unsigned q = 0; q < kBytes; ++q) {
    const int s = st.src[q];
    if (s < 0) {
      out[q] = kZeroByte;
      continue;
    }
    const int v = ((s & kMask) / 256 ? y : x)[size_t((s & kMask) % 256)];
    out[q] = s & ~kMask ? filled(v) : v;
  }
  return out;
}
// What a byte map step's argument must hold for its result to hold `want` (labels, kAnyByte,
// kZeroByte); nullopt where it cannot.
std::optional<std::vector<int>> pulled_back(const CrossingStep& st, const std::vector<int>& want) {
  std::vector<int> r(kBytes, kAnyByte);
  for (unsigned q = 0; q < kBytes; ++q) {
    if (want[q] == kAnyByte) continue;
    const int s = st.src[q];
    if (s < 0) {
      if (want[q] != kZeroByte) return std::nullopt;
      continue;
    }
    if (s & ~kMask) return std::nullopt;  // (a sign fill is no goal byte)
    int& at = r[size_t((s & kMask) % 256)];
    if (at != kAnyByte && at != want[q]) return std::nullopt;
    at = want[q];
  }
  return r;
}

// A mover's byte map by place: where the byte at place u may be after it (fwd[u], each result
// place that reads u) and the places whose byte it puts at place v (back[v]).
struct MoverMap {
  const CrossingStep* step;
  std::array<Places, kBytes> fwd{}, back{};
  explicit MoverMap(const CrossingStep& m) : step(&m) {
    for (unsigned q = 0; q < m.src.size() && q < kBytes; ++q)
      if (const int s = source_byte(m.src[q]); s >= 0) fwd[size_t(s)] |= Places(1) << q, back[q] |= Places(1) << s;
  }
  static Places through(const std::array<Places, kBytes>& map, Places u) {
    Places out = 0;
    for (; u; u &= u - 1) out |= map[size_t(std::countr_zero(u))];
    return out;
  }
};
// Up to two movers (as many as reach follows), held inline: the argument runs through thousands
// of mover sets a proof, and allocating each was a tenth of its time.
class Movers {
 public:
  Movers() = default;
  Movers(std::initializer_list<const MoverMap*> ms) {
    for (const MoverMap* m : ms) push_back(m);
  }
  void push_back(const MoverMap* m) {
    if (n_ == at_.size()) throw std::logic_error("one_crossing: more than two movers");
    at_[n_++] = m;
  }
  size_t size() const { return n_; }
  bool empty() const { return n_ == 0; }
  const MoverMap* operator[](size_t i) const { return at_[i]; }
  const MoverMap* const* begin() const { return at_.data(); }
  const MoverMap* const* end() const { return at_.data() + n_; }

 private:
  std::array<const MoverMap*, 2> at_{};
  size_t n_ = 0;
};

// The places a byte at `start` can reach through the movers (each at most once, any order), or,
// backwards, the places from which the movers can bring a byte to `start`.
Places reach(const Movers& movers, Places start, bool forwards) {
  auto step = [&](const MoverMap* m, Places u) { return MoverMap::through(forwards ? m->fwd : m->back, u); };
  Places all = start;
  if (movers.size() >= 1) {
    const Places one = step(movers[0], start);
    all |= one;
    if (movers.size() == 2) {
      const Places two = step(movers[1], start);
      all |= two | step(movers[1], one) | step(movers[0], two);
    }
  }
  return all;
}

// The places a byte at `from` can reach through the steps of `set`, each at most once, in any
// order.
Places reach_any(const std::vector<const CrossingStep*>& set, unsigned from) {
  Places all = 0;
  auto go = [&](auto&& self, Places at, unsigned used) -> void {
    all |= at;
    for (unsigned i = 0; i < set.size(); ++i) {
      if (used >> i & 1) continue;
      Places next = 0;
      for (unsigned q = 0; q < kBytes; ++q)
        if (const int s = source_byte(set[i]->src[q]); s >= 0 && (at >> s & 1)) next |= Places(1) << q;
      if (next) self(self, next, used | 1u << i);
    }
  };
  go(go, Places(1) << from, 0);
  return all;
}

Places into(const CrossingStep& h, Places from, Places to);

// What a join of the two inputs (input 0 and input 1, nothing before them) may hold at each
// place: a few values each (a label, kZeroByte), as its instructions can make them there.
struct Join {
  std::array<std::array<int, 3>, kBytes> v;
  bool may(unsigned q, int value) const { return std::find(v[q].begin(), v[q].end(), value) != v[q].end(); }
  // The value a fixed step of one register puts at q when it reads input `in`.
  static int fixed(const CrossingStep& z, unsigned in, unsigned q) {
    const int s = z.src[q];
    return s < 0 ? kZeroByte : (s & ~kMask) ? kNone : int(in * 256 + unsigned(s % 256));
  }
  // A mixer of the inputs (input `first` its first argument), or a variable blend: either
  // input's byte in place.
  static Join mixed(const CrossingStep& j, unsigned first) {
    Join x;
    for (unsigned q = 0; q < kBytes; ++q) {
      x.v[q].fill(kNone);
      if (j.programmable) {
        x.v[q][0] = int(q), x.v[q][1] = int(256 + q);
        continue;
      }
      const int s = j.src[q];
      x.v[q][0] = s < 0 ? kZeroByte : (s & ~kMask) ? kNone : int(((s & kMask) / 256 == 0 ? first : 1 - first) * 256 + unsigned(s % 256));
    }
    return x;
  }
  // por of za on input 0 and zb on input 1: each one's byte where the other is zero.
  static Join ored(const CrossingStep& za, const CrossingStep& zb) {
    Join x;
    for (unsigned q = 0; q < kBytes; ++q) {
      x.v[q].fill(kNone);
      const int a = za.programmable ? int(q) : fixed(za, 0, q), b = zb.programmable ? int(256 + q) : fixed(zb, 1, q);
      const bool a0 = za.programmable || a == kZeroByte, b0 = zb.programmable || b == kZeroByte;  // (a mask may zero)
      unsigned n = 0;
      if (b0 && a >= 0) x.v[q][n++] = a;
      if (a0 && b >= 0) x.v[q][n++] = b;
      if (a0 && b0) x.v[q][n++] = kZeroByte;
    }
    return x;
  }
  static constexpr int kNone = -9;
};

// Where the movers can take a byte H moves: `pre`, the places it may have in H's argument;
// `post`, the places of H's result from which they bring it to its goal place. A mover is one
// instruction: before H (H reads what it makes) or after it, for every byte; `after` says which
// movers are after (bit i, movers[i]).
struct Reach {
  Places pre, post;
};
// (Into `r`, whose storage is reused.)
void reaches(const Movers& movers, unsigned after, const std::vector<Crossing>& bytes, std::vector<Reach>& r) {
  Movers before_h, after_h;
  for (size_t i = 0; i < movers.size(); ++i) (after >> i & 1 ? after_h : before_h).push_back(movers[i]);
  r.clear();
  for (const Crossing& c : bytes) r.push_back({reach(before_h, Places(1) << c.from, true), reach(after_h, Places(1) << c.to, false)});
}

// Can H, with the movers around it, bring every byte it moves to its goal place? For a byte
// map: some result place that the movers after H take to the goal place reads a place that the
// movers before H take the byte to. For a table lookup: each such byte at a place of its own
// in H's argument (a matching), from which the lookup's blocks and elements can reach such a
// result place.
bool fits_one(const CrossingStep& h, const std::vector<Reach>& reach, const std::vector<Crossing>& bytes) {
  if (!h.programmable) {
    for (const Reach& r : reach) {
      bool ok = false;
      for (Places post = r.post & ((Places(1) << kBytes) - 1); post && !ok; post &= post - 1)
        if (const int s = source_byte(h.src[size_t(std::countr_zero(post))]); s >= 0) ok = r.pre >> s & 1;
      if (!ok) return false;
    }
    return true;
  }
  if (!h.table || h.tables != 1) return true;  // (not analysed: assume it fits)
  PlaceMatching m;
  for (size_t i = 0; i < bytes.size(); ++i) {
    // (Each goal place needs a place of its own byte that H reaches it from: a byte wanted twice
    // may sit at two places, but not at none for one of them.)
    const Places at = into(h, reach[i].pre, reach[i].post);
    if (!at) return false;
    m.add(bytes[i].label, at);
  }
  return m.complete(kBytes);
}

// The same for some placing of the movers before and after H.
bool fits(const CrossingStep& h, const std::vector<std::vector<Reach>>& sides, const std::vector<Crossing>& bytes) {
  for (const std::vector<Reach>& r : sides)
    if (fits_one(h, r, bytes)) return true;
  return false;
}

// A whole byte lookup H (pshufb: any arrangement of its argument's bytes and zeros) with one
// mover M and light instructions besides that cost less than a room (at most two of them), all
// of which keep bytes in place and choose between their arguments in blocks of `block` bytes
// (blends; an or of such contents, whose zeros come in those blocks or from M's fill, takes a
// block from one side too). The shapes:
// - H last: its argument holds every goal byte; it is made of up to three sources (a join for
//   each beyond the first), each block from one: the inputs, M of an input, or M of a join J of
//   the inputs beside J or an input;
// - a light instruction last (or two): each goal byte comes from H (a byte of its argument) or
//   sits in place in a content the others make (an input, M of one, M of a join), or M comes
//   after a join of H's value with an input (M's value: H's bytes or M's of that input's);
// - M last, or a zero-making instruction last: the goal pulled back through it, the rest as above.
// A lookup right after or right before a one-register instruction does what a lookup alone does.
// Each light is priced: a zero-maker or a join by its own cost, any other two-register light at
// `join`, the cheapest (an or, a blend); SSSE3's mask is a pand with its load (0.5), not 0.33.
// Returns true when some Program of these shapes may make the goal (a relaxation of each).
class LookupWithMover {
 public:
  // A blend with the zero register: it keeps whole blocks of `bytes` of one register, zeroes the
  // rest (at its cost and the zero register's).
  struct BlockMask {
    unsigned bytes;
    double cost;
  };
  LookupWithMover(const MoverMap& m, std::vector<const CrossingStep*> joins, std::vector<const CrossingStep*> zeroing,
                  unsigned block, double join, bool blends, std::vector<BlockMask> masks)
      : m_(m), joins_(std::move(joins)), zeroing_(std::move(zeroing)), block_(block), join_(join), blends_(blends),
        masks_(std::move(masks)) {
    for (unsigned in = 0; in < 2; ++in) {
      leaf_[in] = input_content(in);
      moved_[in] = applied(*m_.step, leaf_[in], leaf_[in]);
    }
    for (const CrossingStep* j : joins_)
      for (unsigned first = 0; first < 2; ++first) {
        const Content joined = applied(*j, leaf_[first], leaf_[1 - first]);
        joined_.push_back(joined);
        moved_joins_.push_back(applied(*m_.step, joined, joined));
      }
  }

  // `want`: per place a label, kAnyByte or kZeroByte (a lookup makes zeros); `room`: what the
  // lights may cost together (less than it).
  bool may(const std::vector<int>& want, double room, bool mover) const {
    if (lookup_last(want, room, mover) || light_last(want, room, mover)) return true;
    for (const CrossingStep* z : zeroing_)
      if (z->cost < room)
        if (auto w = pulled_back(*z, want); w && may(*w, room - z->cost, mover)) return true;
    // A block mask last: the one that zeroes every block wanting zeros and no label frees most.
    for (const BlockMask& k : masks_) {
      if (k.cost >= room) continue;
      std::vector<int> w = want;
      bool freed = false;
      for (unsigned b = 0; b < kBytes; b += k.bytes) {
        const auto first = want.begin() + b, last = first + k.bytes;
        if (std::any_of(first, last, [](int g) { return g >= 0; }) || std::none_of(first, last, [](int g) { return g == kZeroByte; }))
          continue;
        std::fill(w.begin() + b, w.begin() + b + k.bytes, kAnyByte);
        freed = true;
      }
      if (freed && may(w, room - k.cost, mover)) return true;
    }
    if (mover)
      if (auto w = pulled_back(*m_.step, want); w && may(*w, room, false)) return true;
    return false;
  }

 private:
  // Bytes of the sources by block: can some choice of one source per block hold every label
  // in `need`?
  using Sources = std::array<const Content*, 3>;
  bool covers(const Sources& sources, unsigned n, uint64_t need) const {
    if (!need) return true;
    if (block_ == 1) {  // each byte from any source: distinct places for the labels
      PlaceMatching mt;
      for (unsigned l = 0; l < 64; ++l) {
        if (!(need >> l & 1)) continue;
        Places at = 0;
        for (unsigned i = 0; i < n; ++i)
          for (unsigned j = 0; j < kBytes; ++j)
            if ((*sources[i])[j] >= 0 && label_index((*sources[i])[j]) == int(l)) at |= Places(1) << j;
        mt.add(int(l), at);
      }
      return mt.complete(kBytes);
    }
    const unsigned blocks = kBytes / block_;
    std::array<std::array<uint64_t, 3>, kBytes> has{};
    uint64_t any = 0;
    for (unsigned b = 0; b < blocks; ++b)
      for (unsigned i = 0; i < n; ++i) {
        uint64_t l = 0;
        for (unsigned j = b * block_; j < (b + 1) * block_; ++j)
          if ((*sources[i])[j] >= 0) l |= uint64_t(1) << label_index((*sources[i])[j]);
        has[b][i] = l & need;
        any |= l;
      }
    if ((any & need) != need) return false;
    // Depth-first over the blocks, a block's choices in turn.
    auto go = [&](auto&& self, unsigned b, uint64_t got) -> bool {
      if ((got & need) == need) return true;
      if (b == blocks) return false;
      for (unsigned i = 0; i < n; ++i)
        if (self(self, b + 1, got | has[b][i])) return true;
      return false;
    };
    return go(go, 0, 0);
  }
  // The source sets H's argument may be made of with lights costing less than `room` (and M if
  // `mover`): each calls f(sources, count). Each source beyond the first takes a join.
  template <class F>
  bool each_argument(double room, bool mover, F&& f) const {
    std::array<const Content*, 4> plain = {&leaf_[0], &leaf_[1], &moved_[0], &moved_[1]};
    const size_t n = mover ? 4 : 2;
    // Sources of the inputs and M of one, M at most once.
    for (size_t i = 0; i < n; ++i) {
      if (f(Sources{plain[i]}, 1)) return true;
      for (size_t j = i + 1; j < n && join_ < room; ++j) {
        if (i >= 2 && j >= 2) continue;  // (one M)
        if (f(Sources{plain[i], plain[j]}, 2)) return true;
        for (size_t l = j + 1; l < n && 2 * join_ < room; ++l) {
          if ((i >= 2) + (j >= 2) + (l >= 2) > 1) continue;
          if (f(Sources{plain[i], plain[j], plain[l]}, 3)) return true;
        }
      }
    }
    // M of a join (its light instruction), alone or beside the join or an input.
    if (mover)
      for (size_t i = 0; i < joined_.size(); ++i) {
        const double c = joins_[i / 2]->cost;
        if (c >= room) continue;
        if (f(Sources{&moved_joins_[i]}, 1)) return true;
        if (c + join_ < room)
          for (const Content* other : {&joined_[i], &leaf_[0], &leaf_[1]})
            if (f(Sources{&moved_joins_[i], other}, 2)) return true;
      }
    return false;
  }
  bool lookup_last(const std::vector<int>& want, double room, bool mover) const {
    uint64_t need = 0;
    for (int g : want)
      if (g >= 0) need |= uint64_t(1) << label_index(g);
    return each_argument(room, mover, [&](const Sources& src, unsigned n) { return covers(src, n, need); });
  }
  // A light instruction last: each goal byte from H or in place in a content the others make.
  // With one light instruction after H, the result joins H's value with one content (made with
  // the lights left, and X with the rest); with two, with two contents (the inputs or M's). A
  // blend takes whole blocks of block_ bytes, each goal byte of the block in place in the content;
  // an or takes single bytes, of a content whose every other byte is a zero (H makes zeros where it
  // takes them). The rest comes from H. (A light after H on H's value alone, a zero-maker or M,
  // only narrows what H brings.) Without blends (SSSE3) every join is an or: a content with a
  // stray byte gives nothing, and two contents join byte by byte, each byte where the other's is
  // a zero.
  bool light_last(const std::vector<int>& want, double room, bool mover) const {
    if (join_ >= room) return false;
    Places labels = 0;
    for (unsigned q = 0; q < kBytes; ++q)
      if (want[q] >= 0) labels |= Places(1) << q;
    const Places block = (Places(1) << block_) - 1;
    // Where content c holds the goal's byte in place, and where a stray one (neither the goal's
    // nor a zero).
    struct Fit {
      Places in_place = 0, stray = 0;
    };
    auto fit = [&](const Content& c) {
      Fit f;
      for (unsigned q = 0; q < kBytes; ++q) {
        if (want[q] == kAnyByte || c[q] == want[q]) f.in_place |= Places(1) << q;
        else if (c[q] != kZeroByte) f.stray |= Places(1) << q;
      }
      return f;
    };
    auto whole_blocks = [&](const Fit& f) {
      Places g = 0;
      for (unsigned b = 0; b < kBytes && blends_; b += block_)
        if ((f.in_place >> b & block) == block) g |= block << b;
      return g;
    };
    // The goal's places content c can give: by a blend (whole blocks in place) or by an or (no
    // stray byte anywhere).
    auto gives = [&](const Content& c) {
      const Fit f = fit(c);
      return ((f.stray ? 0 : f.in_place) | whole_blocks(f)) & labels;
    };
    // (X may read M's value too, made once: M stays X's to use.) `spent`: the lights' cost
    // beside X's, the last one included.
    auto from_h = [&](Places covered, double spent) {
      // (Nothing covered: lookup_last, with more room, tried that.)
      if (spent >= room || !(covered & labels)) return false;
      uint64_t need = 0;
      for (unsigned q = 0; q < kBytes; ++q)
        if ((labels & ~covered) >> q & 1) need |= uint64_t(1) << label_index(want[q]);
      return each_argument(room - spent, mover, [&](const Sources& src, unsigned n) { return covers(src, n, need); });
    };
    std::array<const Content*, 4> base = {&leaf_[0], &leaf_[1], &moved_[0], &moved_[1]};
    const size_t n = mover ? 4 : 2;
    for (size_t i = 0; i < n; ++i)
      if (from_h(gives(*base[i]), join_)) return true;
    // M after a join of H's value with an input c, then the last light with an input d: M's value
    // holds, place by place, a byte of H's (M after H is a lookup too) or of M's of c, where the
    // join took c's (its blocks shifted by M: taken byte by byte), but a zero or a sign fill where
    // M makes one; the last light takes d's as above, and every goal byte M's value cannot hold.
    if (mover) {
      if (m_.step->src.size() != kBytes) return true;  // (not analysed)
      Places filled = 0;
      for (unsigned q = 0; q < kBytes; ++q)
        if (const int s = m_.step->src[q]; s < 0 || (s & ~kMask)) filled |= Places(1) << q;
      const Places moved_in_place[2] = {fit(moved_[0]).in_place, fit(moved_[1]).in_place};
      for (unsigned d = 0; d < 2; ++d) {
        const Places from_d = gives(leaf_[d]);
        if (labels & filled & ~from_d) continue;
        for (Places from_c : moved_in_place)
          if (from_h((from_c | from_d) & labels, 2 * join_)) return true;
      }
      // The last light with the join itself (blendps of J and M of J, J a join of H's value and
      // c): each block of the result from J (c's bytes in place, or H's) or from M's value (M of
      // c's in place, or H's; no label where M fills), a block one or the other under a blend (the
      // blocks where neither gives all the other does tried both ways); byte by byte under an or.
      for (unsigned c = 0; c < 2; ++c) {
        const Places from_j = fit(leaf_[c]).in_place & labels, from_m = moved_in_place[c] & labels;
        if (!blends_ || block_ == 1) {
          if (from_h(from_j | from_m, 2 * join_)) return true;
          continue;
        }
        Places fixed = 0;
        std::array<std::pair<Places, Places>, kBytes / 2> open;  // per block either way: what J gives, what M's gives
        size_t opened = 0;
        for (unsigned b = 0; b < kBytes; b += block_) {
          const Places j = from_j & block << b, m = from_m & block << b;
          if ((labels & filled & block << b) || !(m & ~j)) fixed |= j;
          else if (!(j & ~m)) fixed |= m;
          else open[opened++] = {j, m};
        }
        for (uint32_t way = 0; way < (uint32_t(1) << opened); ++way) {
          Places covered = fixed;
          for (size_t i = 0; i < opened; ++i) covered |= way >> i & 1 ? open[i].second : open[i].first;
          if (from_h(covered, 2 * join_)) return true;
        }
      }
    }
    // One content made with one light: a zero-maker on an input or M's, M on a zero-maker's, M on
    // a join; then two contents of no light, or a join of them, each block from one.
    for (const Made& c : one_light())
      if ((mover || !c.moved) && from_h(gives(c.c), join_ + c.cost)) return true;
    // A block mask on an input, or on M's, or M on a masked input: of each such content the one
    // that zeroes exactly the blocks where (after M) a byte would be stray gives the most (a
    // block without a stray gives all it holds in place; zeroed, no more).
    auto stray = [&](int v, unsigned q) { return v != kZeroByte && want[q] != kAnyByte && v != want[q]; };
    for (const BlockMask& k : masks_) {
      if (join_ + k.cost >= room) continue;
      auto masked = [&](const Content& c, const auto& bad) {
        Content r = c;
        for (unsigned b = 0; b < kBytes; b += k.bytes) {
          bool zero = false;
          for (unsigned q = b; q < b + k.bytes; ++q) zero = zero || bad(q);
          if (zero) std::fill(r.begin() + b, r.begin() + b + k.bytes, kZeroByte);
        }
        return r;
      };
      // (Where nothing is stray the content unmasked gave as much for less.)
      auto strays = [&](const Content& c) {
        Places at = 0;
        for (unsigned q = 0; q < kBytes; ++q)
          if (stray(c[q], q)) at |= Places(1) << q;
        return at;
      };
      // Under a last blend, which takes whole blocks of block_, a stray byte matters only in a
      // block it takes: per block of the result, the mask that zeroes just what that block wants
      // zero (and holds another byte) may leave the rest of it in place (zeroing every stray
      // block of x may take a byte another block needs: pshufb of a, then a blend with b masked
      // by a blend with zero and shifted). Each block so in place under its own mask: a
      // relaxation (one mask serves them all in a Program). `after`: what the mask's content
      // becomes (M of it, or itself), `source(q)`: the place of x whose byte `after` takes to q.
      auto blend_blocks = [&](const Content& x, const auto& after, const auto& source) {
        Places in_place = 0;
        if (!blends_) return in_place;
        const Content plain = after(x);
        for (unsigned b = 0; b < kBytes; b += block_) {
          Places bad = 0;
          bool fixable = true;
          for (unsigned q = b; q < b + block_ && fixable; ++q)
            if (stray(plain[q], q) || (want[q] >= 0 && plain[q] != want[q])) {
              fixable = want[q] == kZeroByte && source(q) >= 0;
              if (fixable) bad |= Places(1) << source(q);
            }
          if (!fixable) continue;
          if (!bad) {  // (in place as it is: the mask keeps it)
            in_place |= block << b;
            continue;
          }
          const Content r = after(masked(x, [&](unsigned s) { return (bad >> s & 1) != 0; }));
          bool all = true;
          for (unsigned q = b; q < b + block_; ++q) all = all && (want[q] == kAnyByte || r[q] == want[q]);
          if (all) in_place |= block << b;
        }
        return in_place;
      };
      auto itself = [](const Content& c) { return c; };
      auto here = [](unsigned q) { return int(q); };
      auto through_m = [&](const Content& c) { return applied(*m_.step, c, c); };
      auto m_source = [&](unsigned q) { const int src = m_.step->src[q]; return src < 0 ? -1 : (src & kMask) % 256; };
      for (unsigned in = 0; in < 2; ++in) {
        const Content& x = leaf_[in];
        if (const Places at = strays(x); at && from_h(gives(masked(x, [&](unsigned q) { return (at >> q & 1) != 0; })) |
                                                           (blend_blocks(x, itself, here) & labels),
                                                       join_ + k.cost))
          return true;
        if (!mover) continue;
        const Content& mx = moved_[in];
        const Places at = strays(mx);
        if (!at) continue;
        if (from_h(gives(masked(mx, [&](unsigned q) { return (at >> q & 1) != 0; })) | (blend_blocks(mx, itself, here) & labels),
                   join_ + k.cost))
          return true;
        // (A byte of x is bad where M takes it, or its sign fill, to a place it is stray at.)
        Places bad = 0;
        for (unsigned q = 0; q < kBytes; ++q)
          if (const int src = m_.step->src[q]; src >= 0 && (at >> q & 1)) bad |= Places(1) << ((src & kMask) % 256);
        const Content z = masked(x, [&](unsigned s) { return (bad >> s & 1) != 0; });
        if (from_h(gives(applied(*m_.step, z, z)) | (blend_blocks(x, through_m, m_source) & labels), join_ + k.cost)) return true;
      }
    }
    // Two contents joined, then the last light: J an or of them (byte by byte), or a blend of
    // them (block by block), under which a last blend takes whole blocks in place from either
    // and a last or needs every block of J stray-free in the content it takes.
    for (size_t i = 0; i < n; ++i)
      for (size_t l = i + 1; l < n; ++l) {
        if (i >= 2 && l >= 2) continue;
        if (from_h(gives(ored(*base[i], *base[l])), 2 * join_)) return true;
        if (!blends_) continue;
        const Fit fx = fit(*base[i]), fy = fit(*base[l]);
        if (from_h((whole_blocks(fx) | whole_blocks(fy)) & labels, 2 * join_)) return true;
        Places by_or = 0;
        bool every = true;
        for (unsigned b = 0; b < kBytes && every; b += block_) {
          const bool x_ok = !(fx.stray >> b & block), y_ok = !(fy.stray >> b & block);
          every = x_ok || y_ok;
          by_or |= ((x_ok ? fx.in_place : 0) | (y_ok ? fy.in_place : 0)) & (block << b);
        }
        if (every && from_h(by_or & labels, 2 * join_)) return true;
      }
    return false;
  }

  // An or of two contents: each byte where the other's is a zero or the same (else a stray).
  static Content ored(const Content& x, const Content& y) {
    Content r;
    for (unsigned q = 0; q < kBytes; ++q) r[q] = x[q] == kZeroByte || x[q] == y[q] ? y[q] : y[q] == kZeroByte ? x[q] : kStray;
    return r;
  }
  static constexpr int kStray = -7;  // (no label, zero or fill)
  struct Made {
    Content c;
    bool moved;  // it takes M
    double cost;  // its light's
  };
  // The contents one light instruction makes for light_last (beside the joins of two of the
  // inputs and M's, which it takes block by block), built on first use.
  const std::vector<Made>& one_light() const {
    if (one_light_built_) return one_light_;
    for (const CrossingStep* z : zeroing_)
      for (unsigned in = 0; in < 2; ++in) {
        const Content zx = applied(*z, leaf_[in], leaf_[in]);
        one_light_.push_back({zx, false, z->cost});
        one_light_.push_back({applied(*m_.step, zx, zx), true, z->cost});
        one_light_.push_back({applied(*z, moved_[in], moved_[in]), true, z->cost});
      }
    for (size_t i = 0; i < moved_joins_.size(); ++i) one_light_.push_back({moved_joins_[i], true, joins_[i / 2]->cost});
    one_light_built_ = true;
    return one_light_;
  }
  const MoverMap& m_;
  std::vector<const CrossingStep*> joins_, zeroing_;
  mutable std::vector<Made> one_light_;
  mutable bool one_light_built_ = false;
  unsigned block_;
  double join_;  // the cheapest two-register light
  bool blends_;   // some join takes blocks in place (a blend), not only an or
  std::vector<BlockMask> masks_;
  Content leaf_[2], moved_[2];
  std::vector<Content> joined_, moved_joins_;
};

// A whole byte lookup H (pshufb: any arrangement of its argument's bytes and zeros) with no
// mover: every other instruction keeps each byte at its place, so each value is, place by place,
// a byte of the inputs, of H's value, or a zero. A goal byte comes from H, which needs it in its
// argument x at its input place, or, where it is in place in its input, from that input (or from
// x, when x holds it there). x joins the inputs where H needs both; the result joins H's value
// with the inputs (or x) its in-place bytes come from. Each join is priced at the cheapest way to
// make its pattern: a blend whose pattern fits, a variable blend, two blends (any pattern), or an
// or with a mask on each side that has no zeros (H makes its own; the inputs have none; x is
// taken to have them where it may). A relaxation: least() is no more than any such Program costs
// besides H.
class LookupWithJoins {
 public:
  struct Blend {
    Places first, second;  // the places it takes from its first and second argument
    double cost;
    bool zeros;  // it zeroes the other places
  };
  struct Lights {
    std::vector<Blend> blends;
    double blend = kInfCost, any = kInfCost;  // the cheapest blend; a variable blend
    double join = kInfCost;                   // the cheapest or or blend
    double mask = kInfCost;                   // the cheapest instruction that makes a zero
  };
  explicit LookupWithJoins(Lights l) : l_(std::move(l)) {}

  double least(const std::vector<int>& goal) const {
    std::vector<unsigned> in_place;  // goal places whose byte is in place in its input
    for (unsigned j = 0; j < kBytes; ++j)
      if (goal[j] >= 0 && unsigned(goal[j] % 256) == j) in_place.push_back(j);
    if (in_place.size() > 12) return 0;  // (not enumerated)
    double best = kInfCost;
    for (uint32_t routed = 0; routed < (uint32_t(1) << in_place.size()); ++routed) {
      // Bytes of `routed` come in place; the rest through H.
      Places need[2] = {0, 0}, from_h = 0, kept[2] = {0, 0};
      bool ok = true;
      for (unsigned j = 0; j < kBytes && ok; ++j) {
        const int g = goal[j];
        if (g == kAnyByte) continue;
        if (g == kZeroByte) {
          from_h |= Places(1) << j;
          continue;
        }
        const auto at = std::find(in_place.begin(), in_place.end(), j);
        const unsigned in = unsigned(g / 256);
        if (at != in_place.end() && (routed >> (at - in_place.begin()) & 1)) {
          kept[in] |= Places(1) << j;
          continue;
        }
        from_h |= Places(1) << j;
        need[in] |= Places(1) << (g % 256);
        ok = !(need[0] & need[1]);
      }
      if (!ok) continue;
      const double x = joined(need[0], need[1], true);
      double c = kInfCost;
      if (!kept[0] && !kept[1]) c = x;  // the result is H's
      else {
        // The kept bytes from x (its pattern grows by them), then one join with H's value.
        // x without zeros (a blend of the inputs, or an input) takes a join that makes its own
        // zeros or fits the pattern; x made with zeros, an or.
        const Places wa = need[0] | kept[0], wb = need[1] | kept[1];
        if (!(wa & wb))
          c = std::min(joined(wa, wb, true, false) + joined(from_h, kept[0] | kept[1], false),
                       wa && wb ? joined(wa, wb, true, true) + l_.join : kInfCost);
        // From the inputs: a join with each.
        double leaves = x;
        Places left = from_h;
        for (unsigned in = 0; in < 2; ++in)
          if (kept[in]) leaves += joined(left, kept[in], false), left |= kept[in];
        c = std::min({c, leaves, x + 2 * l_.join});  // (some from x, some from an input: two joins)
      }
      best = std::min(best, c);
    }
    return best;
  }

 private:
  // The least a join costs that takes `first` from one value and `second` from another, the
  // second without zeros, the first too where `both_full` (else it may make its own). `zeros`:
  // only the ways that may leave zeros elsewhere (an or of masked values, a blend with zeros);
  // else all ways.
  double joined(Places first, Places second, bool both_full, bool zeros = false) const {
    if (!first || !second) return zeros ? kInfCost : 0;
    double c = l_.join + l_.mask * (both_full ? 2 : 1);
    if (!zeros) c = std::min({c, l_.any, 2 * l_.blend});
    for (const Blend& b : l_.blends)
      if ((!zeros || b.zeros) &&
          (((first & ~b.first) == 0 && (second & ~b.second) == 0) || ((first & ~b.second) == 0 && (second & ~b.first) == 0)))
        c = std::min(c, b.cost);
    return c;
  }
  Lights l_;
};

// The places of `from` from which a lookup can bring a byte to one of `to`.
Places into(const CrossingStep& h, Places from, Places to) {
  Places here = 0;
  for (unsigned x = 0; x < kBytes; ++x) {
    if (!(from >> x & 1)) continue;
    for (unsigned q = 0; q < kBytes; ++q)
      if ((to >> q & 1) && x % h.elem_bytes == q % h.elem_bytes && x / h.block_bytes == q / h.block_bytes) here |= Places(1) << x;
  }
  return here;
}

// Does some Program of exactly these instructions (each at most once, the goal the last one's
// result; arguments the inputs, a zero register or earlier results) make the goal? H's arguments
// are contents the movers make of the leaves, and after H a chain of the others (one-register
// movers; with a mover of two registers it may be: true). H a byte map (a pack's condition is
// taken to hold) or a table lookup of one register (each byte from a place its blocks reach; a
// pshufb and two shifts of one input are no two-input shuffle): a relaxation, never false where
// such a Program exists.
bool makes(const CrossingStep& h, const std::vector<const CrossingStep*>& ms, const std::vector<int>& goal) {
  if (h.programmable && !(h.table && h.tables == 1 && h.arity == 1)) return true;  // (not analysed)
  for (const CrossingStep* m : ms)
    if (m->arity != 1) return true;
  unsigned inputs = 2;
  for (int g : goal)
    if (g >= 0) inputs = std::max(inputs, unsigned(g / 256) + 1);
  // The contents the movers make of the leaves, each with the movers it took in order (each
  // mover is one instruction: two contents share one only as the same first steps of one leaf).
  struct Made {
    Content c;
    int leaf;
    std::array<int, 2> chain{-1, -1};
    unsigned used = 0;  // bit i: ms[i]
  };
  std::vector<Made> made;
  for (unsigned i = 0; i < inputs; ++i) made.push_back({input_content(i), int(i)});
  Content zero;
  zero.fill(kZeroByte);
  made.push_back({zero, int(inputs)});
  const size_t leaves = made.size();
  auto apply = [](const CrossingStep& m, const Content& x) { return applied(m, x, x); };
  for (size_t i = 0; i < ms.size(); ++i)
    for (size_t l = 0; l < leaves; ++l) {
      const Content once = apply(*ms[i], made[l].c);
      made.push_back({once, int(l), {int(i), -1}, 1u << i});
      if (ms.size() == 2) made.push_back({apply(*ms[1 - i], once), int(l), {int(i), int(1 - i)}, 3u});
    }
  auto together = [](const Made& x, const Made& y) {
    const unsigned shared = x.used & y.used;
    if (!shared) return true;
    // The shared movers: the first steps of both, on one leaf.
    const unsigned k = unsigned(std::popcount(shared));
    if (x.leaf != y.leaf) return false;
    for (unsigned i = 0; i < k; ++i)
      if (x.chain[i] != y.chain[i]) return false;
    return true;
  };
  // The goal pulled back through a chain of movers after H: what H's result must hold, and the
  // movers that took (none of them before H).
  using Want = std::vector<int>;
  std::vector<std::pair<Want, unsigned>> wants = {{goal, 0u}};
  for (size_t i = 0; i < ms.size(); ++i)
    if (auto w = pulled_back(*ms[i], goal)) {
      wants.push_back({*w, 1u << i});
      if (ms.size() == 2)
        if (auto w2 = pulled_back(*ms[1 - i], *w)) wants.push_back({*w2, 3u});
    }
  // A table lookup of one register holds a want when one made content has each of its bytes
  // where the lookup can take it from (and a zero where it makes none).
  if (h.programmable) {
    for (const auto& [w, after] : wants)
      for (const Made& m : made) {
        if (m.used & after) continue;
        bool all = true;
        for (unsigned q = 0; q < kBytes && all; ++q) {
          if (w[q] == kAnyByte || (w[q] == kZeroByte && h.zeros)) continue;
          Places at = 0;
          for (unsigned x = 0; x < kBytes; ++x)
            if (m.c[x] == w[q]) at |= Places(1) << x;
          all = into(h, at, Places(1) << q) != 0;
        }
        if (all) return true;
      }
    return false;
  }
  // A pack's element moves only where its conditions hold on the content (its high part zero,
  // or the sign fill of its top kept byte): else it saturates, no goal's byte.
  const unsigned element = 2 * std::max(1u, h.kept);
  auto unsaturated = [&](const Content& c, unsigned arg, unsigned byte) {
    auto of = [&](int at) { return unsigned(at / 256) == arg && unsigned(at % 256) / element == byte / element; };
    for (int z : h.need_zero)
      if (of(z) && c[size_t(z % 256)] != kZeroByte) return false;
    for (const auto& [x, y] : h.need_sign)
      if (of(y) && c[size_t(x % 256)] != filled(c[size_t(y % 256)])) return false;
    return true;
  };
  // Does content m, as H's argument `arg`, hold what H reads of it for want w?
  auto holds = [&](const Want& w, unsigned arg, const Made& m) {
    for (unsigned q = 0; q < kBytes; ++q) {
      if (w[q] == kAnyByte) continue;
      const int s = h.src[q];
      if (s < 0) {
        if (w[q] != kZeroByte) return false;
        continue;
      }
      if (unsigned((s & kMask) / 256) != arg) continue;
      const unsigned at = unsigned(s & kMask) % 256;
      if ((s & ~kMask) || m.c[at] != w[q] || !unsaturated(m.c, arg, at)) return false;
    }
    return true;
  };
  // H's result holds a want when its arguments are made contents holding what H reads, of
  // movers that can be in one Program with it.
  for (const auto& [w, after] : wants) {
    std::vector<const Made*> firsts;
    for (const Made& m : made)
      if (!(m.used & after) && holds(w, 0, m)) firsts.push_back(&m);
    if (h.arity == 1 && !firsts.empty()) return true;
    for (const Made& m : made)
      if (!(m.used & after) && holds(w, 1, m))
        for (const Made* f : firsts)
          if (together(*f, m)) return true;
  }
  return false;
}

// The fewest values a Program of H (a byte map), the movers and light instructions combines
// into its result. A light instruction keeps each byte at its place (or zeroes it), so each
// result byte is, at its place, a byte of an input or of one of those instructions' values; a
// value of several of them takes a two-register light instruction for each beyond the first
// (each joins two). Per goal byte, the values that may hold it: an input where it is in place;
// an instruction whose map reads, at its place, a place where an input or an earlier
// instruction may hold it (any order of H and the movers). The least set meeting every goal
// byte, over the orders; kNever where in every order some goal byte has no value to come from.
constexpr unsigned kNever = 99;
unsigned fewest_sources(const CrossingStep& h, const std::vector<const CrossingStep*>& ms, const std::vector<int>& goal) {
  std::vector<const CrossingStep*> steps = {&h};
  for (const CrossingStep* m : ms) {
    if (m->arity != 1 || m->programmable) return 1;  // (a mover that joins: not analysed)
    steps.push_back(m);
  }
  if (h.programmable) return 1;
  const unsigned n = unsigned(steps.size()), sources = 2 + n;
  auto bit = [](int label) { return uint32_t(1) << label_index(label); };  // (two inputs)
  std::vector<unsigned> order(n);
  for (unsigned i = 0; i < n; ++i) order[i] = i;
  unsigned best = kNever;
  do {
    // may[i][q]: the labels instruction order[i]'s value may hold at place q.
    std::vector<std::array<uint32_t, kBytes>> may(n);
    std::array<uint32_t, kBytes> before{};  // what the inputs and the earlier instructions may hold
    for (unsigned q = 0; q < kBytes; ++q) before[q] = bit(int(q)) | bit(int(256 + q));
    for (unsigned i = 0; i < n; ++i) {
      const CrossingStep& st = *steps[order[i]];
      for (unsigned q = 0; q < kBytes; ++q) {
        const int s = source_byte(st.src[q]);
        may[i][q] = s < 0 ? 0 : before[size_t(s)];
      }
      for (unsigned q = 0; q < kBytes; ++q) before[q] |= may[i][q];
    }
    // Per goal byte, the sources that may hold it: bit 0 and 1 the inputs, 2 + i the instructions.
    std::vector<uint32_t> options;
    bool all = true;
    for (unsigned j = 0; j < kBytes && all; ++j) {
      const int g = goal[j];
      if (g < 0) continue;  // (a zero: any light instruction may make it)
      uint32_t o = g % 256 == int(j) ? uint32_t(1) << (g / 256) : 0;
      for (unsigned i = 0; i < n; ++i)
        if (may[i][j] & bit(g)) o |= uint32_t(1) << (2 + i);
      all = o != 0;
      options.push_back(o);
    }
    if (!all) continue;
    for (uint32_t set = 1; set < (uint32_t(1) << sources); ++set) {
      if (unsigned(std::popcount(set)) >= best) continue;
      bool hits = true;
      for (uint32_t o : options) hits = hits && (o & set);
      if (hits) best = unsigned(std::popcount(set));
    }
  } while (std::next_permutation(order.begin(), order.end()));
  return best;
}

}  // namespace

bool one_crossing_rules_out(const CrossingProof& p, double below, unsigned levels) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  const double limit = below - kEps;
  const MostCounts& most = p.most;
  // (Two programmable instructions load two constants.)
  if (p.goal.size() != kBytes || !p.steps || (p.programmable_pair < limit && most.controls >= 2) || levels < 2) return false;
  std::vector<Crossing> bytes, stay;  // the goal bytes that change halves; the others
  unsigned inputs = 0;
  for (unsigned j = 0; j < kBytes; ++j) {
    const int g = p.goal[j];
    if (g < 0) continue;
    if (g >= 2 * 256) return false;  // (two inputs: the joins below are of two)
    if (unsigned(g % 256) / 8 == j / 8) {
      stay.push_back({unsigned(g % 256), j, g});
      continue;
    }
    bytes.push_back({unsigned(g % 256), j, g});
    inputs |= 1u << (g / 256);
  }
  // Every goal byte stays in its half: a Program may need no crossing instruction (below).
  const bool stays = bytes.empty();
  const bool reads_first = std::any_of(p.goal.begin(), p.goal.end(), [](int g) { return g >= 0 && g / 256 == 0; });
  const bool reads_both = reads_first && std::any_of(p.goal.begin(), p.goal.end(), [](int g) { return g >= 256; });
  double cross = inf, mix = inf, zero = inf, or_cost = inf, programmable = inf, two_input_programmable = inf;
  std::vector<const CrossingStep*> movers;
  for (const CrossingStep& s : *p.steps) {
    if (s.programmable) {
      programmable = std::min(programmable, s.cost);
      if (s.arity == 2) two_input_programmable = std::min(two_input_programmable, s.cost);
    }
    if (s.crossing) {
      cross = std::min(cross, s.cost);
      continue;
    }
    if (s.is_or) or_cost = std::min(or_cost, s.cost);
    else if (s.arity == 2) mix = std::min(mix, s.cost);  // a blend joins two registers' bytes
    if (s.zeros) zero = std::min(zero, s.cost);
    if (s.moves) {
      if (s.programmable) {
        if (s.cost + cross < limit && most.movers >= 1 && most.controls >= 1) return false;  // a light lookup: not analysed
        continue;
      }
      movers.push_back(&s);
    }
  }
  const double light = p.cheapest_reading;
  const std::optional<InPlaceLights> in_place = InPlaceLights::of(*p.steps);
  // Two crossing instructions and a third; three movers beside H: not enumerated below.
  if (2 * cross + light < limit && most.crossing >= 2) return false;
  std::stable_sort(movers.begin(), movers.end(), [](const CrossingStep* a, const CrossingStep* b) { return a->cost < b->cost; });
  if (!movers.empty() && cross + 3 * movers[0]->cost < limit && most.movers >= 3) return false;
  std::vector<MoverMap> maps;  // the movers a Program below the best can hold beside H
  for (const CrossingStep* m : movers)
    if (cross + m->cost + light < limit && most.movers >= 1) maps.emplace_back(*m);
  // Where every goal byte stays in its half, Programs of light instructions alone (tried last,
  // the dearest check): for each set of up to three movers that can bring every goal byte to its
  // place (each mover once, in some order), those of the set and in-place lights, tried whole,
  // up to kMostLightOnly instructions. (Four movers: not enumerated.)
  auto light_only_ruled_out = [&]() {
    // (After two levels the third, which tries the shortest of these, runs first.) A goal of
    // both inputs takes a two-register light, or one of the movers reads two registers (SSE's
    // shufps keeping halves: dearer than a shift).
    double join = 0;
    if (reads_both && !movers.empty()) {
      join = std::min(or_cost, mix);
      for (const CrossingStep* m : movers)
        if (m->arity == 2) join = std::min(join, m->cost - movers[0]->cost);
    }
    if (levels < 3 || !in_place || (!movers.empty() && 4 * movers[0]->cost + join < limit && most.movers_alone >= 4)) return false;
    // (No more lights than their port groups hold, nor programmable ones without a load.)
    auto lights_beside = [&](size_t n) {
      const unsigned others = std::min(most.others_alone, most.uops);
      return in_place->limited(std::min<unsigned>(most.lights_alone, others - std::min<unsigned>(others, unsigned(n))),
                               most.controls >= 1);
    };
    std::vector<const CrossingStep*> set;
    std::vector<Crossing> moved;  // the goal bytes not in place, the farthest first
    for (const Crossing& b : stay)
      if (b.from != b.to) moved.push_back(b);
    std::stable_sort(moved.begin(), moved.end(), [](const Crossing& x, const Crossing& y) {
      return std::abs(int(x.to) - int(x.from)) > std::abs(int(y.to) - int(y.from));
    });
    auto brings = [&]() {
      for (const Crossing& b : moved)
        if (!(reach_any(set, b.from) >> b.to & 1)) return false;
      return true;
    };
    // The least a Program with n movers costing `cost` adds: lights for four instructions (the
    // levels tried three), or a programmable one.
    double programmable_light = inf;
    for (const auto& l : in_place->kinds)
      if (l.programmable) programmable_light = std::min(programmable_light, l.cost);
    auto least_rest = [&](size_t n) { return std::min(double(n < 4 ? 4 - n : 0) * light, programmable_light); };
    // First the sets (cheap), then each tried whole: none may leave room for more than five
    // instructions, and past kMostSets the argument gives up (each costs about 0.05 ms: SSSE3's
    // dword shuffles within qwords take 675, a shift and four lights at 1.83 below two shuffles;
    // a word of b in place of a's first, a2 twice, 1,219 on SSSE3 below 2.33 and 1,235 on SSE4.1
    // below 2.17, about 0.15 s each).
    constexpr size_t kMostSets = 2048;
    std::vector<std::pair<std::vector<const CrossingStep*>, double>> sets;
    auto each_set = [&](auto&& self, size_t from, double cost) -> bool {
      if (brings()) {
        if (set.size() + lights_beside(set.size()).fitting(limit - cost) > kMostLightOnly || sets.size() == kMostSets) return false;
        sets.push_back({set, cost});
      }
      if (set.size() == std::min(3u, most.movers_alone)) return true;
      for (size_t i = from; i < movers.size() && cost + movers[i]->cost + least_rest(set.size() + 1) < limit; ++i) {
        set.push_back(movers[i]);
        const bool ruled_out = self(self, i, cost + movers[i]->cost);
        set.pop_back();
        if (!ruled_out) return false;
      }
      return true;
    };
    if (!each_set(each_set, 0, 0.0)) return false;
    for (const auto& [movers_set, cost] : sets) {
      const auto may = light_only_may(movers_set, lights_beside(movers_set.size()), p.zero_register, limit - cost, p.goal, 3, p.copy, p.deadline);
      if (!may || *may) return false;
    }
    return true;
  };
  if (stays && levels < 3) return false;
  const bool both = std::popcount(inputs) >= 2;
  const double zero_or_mix = std::min(zero, mix), joining = std::min(or_cost, mix);
  // Beside H and the movers `n`: how many lights their port groups leave room for, and whether a
  // constant is left to load (MostCounts).
  // (The uops: H's, its control's, the movers'.)
  auto others_beside = [&](const CrossingStep& h) {
    const unsigned taken = 1 + (h.programmable ? 1u : 0u);
    return std::min<unsigned>(most.others, most.uops - std::min(most.uops, taken));
  };
  auto lights_room = [&](const CrossingStep& h, size_t n) {
    return std::min<unsigned>(most.lights, others_beside(h) - std::min<unsigned>(others_beside(h), unsigned(n)));
  };
  auto controls_left = [&](const CrossingStep& h) { return most.controls - std::min(most.controls, h.programmable ? 1u : 0u); };
  auto beside = [&](const CrossingStep& h, size_t n) { return in_place->limited(lights_room(h, n), controls_left(h) >= 1); };
  // The least a Program of at least `size` instructions with H, exactly these movers and, where
  // `joined` (H reads one register and moves bytes of both inputs), a join before H can cost.
  auto least = [&](const CrossingStep& h, const std::vector<const CrossingStep*>& ms, unsigned size, bool joined) {
    double base = h.cost;
    unsigned count = 1 + unsigned(ms.size());
    unsigned supplies = 0;  // movers that can serve as an or's zero-making argument or as the join
    bool mixes = false;
    for (const CrossingStep* m : ms) {
      base += m->cost;
      supplies += m->zeros || m->arity == 2;
      mixes |= m->arity == 2 && !m->is_or;
    }
    auto filled = [&](double c, unsigned n) { return c + (n < size ? double(size - n) * light : 0.0); };
    if (!joined || h.arity == 2) return filled(base, count);
    // One register holds bytes of both inputs that H moves: a mixer, or an or and two
    // zero-making or mixing instructions, before H.
    const double by_mixer = mixes ? filled(base, count) : filled(base + mix, count + 1);
    const unsigned missing = supplies >= 2 ? 0 : 2 - supplies;
    const double by_or = filled(base + or_cost + double(missing) * zero_or_mix, count + 1 + missing);
    return std::min(by_mixer, by_or);
  };
  // Three-instruction Programs the levels left: with levels 3, those with a programmable
  // instruction; with level 4, those with a two-input one or two of them. Such a Program holds H
  // and the movers, and, in the instructions left, what it takes to be left.
  auto least_three = [&](const CrossingStep& h, const std::vector<const CrossingStep*>& ms, bool joined) {
    const double any = least(h, ms, 3, joined);
    if (levels == 2) return any;
    const unsigned left = unsigned(3 > 1 + ms.size() ? 2 - ms.size() : 0);
    double base = h.cost;
    for (const CrossingStep* m : ms) base += m->cost;
    double need = inf;
    if (levels == 3) {
      if (h.programmable) return any;
      if (left >= 1) need = programmable + double(left - 1) * light;
    } else {
      if (h.programmable && h.arity == 2) return any;
      if (h.programmable && left >= 1) need = programmable + double(left - 1) * light;
      if (!h.programmable && left == 1) need = two_input_programmable;
      if (!h.programmable && left == 2) need = std::min(two_input_programmable + light, 2 * programmable);
    }
    return std::max(any, base + need);
  };
  // H of one register with nothing but its join of the two inputs before it (no room for another
  // instruction): a mixer of the inputs themselves, or an or of each under a zero-making
  // instruction. H is last: a byte map reads the goal's bytes from the join's places; a lookup
  // takes each goal byte from a place of its own. Each join is tried, byte by byte. nullopt where
  // there is room for more.
  auto exact_join = [&](const CrossingStep& h) -> std::optional<bool> {
    if (h.programmable && (!h.table || h.tables != 1)) return std::nullopt;
    const double room = limit - h.cost;
    if (light >= room) return true;  // (a join costs at least one instruction)
    // Room for four light instructions, or for a mixer and another: not enumerated. (By the
    // counts: instructions beside H, movers too, as the scalar room counts them.)
    const unsigned others = others_beside(h), controls = controls_left(h);
    if ((4 * light < room && others >= 4) || (mix + light < room && others >= 2)) return std::nullopt;
    // What a byte map H needs at each place of its argument.
    std::vector<int> want(kBytes, kAnyByte);
    if (!h.programmable) {
      const auto w = pulled_back(h, p.goal);
      if (!w) return true;
      want = *w;
    }
    auto holds = [&](const Join& x) {
      if (!h.programmable) {
        for (unsigned q = 0; q < kBytes; ++q)
          if (want[q] != kAnyByte && !x.may(q, want[q])) return false;
        return true;
      }
      PlaceMatching m;
      for (unsigned j = 0; j < kBytes; ++j)
        if (const int g = p.goal[j]; g >= 0) {
          Places at = 0;
          for (unsigned q = 0; q < kBytes; ++q)
            if (x.may(q, g)) at |= Places(1) << q;
          const Places from = into(h, at, Places(1) << j);
          if (!from) return false;
          m.add(g, from);
        }
      return m.complete(kBytes);
    };
    for (const CrossingStep& j : *p.steps) {  // H on a mixer of the two inputs
      if (j.crossing || j.is_or || j.arity != 2 || j.cost >= room || (j.programmable && controls == 0)) continue;
      if (j.programmable && j.table) return std::nullopt;  // (a two-register lookup: not enumerated)
      for (unsigned first = 0; first < (j.programmable ? 1u : 2u); ++first)
        if (holds(Join::mixed(j, first))) return false;
    }
    // An or of each input under a zero-making instruction of one register.
    std::vector<const CrossingStep*> zeroing;
    for (const CrossingStep& z : *p.steps)
      if (!z.crossing && z.zeros && z.arity == 1 && others >= 3 && (!z.programmable || controls >= 1)) {
        if (z.programmable && !(z.table && z.block_bytes == 1)) return std::nullopt;  // (only byte masks)
        zeroing.push_back(&z);
      }
    for (const CrossingStep* za : zeroing)
      for (const CrossingStep* zb : zeroing) {
        const double c = or_cost + za->cost + zb->cost;
        if (c >= room || unsigned(za->programmable) + unsigned(zb->programmable) > controls) continue;
        if (c + light < room && others >= 4) return std::nullopt;
        if (holds(Join::ored(*za, *zb))) return false;
      }
    return true;
  };
  // A whole byte lookup with one mover and at most two light instructions beside: each shape
  // (LookupWithMover). nullopt where another shape fits the budget.
  auto lookup_with_mover = [&](const CrossingStep& h, const MoverMap& m) -> std::optional<bool> {
    if (!whole_lookup(h) || m.step->arity != 1) return std::nullopt;
    const double room = limit - h.cost - m.step->cost;
    // (At most two lights, by the cost or by the counts.)
    unsigned k = 0;
    while (k < lights_room(h, 1) && double(k + 1) * light < room) ++k;
    if (k > 2) return std::nullopt;
    std::vector<const CrossingStep*> joins, zeroing;
    std::vector<LookupWithMover::BlockMask> masks;
    double selector = inf;  // a variable blend that fits, alone beside H and M
    double join = or_cost;  // the cheapest two-register light
    unsigned block = 8;
    // The largest block each light instruction keeps whole (one argument's bytes, or zeros).
    auto whole = [](const CrossingStep& st, unsigned b) {
      for (unsigned q = 0; q < kBytes; q += b)
        for (unsigned i = 1; i < b; ++i) {
          const int x = st.src[q], y = st.src[q + i];
          if ((x < 0) != (y < 0) || (x >= 0 && (x & kMask) / 256 != (y & kMask) / 256)) return false;
        }
      return true;
    };
    for (const CrossingStep& st : *p.steps) {
      // (Another mover makes another mover set; an or takes a block from one side.)
      if (st.crossing || st.cost >= room || st.moves || st.is_or) continue;
      // (A programmable light as the cost alone admits it, whatever the constants left: the
      // shapes count on the variable blend's relaxation below where it fits.)
      if (st.programmable) {
        // A byte mask keeps fewer bytes than its argument in place: it matters only under an or,
        // which then mixes bytes one by one (not enumerated). A variable blend mixes them too: the
        // Programs with it are tried apart, where nothing else fits beside it.
        if (st.table && st.block_bytes == 1 && st.cost + or_cost >= room) continue;
        if (!st.table && st.arity == 2 && st.cost + light >= room) {
          // H, M and the blend alone, each overwriting an argument: input 0's bytes stay in its
          // register, which the blend's fixed control register (SSE4.1's xmm0) must take over.
          const bool vacates = h.destructive && m.step->destructive && reads_first;
          selector = std::min(selector, st.cost + (vacates ? st.vacate : 0));
          continue;
        }
        return std::nullopt;
      }
      if (st.arity != 2 && !st.zeros) continue;
      unsigned w = 8;  // (its blocks)
      while (w > 1 && !whole(st, w)) w /= 2;
      block = std::min(block, w);
      if (st.arity != 2) {
        zeroing.push_back(&st);
        continue;
      }
      joins.push_back(&st);
      join = std::min(join, st.cost);
      // A blend with the zero register masks by its blocks (blendps of zero and a, then psllq,
      // or-ed with pshufb of b): per block width, the cheapest.
      if (const double c = st.cost + p.zero_register; c < room) {
        auto at = std::find_if(masks.begin(), masks.end(), [&](const auto& mask) { return mask.bytes == w; });
        if (at == masks.end()) masks.push_back({w, c});
        else at->cost = std::min(at->cost, c);
      }
    }
    if (block < 4) return std::nullopt;
    return LookupWithMover(m, joins, zeroing, block, join, !joins.empty(), masks).may(p.goal, room, true) ||
           (selector < room && LookupWithMover(m, {}, {}, 1, selector, true, {}).may(p.goal, room, true));
  };
  // A whole byte lookup with no mover and light instructions only (LookupWithJoins): the least
  // such a Program of three or more instructions costs; nullopt where H is no whole lookup.
  auto lookup_with_joins = [&](const CrossingStep& h) -> std::optional<double> {
    if (!whole_lookup(h)) return std::nullopt;
    LookupWithJoins::Lights lights;
    lights.join = joining;
    lights.mask = zero_or_mix;
    for (const CrossingStep& st : *p.steps) {
      if (st.crossing || st.moves || st.arity != 2 || st.is_or) continue;
      if (st.programmable) {
        if (!st.table) lights.any = std::min(lights.any, st.cost);  // a variable blend
        continue;
      }
      Places p0 = 0, p1 = 0;
      for (unsigned q = 0; q < kBytes; ++q)
        if (const int s = source_byte(st.src[q]); s >= 0) ((st.src[q] & kMask) / 256 ? p1 : p0) |= Places(1) << q;
      lights.blends.push_back({p0, p1, st.cost, (p0 | p1) != 0xFFFF});
      lights.blend = std::min(lights.blend, st.cost);
    }
    const double least_program = LookupWithJoins(lights).least(p.goal);
    return std::max(h.cost + least_program, h.cost + 2 * light);
  };
  // The Programs of three instructions tried_whole leaves for last: H, its movers, the room.
  struct Deferred {
    const CrossingStep* h;
    std::vector<const CrossingStep*> ms;
    double room;
  };
  std::vector<Deferred> deferred;
  auto cheaper_fits = [&](const CrossingStep& h, const Movers& mm, const std::vector<const CrossingStep*>& ms,
                          const std::vector<std::vector<Reach>>& r, const std::vector<Crossing>& through, bool joined) {
    const double l = levels >= 3 ? std::min(least(h, ms, 4, joined), least_three(h, ms, joined)) : least(h, ms, 3, joined);
    if (l >= limit) return false;
    double c = h.cost;
    for (const CrossingStep* m : ms) c += m->cost;
    // Where few enough, every Program of H, the movers and in-place lights tried whole: false
    // when none makes the goal. Those the complete levels tried are left out: on SSE their copies
    // are priced apart (a shufps and two blends at 1.67, 2.0 with the copy its emitted code
    // needs). After two levels, Programs of three instructions with a byte map H are level 3's
    // to try; they are tried here last (deferred), once nothing else lets a Program through,
    // where level 3 will not run to its end or they are few (a few H and mover sets: level 3
    // costs more than they do; SSSE3's dword shuffles leave hundreds, for which it costs less).
    auto tried_whole = [&]() {
      if (!in_place) return true;
      const InPlaceLights lights = beside(h, ms.size());
      if (const auto may = whole_crossing_may(h, ms, lights, p.zero_register, limit - c, p.goal,
                                              levels >= 3 || h.programmable ? 3 : 4, std::min(levels, 3u), p.copy, p.deadline))
        return *may;
      // (A byte map H's Programs are too many (more than four instructions) or too few.)
      if (levels >= 3 || h.programmable || 1 + ms.size() + lights.fitting(limit - c) != 3) return true;
      deferred.push_back({&h, ms, limit - c});
      return false;
    };
    // A whole lookup's shapes (cheap), then the Programs they let through, tried whole.
    if (mm.size() == 1)
      if (const auto may = lookup_with_mover(h, *mm[0])) return *may && tried_whole();
    if (mm.empty())
      if (const auto least_cost = lookup_with_joins(h)) return *least_cost < limit && tried_whole();
    if (!fits(h, r, through)) return false;
    // The result joins the values that hold its bytes: a light instruction for each beyond one.
    if (const unsigned t = fewest_sources(h, ms, p.goal); t == kNever || c + double(t - 1) * joining >= limit || t - 1 > lights_room(h, ms.size()))
      return false;
    // No room for another instruction: the Program is H and the movers alone, each tried.
    if (c + light >= limit || lights_room(h, ms.size()) == 0) return makes(h, ms, p.goal);
    return tried_whole();
  };
  std::vector<const CrossingStep*> hs;  // every H, cheapest first
  for (const CrossingStep& h : *p.steps) {
    if (!h.crossing) continue;
    if (!h.programmable && h.src.size() < kBytes) return false;
    // (H with no room beside its join: every such Program, movers included, at once.)
    if (both && h.arity == 1)
      if (const auto ruled_out = exact_join(h)) {
        if (!*ruled_out) return false;
        continue;
      }
    hs.push_back(&h);
  }
  std::stable_sort(hs.begin(), hs.end(), [](const CrossingStep* a, const CrossingStep* b) { return a->cost < b->cost; });
  // The Hs of two registers and of one (these may need a join), each with their byte maps by what
  // they read where: by_place[q * 16 + s], the Hs whose result place q reads an argument's place
  // s (the lookups apart: each is tried).
  struct Group {
    std::vector<const CrossingStep*> hs;
    std::vector<std::vector<uint16_t>> by_place = std::vector<std::vector<uint16_t>>(kBytes * kBytes);
    std::vector<uint16_t> lookups;
    std::vector<unsigned> seen;
    std::vector<const CrossingStep*> unfilled;  // per H, its without_fills where it is a signed pack
  };
  std::array<Group, 2> groups;
  // Signed packs where only the movers may make sign fills (every light keeps its bytes): each
  // with its top bytes zeroed (without_fills), for mover sets that make none.
  const bool lights_fill = std::any_of(p.steps->begin(), p.steps->end(),
                                       [](const CrossingStep& st) { return !st.crossing && !st.moves && makes_fills(st); });
  std::vector<CrossingStep> relaxed;
  relaxed.reserve(hs.size());  // (the groups point into it)
  for (const CrossingStep* h : hs) {
    Group& g = groups[h->arity == 1];
    const uint16_t i = uint16_t(g.hs.size());
    g.hs.push_back(h);
    g.unfilled.push_back(!lights_fill && !h->need_sign.empty() ? &relaxed.emplace_back(without_fills(*h)) : nullptr);
    if (h->programmable) {
      g.lookups.push_back(i);
      continue;
    }
    for (unsigned q = 0; q < kBytes; ++q)
      if (const int s = source_byte(h->src[q]); s >= 0) g.by_place[q * kBytes + unsigned(s)].push_back(i);
  }
  for (Group& g : groups) g.seen.assign(g.hs.size(), 0);
  unsigned stamp = 0;
  // Each set of up to two movers (cheapest first), then each H that can move the two bytes with
  // the fewest ways (the group apart where even its cheapest H cannot be below the best).
  // (each_h's vectors, their storage reused from one mover set to the next.)
  std::vector<const CrossingStep*> ms;
  std::vector<Crossing> through;
  std::vector<std::vector<Reach>> sides;
  std::vector<Reach> r;
  std::vector<size_t> order;
  auto each_h = [&](const Movers& mm) {
    if (std::chrono::steady_clock::now() > p.deadline) return false;  // (late: nothing proven)
    ms.clear();
    for (const MoverMap* m : mm) ms.push_back(m->step);
    double c = 0;
    for (const CrossingStep* m : ms) c += m->cost;
    // The bytes H moves: the crossing ones, and those the movers alone cannot bring to their place.
    through.assign(bytes.begin(), bytes.end());
    unsigned moved = inputs;
    for (const Crossing& b : stay)
      if (!(reach(mm, Places(1) << b.from, true) >> b.to & 1)) through.push_back(b), moved |= 1u << (b.label / 256);
    const bool join = std::popcount(moved) >= 2;
    const bool fills = std::any_of(ms.begin(), ms.end(), [](const CrossingStep* m) { return makes_fills(*m); });
    sides.resize(size_t(1) << mm.size());
    for (unsigned after = 0; after < 1u << mm.size(); ++after) reaches(mm, after, through, sides[after]);
    r.assign(sides[0].begin(), sides[0].end());  // (the union over the placings, for the index)
    for (size_t i = 0; i < r.size(); ++i)
      for (const std::vector<Reach>& side : sides) r[i].pre |= side[i].pre, r[i].post |= side[i].post;
    order.resize(r.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    auto ways = [&](size_t i) { return std::popcount(r[i].pre) * std::popcount(r[i].post); };
    std::partial_sort(order.begin(), order.begin() + std::min<size_t>(2, order.size()), order.end(),
                      [&](size_t x, size_t y) { return ways(x) < ways(y); });
    for (Group& g : groups) {
      if (g.hs.empty() || least(*g.hs[0], ms, 3, join) >= limit) continue;
      auto each_way = [&](size_t b, auto&& f) {
        for (unsigned q = 0; q < kBytes; ++q)
          if (r[b].post >> q & 1)
            for (unsigned s = 0; s < kBytes; ++s)
              if (r[b].pre >> s & 1)
                for (uint16_t i : g.by_place[q * kBytes + s])
                  if (!f(i)) return false;
        return true;
      };
      const unsigned marked = ++stamp;  // an H that moves the first byte, then the second
      if (order.size() >= 2) each_way(order[0], [&](uint16_t i) { return g.seen[i] = marked, true; });
      ++stamp;
      auto check = [&](size_t i) {
        const CrossingStep& h = !fills && g.unfilled[i] ? *g.unfilled[i] : *g.hs[i];
        if (g.seen[i] == stamp || (order.size() >= 2 && g.seen[i] != marked && !h.programmable)) return true;
        g.seen[i] = stamp;
        if (h.cost + c >= limit) return true;
        // (H of one register with no mover, beside the join H's bytes need: each Program whole.)
        if (ms.empty() && join && h.arity == 1)
          if (const auto ruled_out = exact_join(h)) return *ruled_out;
        return !cheaper_fits(h, mm, ms, sides, through, join);
      };
      for (uint16_t i : g.lookups)
        if (!check(i)) return false;
      if (order.empty()) {  // (no byte needs H: each is checked)
        for (uint16_t i = 0; i < g.hs.size(); ++i)
          if (!g.hs[i]->programmable && !check(i)) return false;
      } else if (!each_way(order[order.size() >= 2 ? 1 : 0], check)) {
        return false;
      }
    }
    return true;
  };
  if (!hs.empty()) {
    // (Three instructions at least: H, the movers and one more where there is one mover.)
    if (!each_h({})) return false;
    for (size_t i = 0; i < maps.size() && hs[0]->cost + maps[i].step->cost + light < limit; ++i) {
      if (!each_h({&maps[i]})) return false;
      for (size_t k = i; k < maps.size() && most.movers >= 2 && hs[0]->cost + maps[i].step->cost + maps[k].step->cost < limit; ++k)
        if (!each_h({&maps[i], &maps[k]})) return false;
    }
  }
  if (stays && !light_only_ruled_out()) return false;
  constexpr size_t kFewDeferred = 16;
  if (deferred.size() > kFewDeferred && !p.short_third) return false;
  for (const Deferred& d : deferred) {
    const auto may = whole_crossing_may(*d.h, d.ms, beside(*d.h, d.ms.size()), p.zero_register, d.room, p.goal, 3, std::min(levels, 3u), p.copy,
                                        p.deadline);
    if (!may || *may) return false;
  }
  return true;
}

}  // namespace shufc::synth
