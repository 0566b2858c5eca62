// Throughput of shufc's front end and classifier, in masks per second (items_per_second).
//
//   ParseCanonClassify/<type>   parse_compact + canonicalize + classify, one random mask per item
//   ParseCanonClassify/patterns_v16i8   the same on masks that are real patterns (rotates, shifts,
//                               zero-extends, merges, packs, blends, some within lanes, some undefs)
//   ParseCompact, ParseCanon    the first one or two of those steps alone (a breakdown, v16i8)
//   Classify/<corpus>           classify alone on masks canonicalized up front
//   ParseShufflevector/<type>   parse_shufflevector on whole IR instructions
//
// Every corpus holds kCorpusSize masks generated up front from a fixed seed (outside the timed
// region); the timed loop walks through it, wrapping around. Only one corpus is alive at a time.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "shufc/canonicalize.h"
#include "shufc/parse.h"
#include "shufc/patterns.h"

namespace {

using namespace shufc;

constexpr size_t kCorpusSize = 1'000'000;
constexpr uint64_t kSeed = 0x5EEDC0DE00000000ull;

// splitmix64: the same sequence on every platform and standard library.
class Rng {
 public:
  explicit Rng(uint64_t seed) : s_(seed) {}
  uint64_t next() {
    uint64_t z = (s_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  unsigned below(unsigned k) { return unsigned(next() % k); }
  bool chance(unsigned one_in) { return below(one_in) == 0; }

 private:
  uint64_t s_;
};

enum class Kind { Random, Patterns };

struct TypeInfo {
  const char* compact;  // "v16i8"
  const char* ir;       // "<16 x i8>"
  unsigned n;
};

constexpr TypeInfo kV4i32{"v4i32", "<4 x i32>", 4};
constexpr TypeInfo kV8i16{"v8i16", "<8 x i16>", 8};
constexpr TypeInfo kV16i8{"v16i8", "<16 x i8>", 16};
constexpr TypeInfo kV32i8{"v32i8", "<32 x i8>", 32};
constexpr TypeInfo kV64i8{"v64i8", "<64 x i8>", 64};

// Mask entries as in the compact form: an index into concat(%a, %b), kUndef (u) or kZero (z).
using Mask = std::vector<int>;

// Uniform random: each entry an index in [0, 2n), one in 16 undef.
Mask random_mask(Rng& r, unsigned n) {
  Mask m(n);
  for (int& e : m) e = r.chance(16) ? kUndef : int(r.below(2 * n));
  return m;
}

// A real pattern, sometimes within 2 or 4 lanes, with undefs sprinkled into half of them.
Mask pattern_mask(Rng& r, unsigned n) {
  Mask m(n);
  const int N = int(n);
  const unsigned lanes = r.chance(3) ? (r.chance(2) ? 2u : 4u) : 1u;
  const int w = N / int(lanes);  // lane width
  switch (r.below(7)) {
    case 0: {  // rotate (within lanes)
      const int k = 1 + int(r.below(unsigned(w - 1)));
      for (int i = 0; i < N; ++i) m[size_t(i)] = i / w * w + (i % w + k) % w;
      break;
    }
    case 1: {  // shift left: zeros come in at the low end (within lanes)
      const int k = 1 + int(r.below(unsigned(w - 1)));
      for (int i = 0; i < N; ++i) m[size_t(i)] = i % w < k ? kZero : i - k;
      break;
    }
    case 2: {  // shift right: zeros come in at the high end (within lanes)
      const int k = 1 + int(r.below(unsigned(w - 1)));
      for (int i = 0; i < N; ++i) m[size_t(i)] = i % w + k < w ? i + k : kZero;
      break;
    }
    case 3: {  // zero-extend by 2, 4 or 8 from the low or the high part
      const int f = 2 << r.below(3), k = N / f;
      const int off = r.chance(2) ? 0 : N - k;
      for (int i = 0; i < N; ++i) m[size_t(i)] = i % f == 0 ? off + i / f : kZero;
      break;
    }
    case 4: {  // merge (unpack) of the low or high halves
      const int off = r.chance(2) ? 0 : N / 2;
      for (int i = 0; i < N; ++i) m[size_t(i)] = (i % 2 ? N : 0) + off + i / 2;
      break;
    }
    case 5: {  // pack: even or odd elements of concat(a, b)
      const int phase = int(r.below(2));
      for (int i = 0; i < N; ++i) m[size_t(i)] = 2 * i + phase;
      break;
    }
    default: {  // blend
      for (int i = 0; i < N; ++i) m[size_t(i)] = r.chance(2) ? i : N + i;
      break;
    }
  }
  if (r.chance(2))
    for (int& e : m)
      if (r.chance(8)) e = kUndef;
  return m;
}

void append_int(std::string& s, int v) {
  char buf[12];
  int k = 0;
  do buf[k++] = char('0' + v % 10);
  while ((v /= 10) != 0);
  while (k) s += buf[--k];
}

void append_compact(std::string& s, const TypeInfo& t, const Mask& m) {
  s += t.compact;
  s += ':';
  for (size_t i = 0; i < m.size(); ++i) {
    if (i) s += ',';
    if (m[i] == kUndef) s += 'u';
    else if (m[i] == kZero) s += 'z';
    else append_int(s, m[i]);
  }
}

// The IR form of a mask without zero lanes.
void append_ir(std::string& s, const TypeInfo& t, const Mask& m) {
  s += "%r = shufflevector ";
  s += t.ir;
  s += " %a, ";
  s += t.ir;
  s += " %b, <";
  append_int(s, int(m.size()));
  s += " x i32> <";
  for (size_t i = 0; i < m.size(); ++i) {
    s += i ? ", i32 " : "i32 ";
    if (m[i] < 0) s += "poison";
    else append_int(s, m[i]);
  }
  s += '>';
}

// kCorpusSize texts in one buffer.
struct TextCorpus {
  std::string key;
  std::string buf;
  std::vector<uint32_t> end;  // end offset of each text
  std::string_view operator[](size_t i) const {
    const uint32_t b = i ? end[i - 1] : 0;
    return std::string_view(buf).substr(b, end[i] - b);
  }
  size_t size() const { return end.size(); }
};

enum class Form { Compact, IR };

const TextCorpus& text_corpus(const TypeInfo& t, Kind kind, Form form) {
  static std::unique_ptr<TextCorpus> cur;
  const std::string key = std::string(t.compact) + (kind == Kind::Random ? "/random" : "/patterns") +
                          (form == Form::Compact ? "/compact" : "/ir");
  if (cur && cur->key == key) return *cur;
  cur.reset();  // free the previous corpus first
  auto c = std::make_unique<TextCorpus>();
  c->key = key;
  c->end.reserve(kCorpusSize);
  Rng r(kSeed ^ (uint64_t(t.n) << 32) ^ uint64_t(kind));
  for (size_t i = 0; i < kCorpusSize; ++i) {
    const Mask m = kind == Kind::Random ? random_mask(r, t.n) : pattern_mask(r, t.n);
    if (form == Form::Compact) append_compact(c->buf, t, m);
    else append_ir(c->buf, t, m);
    c->end.push_back(uint32_t(c->buf.size()));
  }
  cur = std::move(c);
  return *cur;
}

// Canonical masks, ready for classify(MaskView).
struct MaskCorpus {
  std::string key;
  unsigned n = 0;     // canonical operand width (every mask here is m == n)
  std::vector<int> entries;
  struct Flags {
    bool v1_splat, v2_splat, v2_zero;
  };
  std::vector<Flags> flags;
  size_t size() const { return flags.size(); }
  MaskView view(size_t i) const {
    MaskView v;
    v.mask = std::span<const int>(entries).subspan(i * n, n);
    v.n = n;
    v.v1_splat = flags[i].v1_splat;
    v.v2_splat = flags[i].v2_splat;
    v.v2_zero = flags[i].v2_zero;
    return v;
  }
};

const MaskCorpus* mask_corpus(const TypeInfo& t, Kind kind, std::string& error) {
  static std::unique_ptr<MaskCorpus> cur;
  const std::string key = std::string(t.compact) + (kind == Kind::Random ? "/random" : "/patterns");
  if (cur && cur->key == key) return cur.get();
  cur.reset();
  auto c = std::make_unique<MaskCorpus>();
  c->key = key;
  c->n = t.n;
  c->entries.reserve(kCorpusSize * t.n);
  c->flags.reserve(kCorpusSize);
  Rng r(kSeed ^ (uint64_t(t.n) << 32) ^ uint64_t(kind));
  std::string text;
  for (size_t i = 0; i < kCorpusSize; ++i) {
    const Mask m = kind == Kind::Random ? random_mask(r, t.n) : pattern_mask(r, t.n);
    text.clear();
    append_compact(text, t, m);
    auto sv = parse_compact(text);
    if (!sv) {
      error = "corpus mask does not parse: " + text;
      return nullptr;
    }
    const ShuffleVector can = canonicalize(*sv);
    if (can.n() != t.n || can.m() != t.n) {
      error = "unexpected canonical width for " + text;
      return nullptr;
    }
    const MaskView v = MaskView::of(can);
    c->entries.insert(c->entries.end(), can.mask.begin(), can.mask.end());
    c->flags.push_back({v.v1_splat, v.v2_splat, v.v2_zero});
  }
  cur = std::move(c);
  return cur.get();
}

void finish(benchmark::State& state, size_t matched) {
  state.SetItemsProcessed(int64_t(state.iterations()));
  // Share of masks with at least one pattern: shows what the corpus exercises.
  if (state.iterations())
    state.counters["matched"] = benchmark::Counter(double(matched) / double(state.iterations()));
}

// parse_compact + canonicalize + classify: the CLI's per-mask work minus printing.
void BM_ParseCanonClassify(benchmark::State& state, TypeInfo t, Kind kind) {
  const TextCorpus& c = text_corpus(t, kind, Form::Compact);
  size_t i = 0, matched = 0;
  for (auto _ : state) {
    auto sv = parse_compact(c[i]);
    if (!sv) {
      state.SkipWithError("corpus mask does not parse");
      break;
    }
    const ShuffleVector can = canonicalize(*sv);
    const Classification cl = classify(can);
    matched += !cl.patterns.empty();
    benchmark::DoNotOptimize(cl);
    if (++i == c.size()) i = 0;
  }
  finish(state, matched);
}

void BM_ParseCompact(benchmark::State& state, TypeInfo t, Kind kind) {
  const TextCorpus& c = text_corpus(t, kind, Form::Compact);
  size_t i = 0;
  for (auto _ : state) {
    auto sv = parse_compact(c[i]);
    benchmark::DoNotOptimize(sv);
    if (++i == c.size()) i = 0;
  }
  state.SetItemsProcessed(int64_t(state.iterations()));
}

void BM_ParseCanon(benchmark::State& state, TypeInfo t, Kind kind) {
  const TextCorpus& c = text_corpus(t, kind, Form::Compact);
  size_t i = 0;
  for (auto _ : state) {
    auto sv = parse_compact(c[i]);
    if (!sv) {
      state.SkipWithError("corpus mask does not parse");
      break;
    }
    const ShuffleVector can = canonicalize(*sv);
    benchmark::DoNotOptimize(can);
    if (++i == c.size()) i = 0;
  }
  state.SetItemsProcessed(int64_t(state.iterations()));
}

// classify alone, on masks parsed and canonicalized before timing.
void BM_Classify(benchmark::State& state, TypeInfo t, Kind kind) {
  std::string error;
  const MaskCorpus* c = mask_corpus(t, kind, error);
  if (!c) {
    state.SkipWithError(error.c_str());
    return;
  }
  size_t i = 0, matched = 0;
  for (auto _ : state) {
    const Classification cl = classify(c->view(i));
    matched += !cl.patterns.empty();
    benchmark::DoNotOptimize(cl);
    if (++i == c->size()) i = 0;
  }
  finish(state, matched);
}

// parse_shufflevector on "%r = shufflevector <16 x i8> %a, <16 x i8> %b, <16 x i32> <i32 3, ...>".
void BM_ParseShufflevector(benchmark::State& state, TypeInfo t, Kind kind) {
  const TextCorpus& c = text_corpus(t, kind, Form::IR);
  size_t i = 0;
  for (auto _ : state) {
    auto sv = parse_shufflevector(c[i]);
    if (!sv) {
      state.SkipWithError("corpus instruction does not parse");
      break;
    }
    benchmark::DoNotOptimize(sv);
    if (++i == c.size()) i = 0;
  }
  state.SetItemsProcessed(int64_t(state.iterations()));
}

// Grouped by corpus so each one is generated once.
BENCHMARK_CAPTURE(BM_ParseCanonClassify, v4i32, kV4i32, Kind::Random);
BENCHMARK_CAPTURE(BM_ParseCanonClassify, v8i16, kV8i16, Kind::Random);
BENCHMARK_CAPTURE(BM_ParseCanonClassify, v16i8, kV16i8, Kind::Random);
BENCHMARK_CAPTURE(BM_ParseCompact, v16i8, kV16i8, Kind::Random);
BENCHMARK_CAPTURE(BM_ParseCanon, v16i8, kV16i8, Kind::Random);
BENCHMARK_CAPTURE(BM_ParseCanonClassify, v32i8, kV32i8, Kind::Random);
BENCHMARK_CAPTURE(BM_ParseCanonClassify, v64i8, kV64i8, Kind::Random);
BENCHMARK_CAPTURE(BM_ParseCanonClassify, patterns_v16i8, kV16i8, Kind::Patterns);
BENCHMARK_CAPTURE(BM_ParseCompact, patterns_v16i8, kV16i8, Kind::Patterns);
BENCHMARK_CAPTURE(BM_ParseCanon, patterns_v16i8, kV16i8, Kind::Patterns);
BENCHMARK_CAPTURE(BM_Classify, v16i8, kV16i8, Kind::Random);
BENCHMARK_CAPTURE(BM_Classify, patterns_v16i8, kV16i8, Kind::Patterns);
BENCHMARK_CAPTURE(BM_Classify, v64i8, kV64i8, Kind::Random);
BENCHMARK_CAPTURE(BM_ParseShufflevector, v4i32, kV4i32, Kind::Random);
BENCHMARK_CAPTURE(BM_ParseShufflevector, v16i8, kV16i8, Kind::Random);

}  // namespace

BENCHMARK_MAIN();
