// Costs for a shufc target and CPU (see target_client.h).
#include "shufc/vls/target_client.h"

#include <cstring>

#include <fmt/format.h>

namespace shufc::vls {

namespace {

struct MemoryCost {
  const char* cpu;
  const char* id;
  double latency, rthroughput;
  unsigned uops;
};
const MemoryCost kMemoryCosts[] = {
#include "memory_costs.inc"
};

const MemoryCost* memory_cost(std::string_view cpu, const std::string& id) {
  for (const MemoryCost& c : kMemoryCosts)
    if (cpu == c.cpu && id == c.id) return &c;
  return nullptr;
}

bool has(const isa::Target& t, isa::Feature f) { return t.features.has(f); }

}  // namespace

double TargetCostClient::table(const std::string& id) const {
  if (auto c = instr_cost(lowering_.cpu(), id)) return c->rthroughput;
  if (const MemoryCost* m = memory_cost(lowering_.cpu().name, id)) return m->rthroughput;
  // A CPU without the entry (an AArch64 model has no gathers): one issue cycle, stated in docs/vls.md.
  return 1.0;
}

std::optional<double> TargetCostClient::shuffle_cost(const ShuffleMask& m) {
  const Expected<Program>& p = lowering_.lower(m);
  if (!p) return std::nullopt;
  return lowering_.cost(*p);
}

double TargetCostClient::load_cost(VectorType type, bool masked) {
  const unsigned bits = type.bits();
  if (!masked) return table(fmt::format("load.{}", bits));
  // Masked: vpmaskmov for 32/64-bit elements, an AVX-512 masked move for any width; bytes and
  // words on AVX2 have no masked load, and the gaps lie between bytes the group reads anyway, so a
  // plain load is what compilers emit there.
  if (bits == 512 || (has(lowering_.target(), isa::Feature::avx512bw) && bits <= 512)) return table("maskload.512");
  if (type.element_bits >= 32 && has(lowering_.target(), isa::Feature::avx2))
    return table(fmt::format("maskload.{}.{}", type.element_bits, bits));
  return table(fmt::format("load.{}", bits));
}

double TargetCostClient::store_cost(VectorType type, bool masked) {
  const unsigned bits = type.bits();
  if (!masked) return table(fmt::format("store.{}", bits));
  if (has(lowering_.target(), isa::Feature::avx512bw)) return table("maskstore.512");
  if (type.element_bits >= 32 && has(lowering_.target(), isa::Feature::avx2))
    return table(fmt::format("maskstore.{}.{}", type.element_bits, bits));
  // No masked store for bytes/words: load the old bytes, blend, store.
  const char* blend = bits == 256 ? "vpblendvb.256" : has(lowering_.target(), isa::Feature::avx) ? "vpblendvb" : "pblendvb";
  return table(fmt::format("load.{}", bits)) + table(blend) +
         table(fmt::format("store.{}", bits));
}

std::string TargetCostClient::gather_kind(const Memref& m) const {
  const VectorType t = m.type();
  const unsigned bits = t.bits(), eb = t.element_bits;
  const isa::Target& tg = lowering_.target();
  if (is_load(m.access())) {
    if ((eb == 32 || eb == 64) && (bits <= 256 ? has(tg, isa::Feature::avx2) : has(tg, isa::Feature::avx512f)))
      return fmt::format("vpgather{}{} ({}-bit)", eb == 32 ? "d" : "q", eb == 32 ? "d" : "q", bits);
    return fmt::format("{} x vpinsr{} from memory", t.num_elements, eb == 8 ? "b" : eb == 16 ? "w" : eb == 32 ? "d" : "q");
  }
  if ((eb == 32 || eb == 64) && has(tg, isa::Feature::avx512f))
    return fmt::format("vpscatter{}{} ({}-bit)", eb == 32 ? "d" : "q", eb == 32 ? "d" : "q", bits);
  return fmt::format("{} x vpextr{} to memory", t.num_elements, eb == 8 ? "b" : eb == 16 ? "w" : eb == 32 ? "d" : "q");
}

double TargetCostClient::gather_cost(const Memref& m) {
  const VectorType t = m.type();
  const unsigned bits = t.bits(), eb = t.element_bits;
  const isa::Target& tg = lowering_.target();
  const unsigned halves = bits > 128 ? bits / 128 - 1 : 0;  // 128-bit pieces put together / taken apart
  if (is_load(m.access())) {
    if ((eb == 32 || eb == 64) && (bits <= 256 ? has(tg, isa::Feature::avx2) : has(tg, isa::Feature::avx512f)))
      return table(fmt::format("gather.{}.{}", eb, bits));
    return t.num_elements * table(fmt::format("insert.{}", eb)) + halves * table(bits == 512 ? "half.512" : "half.256");
  }
  if ((eb == 32 || eb == 64) && has(tg, isa::Feature::avx512f)) return table(fmt::format("scatter.{}.{}", eb, bits));
  return t.num_elements * table(fmt::format("extract.{}", eb)) + halves * table(bits == 512 ? "vextracti64x4.512" : "vextracti128");
}

}  // namespace shufc::vls
