// A CostClient for a shufc target and CPU: shuffles cost what their lowering (synthesised,
// simulator-checked) costs in the CPU's table; loads, stores, gathers and scatters cost what
// llvm-mca-19 says of the instruction (src/vls/memory_costs.inc, scripts/gen_vls_costs.sh).
#pragma once
#include <string>

#include "shufc/vls/cost_client.h"
#include "shufc/vls/shuffle_lowering.h"

namespace shufc::vls {

class TargetCostClient : public CostClient {
 public:
  explicit TargetCostClient(ShuffleLowering& lowering) : lowering_(lowering) {}
  std::optional<double> shuffle_cost(const ShuffleMask& m) override;
  double load_cost(VectorType type, bool masked) override;
  double store_cost(VectorType type, bool masked) override;
  double gather_cost(const Memref& m) override;
  // How a gather / scatter of this memref is done on the target, for reports ("vpgatherqq ymm").
  std::string gather_kind(const Memref& m) const;

 private:
  double table(const std::string& id) const;  // rthroughput from the CPU table or memory_costs.inc
  ShuffleLowering& lowering_;
};

}  // namespace shufc::vls
