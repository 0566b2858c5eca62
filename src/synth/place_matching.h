// Distinct bytes at distinct places of one register (up to 64 places): each byte with the places
// it may take, matched by augmenting paths. The one-crossing argument asks whether a register can
// hold a set of bytes; the shifted-blend stage lays one out.
#pragma once
#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

namespace shufc::synth {

class PlaceMatching {
 public:
  // A byte (its label) and places it may take; a byte added again may sit at any of both
  // (a register may hold it twice: one place suffices).
  void add(int label, uint64_t may) {
    const auto at = std::find(labels_.begin(), labels_.end(), label);
    if (at == labels_.end()) labels_.push_back(label), may_.push_back(may);
    else may_[size_t(at - labels_.begin())] |= may;
  }
  // Each place's byte (its label, or -1 for none), when every byte has a place of its own.
  std::optional<std::vector<int>> places(unsigned count) const {
    std::vector<int> owner(count, -1);  // place -> index of its byte
    for (size_t l = 0; l < labels_.size(); ++l) {
      std::vector<bool> seen(count, false);
      if (!augment(l, owner, seen)) return std::nullopt;
    }
    for (int& o : owner)
      if (o >= 0) o = labels_[size_t(o)];
    return owner;
  }
  bool complete(unsigned count) const { return places(count).has_value(); }

 private:
  bool augment(size_t who, std::vector<int>& owner, std::vector<bool>& seen) const {
    for (unsigned x = 0; x < owner.size(); ++x) {
      if (!(may_[who] >> x & 1) || seen[x]) continue;
      seen[x] = true;
      if (owner[x] < 0 || augment(size_t(owner[x]), owner, seen)) {
        owner[x] = int(who);
        return true;
      }
    }
    return false;
  }
  std::vector<int> labels_;
  std::vector<uint64_t> may_;
};

}  // namespace shufc::synth
