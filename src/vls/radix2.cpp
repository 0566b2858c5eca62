// The radix-2 strategy (see radix2.h).
#include "shufc/vls/radix2.h"

#include <fmt/format.h>

namespace shufc::vls {

namespace {

using Label = std::pair<int, int>;  // (member, element); (-1, -1) nothing

struct Vec {
  unsigned value;
  std::vector<Label> lanes;
};

}  // namespace

Expected<Sequence> radix2_sequence(const Group& g, Sequence s, CostClient& client) {
  const unsigned w = s.type.num_elements, f = unsigned(g.size()), c = unsigned(s.chunks.size());
  if (f < 2 || (f & (f - 1)) || c != f)
    return Error{fmt::format("radix-2 stages need 2^k members over as many chunks ({} members, {} chunks)", f, c)};
  s.strategy = Strategy::Radix2;
  s.cost = 0;
  // What each chunk element holds.
  std::vector<std::vector<Label>> chunk(c, std::vector<Label>(w, {-1, -1}));
  for (unsigned a = 0; a < f; ++a)
    for (unsigned i = 0; i < w; ++i) chunk[s.places[a][i].chunk][s.places[a][i].elem] = {int(a), int(i)};
  unsigned next = f + c + 1;  // values after the graph's numbering (results 1.., sources after)
  std::vector<Vec> v;
  if (s.load) {
    for (unsigned k = 0; k < c; ++k) {
      v.push_back({f + 1 + k, chunk[k]});
      s.inputs.push_back(f + 1 + k);
      Instruction ld{Instruction::Kind::Load, f + 1 + k, s.type, s.chunks[k], s.chunk_masks[k], {}, {}};
      s.cost += client.load_cost(s.type, ld.masked());
      s.instructions.push_back(std::move(ld));
    }
  } else {
    for (unsigned a = 0; a < f; ++a) {
      std::vector<Label> lanes(w);
      for (unsigned i = 0; i < w; ++i) lanes[i] = {int(a), int(i)};
      v.push_back({c + 1 + a, lanes});
      s.inputs.push_back(c + 1 + a);
    }
  }
  auto shuffle = [&](const Vec& x, const Vec& y, const std::vector<int>& mask) -> Expected<Vec> {
    const ShuffleMask m{s.type, 2, mask};
    auto cost = client.shuffle_cost(m);
    if (!cost) return Error{fmt::format("the client has no instruction sequence for {}", m.str())};
    s.cost += *cost;
    ++s.shuffles;
    Vec r{next++, std::vector<Label>(w)};
    for (unsigned i = 0; i < w; ++i) r.lanes[i] = mask[i] < int(w) ? x.lanes[size_t(mask[i])] : y.lanes[size_t(mask[i]) - w];
    s.instructions.push_back({Instruction::Kind::Shuffle, r.value, s.type, 0, {}, {x.value, y.value}, mask});
    return r;
  };
  std::vector<int> even(w), odd(w), lo(w), hi(w);
  for (unsigned i = 0; i < w; ++i) {
    even[i] = int(2 * i), odd[i] = int(2 * i + 1);
    lo[i] = int(i / 2 + (i % 2) * w), hi[i] = int(w / 2 + i / 2 + (i % 2) * w);
  }
  for (unsigned stage = 1; stage < f; stage *= 2) {
    std::vector<Vec> next_v(v.size());
    for (unsigned k = 0; k < f / 2; ++k) {
      if (s.load) {  // [evens of each pair..., odds of each pair...]
        auto e = shuffle(v[2 * k], v[2 * k + 1], even);
        if (!e) return e.error();
        auto o = shuffle(v[2 * k], v[2 * k + 1], odd);
        if (!o) return o.error();
        next_v[k] = *e, next_v[f / 2 + k] = *o;
      } else {  // pairs (k, k + f/2), each giving [low half interleaved, high half interleaved]
        auto l = shuffle(v[k], v[k + f / 2], lo);
        if (!l) return l.error();
        auto h = shuffle(v[k], v[k + f / 2], hi);
        if (!h) return h.error();
        next_v[2 * k] = *l, next_v[2 * k + 1] = *h;
      }
    }
    v = std::move(next_v);
  }
  // The stages must end in the members (loads) or in the chunks (stores), lane for lane.
  s.results.assign(s.load ? f : c, 0);
  for (unsigned k = 0; k < f; ++k) {
    if (s.load) {
      const int a = v[k].lanes[0].first;
      for (unsigned i = 0; i < w; ++i)
        if (a < 0 || v[k].lanes[i] != Label{a, int(i)}) return Error{"the radix-2 stages do not end in the members"};
      s.results[unsigned(a)] = v[k].value;
    } else {
      for (unsigned i = 0; i < w; ++i)
        if (s.chunk_masks[k][i] && v[k].lanes[i] != chunk[k][i]) return Error{"the radix-2 stages do not end in the chunks"};
      s.results[k] = v[k].value;
      Instruction st{Instruction::Kind::Store, 0, s.type, s.chunks[k], s.chunk_masks[k], {v[k].value}, {}};
      s.cost += client.store_cost(s.type, st.masked());
      s.instructions.push_back(std::move(st));
    }
  }
  return s;
}

}  // namespace shufc::vls
