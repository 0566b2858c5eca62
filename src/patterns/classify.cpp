// The pattern classifier: one linear pass over the mask per lane level, every pattern at once.
//
// Each pattern keeps a few integers of state and checks each entry in O(1); most patterns are
// affine (M[i] = a*i + b, b fixed by the first informative entry), the rest small automata.
// Random masks kill every candidate within a few entries, and the pass stops there.
#include <algorithm>
#include <climits>
#include <span>

#include "lane_match.h"
#include "shufc/canonicalize.h"
#include "shufc/patterns.h"

namespace shufc {

namespace {

constexpr int kUnknown = INT_MIN;

// Entries M[j] = a*j + b. Selections of a splat v2 only say a*j + b lands in v2.
struct Affine {
  int a = 1;
  int b = kUnknown;
  long lo = LONG_MIN, hi = LONG_MAX;
  bool alive = true;

  void feed(const MaskView& v, int j, int e) {
    if (!alive || e == kUndef) return;
    if (e == kZero) {
      alive = false;
      return;
    }
    const long n = v.n;
    if (v.v2_splat && e >= int(n)) {
      lo = std::max(lo, n - long(a) * j);
      hi = std::min(hi, 2 * n - 1 - long(a) * j);
      return;
    }
    const int cand = e - a * j;
    if (b == kUnknown) b = cand;
    else if (b != cand) alive = false;
  }
  bool ok() const { return alive && b != kUnknown && lo <= b && b <= hi; }
};

// Entries M[j] = a*j + b with both a and b unknown: fixed by the first two defined entries.
struct Slope {  // 64-bit arithmetic: slopes up to 2n and positions up to m overflow int
  int64_t a = kUnknown, b = kUnknown;
  int j0 = -1, e0 = 0;
  bool alive = true;

  void feed(int j, int e) {
    if (!alive || e == kUndef) return;
    if (e < 0) {
      alive = false;
    } else if (j0 < 0) {
      j0 = j;
      e0 = e;
    } else if (a == kUnknown) {
      if ((e - e0) % (j - j0)) alive = false;
      a = (e - e0) / (j - j0);
      b = e0 - a * j0;
    } else if (e != a * j + b) {
      alive = false;
    }
  }
  bool ok() const { return alive && a != kUnknown; }
};

// Calls fn(f) for every divisor f >= 2 of m in increasing order, with O(sqrt(m)) divisions.
template <class Fn>
void for_each_divisor(int m, Fn fn) {
  int d = 1;
  for (; long(d) * d <= m; ++d)
    if (d >= 2 && m % d == 0) fn(d);
  for (--d; d >= 1; --d)
    if (m % d == 0 && long(d) * d != m) fn(m / d);
}

class LevelMatcher {
 public:
  LevelMatcher(const MaskView& v, unsigned lanes) : v_(v), lanes_(lanes), n_(int(v.n)), m_(int(v.m())) {
    const int n = n_, m = m_;
    identity_.alive = m == n;
    reverse_.a = -1;
    reverse_.alive = m == n && n >= 2;
    rotate_alive_ = m == n && n >= 2;
    splice_.alive = m == n && n >= 2;
    extract_.alive = m < n;
    concat_.alive = m == 2 * n;
    blend_alive_ = m == n;
    shl_alive_ = m == n && n >= 2;
    // Reserve once: growing these vectors (and one stream vector per interleave factor) cost
    // several allocations per mask. The pool never reallocates, so the spans into it stay valid.
    int divisors = 0, streams = 0;
    for_each_divisor(m, [&](int f) {
      ++divisors;
      if (m / f >= 2) streams += f;
    });
    zext_.reserve(size_t(divisors));
    replicate_.reserve(size_t(divisors));
    interleave_.reserve(size_t(divisors));
    stream_pool_.assign(size_t(streams), Affine{});
    size_t next_stream = 0;
    for_each_divisor(m, [&](int f) {
      zext_.push_back({f, {}, true});
      if (m / f <= n) replicate_.push_back({f, true});
      if (m / f >= 2) {
        interleave_.push_back({f, std::span<Affine>(stream_pool_).subspan(next_stream, size_t(f))});
        next_stream += size_t(f);
      }
    });
    zext_live_ = unsigned(zext_.size());
    replicate_live_ = unsigned(replicate_.size());
    interleave_live_ = unsigned(interleave_.size());
    pack_.a = 2;
    pack_.alive = m >= 2;
    deint_.alive = m >= 2;
    if (m >= 2 && m % 2 == 0) {
      transpose_[0].a = transpose_[1].a = 2;
      transpose_alive_ = m == n;
    }
    insert_[0].base = 0;
    insert_[1].base = 1;
    insert_alive_ = m == n && !v.v2_splat;
  }

  // Feeds every entry; stops early once no pattern can match.
  void run() {
    for (int i = 0; i < m_; ++i) {
      feed(i, v_.mask[size_t(i)]);
      if ((i & 3) == 3 && !any_alive()) return;
    }
    finished_ = true;
  }

  void collect(uint32_t& found, std::vector<PatternMatch>& out) {
    if (!finished_ || !any_input_) return;
    auto add = [&](PatternMatch p) {
      if (found & (1u << unsigned(p.kind))) return;
      found |= 1u << unsigned(p.kind);
      p.lanes = lanes_;
      out.push_back(std::move(p));
    };
    const int n = n_, m = m_;
    if (identity_.ok() && identity_.b == 0) add({PatternKind::identity});
    if (m >= 2 && splat_alive_ && splat_ != kUnknown && !v_.is_zero(splat_))
      add({.kind = PatternKind::splat, .source = splat_ >= n, .index = splat_ % n});
    if (reverse_.ok() && reverse_.b == n - 1) add({PatternKind::reverse});
    if (rotate_alive_ && rotate_ > 0) add({.kind = PatternKind::rotate, .amount = rotate_});
    if (shl_alive_ && shl_ != kUnknown && shl_ >= shl_lo_ && shl_ < n && any_zero_)
      add({.kind = PatternKind::shift_left, .amount = shl_});
    const bool splice = splice_.ok() && splice_.b >= 1 && splice_.b < n && any_v2_;
    if (splice && v_.v2_zero) add({.kind = PatternKind::shift_right, .amount = splice_.b});
    for (auto& z : zext_)
      if (z.alive && z.off.ok() && any_zero_ && z.off.b >= 0 && z.off.b + m / z.f <= n) {
        add({.kind = PatternKind::zero_extend, .index = z.off.b, .factor = z.f});
        break;
      }
    if (const Interleave* il = find_interleave(2); il && any_v2_) {
      const Affine &s0 = il->streams[0], &s1 = il->streams[1];
      if (s0.ok() && s0.b >= 0 && s0.b + m / 2 <= n && s1.alive && s1.lo <= s0.b + n && s0.b + n <= s1.hi &&
          (s1.b == kUnknown || s1.b == s0.b + n))
        add({.kind = PatternKind::merge, .index = s0.b});
    }
    if (pack_.ok() && (pack_.b == 0 || pack_.b == 1) && 2L * (m - 1) + pack_.b < 2L * n)
      add({.kind = PatternKind::pack, .index = pack_.b});
    // The three lists are rebuilt from the mask only for a match: feeding them entry by entry
    // cost allocations on every mask. A live pattern means every entry passed its test in feed().
    if (blend_alive_ && any_v1_ && any_v2_) {
      std::vector<int> sel(size_t(m), 0);  // 1 = from v2; undef entries 0
      for (int i = 0; i < m; ++i) {
        const int e = v_.mask[size_t(i)];
        if (e != kUndef && e != i) sel[size_t(i)] = 1;
      }
      add({.kind = PatternKind::blend, .list = std::move(sel)});
    }
    if (pext_alive_ && any_zero_ && any_v1_) {
      std::vector<int> kept;  // the entries before the first zero, undef ones included
      for (int i = 0; i < m && !v_.is_zero(v_.mask[size_t(i)]); ++i) kept.push_back(v_.mask[size_t(i)]);
      add({.kind = PatternKind::parallel_extract, .list = std::move(kept)});
    }
    if (pdep_alive_ && any_zero_ && any_v1_) {
      std::vector<int> pos;  // where the v1 elements land: every defined non-zero entry
      for (int i = 0; i < m; ++i) {
        const int e = v_.mask[size_t(i)];
        if (e != kUndef && !v_.is_zero(e)) pos.push_back(i);
      }
      add({.kind = PatternKind::parallel_deposit, .list = std::move(pos)});
    }
    if (transpose_alive_ && any_v2_) {
      const Affine &t0 = transpose_[0], &t1 = transpose_[1];
      if (t0.ok() && (t0.b == 0 || t0.b == 1) && t1.alive && t1.lo <= t0.b + n && t0.b + n <= t1.hi &&
          (t1.b == kUnknown || t1.b == t0.b + n))
        add({.kind = PatternKind::transpose, .index = t0.b});
    }
    if (splice) add({.kind = PatternKind::splice, .index = splice_.b});
    if (extract_.ok() && extract_.b >= 0 && extract_.b + m <= n)
      add({.kind = PatternKind::extract_subvector, .index = extract_.b});
    if (insert_alive_)
      for (const Insert& ins : insert_)
        if (ins.alive && ins.run_first >= 0 && ins.any_base) {
          add({.kind = PatternKind::insert_subvector, .source = 1 - ins.base, .index = ins.o,
               .length = ins.run_last - ins.o + 1});
          break;
        }
    if (concat_.ok() && concat_.b == 0) add({PatternKind::concat});
    for (const auto& r : replicate_)
      if (r.alive) {
        add({.kind = PatternKind::replicate, .factor = r.f});
        break;
      }
    for (const Interleave& il : interleave_) {
      const int k = m / il.f;
      bool ok = true, known = false;
      for (const Affine& s : il.streams) {
        if (!s.alive || (s.b != kUnknown && (s.b < s.lo || s.b > s.hi || s.b < 0 || s.b + k > 2 * n))) ok = false;
        known |= s.b != kUnknown;
        if (s.lo > s.hi) ok = false;
      }
      if (ok && known) {
        std::vector<int> starts;  // built only for the match (it allocates)
        starts.reserve(il.streams.size());
        // A stream that only reads a splat v2 starts anywhere in v2.
        for (const Affine& s : il.streams)
          starts.push_back(s.b != kUnknown ? s.b : s.lo > LONG_MIN ? int(std::max<long>(s.lo, n)) : kUndef);
        add({.kind = PatternKind::interleave, .factor = il.f, .list = std::move(starts)});
        break;
      }
    }
    // Like LLVM's deinterleave masks: every one of the factor streams fits in concat(v1, v2).
    if (deint_.ok() && deint_.a >= 2 && deint_.b >= 0 && deint_.b < deint_.a && long(deint_.a) * m <= 2L * n)
      add({.kind = PatternKind::deinterleave, .index = int(deint_.b), .factor = int(deint_.a)});
  }

 private:
  struct Zext {
    int f;
    Affine off;  // the element positions: M[f*j] = off.b + j
    bool alive;
  };
  struct Replicate {
    int f;
    bool alive;
  };
  struct Interleave {
    int f;
    std::span<Affine> streams;  // f streams in stream_pool_
    bool dead = false;          // a stream died: no longer fed (collect sees that stream dead)
    int r = 0, q = 0;           // i % f and i / f for the next entry fed (while not dead)
  };
  // insert_subvector: identity from `base` except one run [o, run_last] read from the other
  // input's elements 0, 1, ...
  struct Insert {
    int base = 0;
    int o = kUnknown;
    int run_first = -1, run_last = -1;
    int last_base = -1;
    bool any_base = false;
    bool alive = true;
  };

  bool any_alive() const {
    if (identity_.alive || reverse_.alive || rotate_alive_ || splice_.alive || extract_.alive || concat_.alive ||
        blend_alive_ || shl_alive_ || pack_.alive || deint_.alive || pext_alive_ || pdep_alive_ || splat_alive_ || insert_alive_)
      return true;
    // transpose_alive_ only says the shape fits; its two streams are what feeding kills.
    if (transpose_alive_ && transpose_[0].alive && transpose_[1].alive) return true;
    // How many zero-extend, replicate and interleave factors are still alive (all streams alive).
    return zext_live_ || replicate_live_ || interleave_live_;
  }

  const Interleave* find_interleave(int f) const {
    for (const Interleave& il : interleave_)
      if (il.f == f) return &il;
    return nullptr;
  }

  void feed(int i, int e) {
    const int n = n_;
    const bool undef = e == kUndef, zero = v_.is_zero(e), v1 = e >= 0 && e < n;
    any_input_ |= e >= 0;
    any_zero_ |= zero;
    any_v1_ |= v1;
    any_v2_ |= e >= n || e == kZero;

    identity_.feed(v_, i, e);
    reverse_.feed(v_, i, e);
    splice_.feed(v_, i, e);
    extract_.feed(v_, i, e);
    concat_.feed(v_, i, e);
    pack_.feed(v_, i, e);
    deint_.feed(i, e);

    if (splat_alive_ && !undef) {
      if (zero || e == kZero) splat_alive_ = false;
      else if (splat_ == kUnknown) splat_ = e;
      else if (!detail::agrees(v_, e, splat_)) splat_alive_ = false;
    }
    if (rotate_alive_ && !undef) {
      if (!v1) rotate_alive_ = false;
      else {
        const int r = ((e - i) % n + n) % n;
        if (rotate_ == kUnknown) rotate_ = r;
        else if (rotate_ != r) rotate_alive_ = false;
      }
    }
    if (shl_alive_ && !undef) {
      if (zero) shl_lo_ = std::max(shl_lo_, i + 1);
      else if (!v1 || i - e < 1) shl_alive_ = false;
      else if (shl_ == kUnknown) shl_ = i - e;
      else if (shl_ != i - e) shl_alive_ = false;
    }
    if (blend_alive_ && !undef && e != i && !(detail::agrees(v_, e, n + i) && e != kZero)) blend_alive_ = false;
    if (pext_alive_ && !undef) {  // increasing v1 selections, then only zeros
      if (zero) pext_zeros_ = true;
      else if (!v1 || pext_zeros_ || e <= pext_last_) pext_alive_ = false;
      else pext_last_ = e;
    }
    if (pdep_alive_ && !undef) {  // v1 elements 0, 1, 2, ... in order, zeros between
      if (zero) {}
      else if (!v1 || e != pdep_next_) pdep_alive_ = false;
      else ++pdep_next_;
    }
    // The loops over the factors run only while one is alive (random masks kill them early).
    if (zext_live_ && !undef)
      for (Zext& z : zext_) {
        if (!z.alive) continue;
        if (i % z.f == 0) {
          if (!v1) z.alive = false;
          else z.off.feed(v_, i / z.f, e);
          z.alive = z.alive && z.off.alive;
        } else if (!zero) z.alive = false;
        if (!z.alive) --zext_live_;
      }
    if (replicate_live_ && !undef)
      for (Replicate& r : replicate_)
        if (r.alive && e != i / r.f) {
          r.alive = false;
          --replicate_live_;
        }
    if (interleave_live_)
      for (Interleave& il : interleave_) {
        if (il.dead) continue;
        Affine& s = il.streams[size_t(il.r)];  // entry i is entry i / f of stream i % f
        s.feed(v_, il.q, e);
        if (!s.alive) {
          il.dead = true;
          --interleave_live_;
        } else if (++il.r == il.f) {
          il.r = 0;
          ++il.q;
        }
      }
    if (transpose_alive_) transpose_[i & 1].feed(v_, i / 2, e);
    if (insert_alive_)
      for (Insert& ins : insert_) feed_insert(ins, i, e);
    if (!undef && e >= 0 && !(insert_[0].alive || insert_[1].alive)) insert_alive_ = false;
  }

  void feed_insert(Insert& s, int i, int e) {
    if (!s.alive || e == kUndef) return;
    const int n = n_;
    if (e < 0) {
      s.alive = false;
      return;
    }
    const int src = e >= n, idx = e - src * n;
    if (src == s.base) {
      if (idx != i || (s.run_first >= 0 && i <= s.run_last)) s.alive = false;
      else {
        s.last_base = i;
        s.any_base = true;
      }
      return;
    }
    const int o = i - idx;
    if (o < 0 || (s.o != kUnknown && o != s.o) || s.last_base >= o) {
      s.alive = false;
      return;
    }
    if (s.run_first >= 0 && s.last_base > s.run_last) {  // a second run
      s.alive = false;
      return;
    }
    s.o = o;
    if (s.run_first < 0) s.run_first = i;
    s.run_last = i;
  }

  const MaskView& v_;
  unsigned lanes_;
  int n_, m_;
  bool finished_ = false;
  bool any_input_ = false, any_zero_ = false, any_v1_ = false, any_v2_ = false;

  Affine identity_, reverse_, splice_, extract_, concat_;
  Affine transpose_[2];
  bool transpose_alive_ = false;
  int splat_ = kUnknown;
  bool splat_alive_ = true;
  int rotate_ = kUnknown;
  bool rotate_alive_ = false;
  int shl_ = kUnknown, shl_lo_ = 1;
  bool shl_alive_ = false;
  bool blend_alive_ = false;
  bool pext_alive_ = true, pext_zeros_ = false;
  int pext_last_ = -1;
  bool pdep_alive_ = true;
  int pdep_next_ = 0;
  std::vector<Zext> zext_;
  std::vector<Replicate> replicate_;
  std::vector<Affine> stream_pool_;
  std::vector<Interleave> interleave_;
  unsigned zext_live_ = 0, replicate_live_ = 0, interleave_live_ = 0;
  Affine pack_;
  Slope deint_;
  Insert insert_[2];
  bool insert_alive_ = false;
};

}  // namespace

Classification classify(const MaskView& v) {
  Classification c;
  c.signature = pattern_signature(v.mask);
  uint32_t found = 0;
  MaskView level = v;
  std::vector<int> lane_mask;
  unsigned lanes = 1;
  while (true) {
    LevelMatcher lm(level, lanes);
    lm.run();
    lm.collect(found, c.patterns);
    auto half = split_lanes(level);
    if (!half) break;
    lane_mask = std::move(*half);
    level.mask = lane_mask;
    level.n /= 2;
    lanes *= 2;
  }
  c.lanes.count = lanes;
  c.lanes.mask.assign(level.mask.begin(), level.mask.end());
  std::sort(c.patterns.begin(), c.patterns.end(),
            [](const PatternMatch& a, const PatternMatch& b) { return a.kind < b.kind; });
  return c;
}

Classification classify(const ShuffleVector& canonical) {
  if (canonical.scalable()) {
    // A scalable mask is all zero (splat of element 0) or all undef; it has one lane.
    Classification c;
    const MaskView v = MaskView::of(canonical);
    c.signature = pattern_signature(v.mask);
    c.lanes.mask = canonical.mask;
    if (!canonical.mask.empty() && canonical.mask[0] == 0 && !canonical.v1.is_undef())
      c.patterns.push_back({.kind = PatternKind::splat, .source = 0, .index = 0});
    return c;
  }
  return classify(MaskView::of(canonical));
}

}  // namespace shufc
