// OVLSAccessType: how a memory reference walks memory ([strided | indexed] × [load | store]).
#pragma once
#include <string_view>

namespace shufc::vls {

enum class AccessType { StridedLoad, StridedStore, IndexedLoad, IndexedStore };

inline bool is_load(AccessType t) { return t == AccessType::StridedLoad || t == AccessType::IndexedLoad; }
inline bool is_strided(AccessType t) { return t == AccessType::StridedLoad || t == AccessType::StridedStore; }

// The seed's spelling in traces: SLoad, SStore, ILoad, IStore.
inline std::string_view name(AccessType t) {
  switch (t) {
    case AccessType::StridedLoad: return "SLoad";
    case AccessType::StridedStore: return "SStore";
    case AccessType::IndexedLoad: return "ILoad";
    case AccessType::IndexedStore: return "IStore";
  }
  return "?";
}

}  // namespace shufc::vls
