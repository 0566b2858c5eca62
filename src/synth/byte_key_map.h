// An open-addressing hash map from short byte strings to int: the search's memo tables (contents
// by their bytes, requirements by their answer) are looked up millions of times per search, and
// std::unordered_map<std::string> spent half of a level-3 proof hashing and chasing buckets.
#pragma once
#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace shufc::synth {

class ByteKeyMap {
 public:
  // The value stored under `key`, or nullptr.
  const int* find(std::string_view key) const {
    if (slots_.empty()) return nullptr;
    const uint64_t h = hash(key);
    for (size_t i = h & mask_;; i = (i + 1) & mask_) {
      const Slot& s = slots_[i];
      if (s.offset == kEmpty) return nullptr;
      if (s.hash == h && s.length == key.size() && std::memcmp(arena_.data() + s.offset, key.data(), key.size()) == 0)
        return &s.value;
    }
  }
  // Inserts `key`, or overwrites its value.
  void put(std::string_view key, int value) {
    if (2 * (size_ + 1) > slots_.size()) grow();
    const uint64_t h = hash(key);
    for (size_t i = h & mask_;; i = (i + 1) & mask_) {
      Slot& s = slots_[i];
      if (s.offset == kEmpty) {
        s = {h, uint32_t(arena_.size()), uint32_t(key.size()), value};
        arena_.append(key);
        ++size_;
        return;
      }
      if (s.hash == h && s.length == key.size() && std::memcmp(arena_.data() + s.offset, key.data(), key.size()) == 0) {
        s.value = value;
        return;
      }
    }
  }
  size_t size() const { return size_; }

 private:
  static constexpr uint32_t kEmpty = 0xFFFFFFFFu;
  struct Slot {
    uint64_t hash = 0;
    uint32_t offset = kEmpty, length = 0;
    int value = 0;
  };
  // Eight bytes at a time, multiply and rotate (keys are 16..130 bytes).
  static uint64_t hash(std::string_view k) {
    uint64_t h = 0x243F6A8885A308D3ull ^ k.size();
    size_t i = 0;
    for (; i + 8 <= k.size(); i += 8) {
      uint64_t w;
      std::memcpy(&w, k.data() + i, 8);
      h = std::rotl((h ^ w) * 0x9E3779B97F4A7C15ull, 29);
    }
    uint64_t w = 0;
    std::memcpy(&w, k.data() + i, k.size() - i);
    h = (h ^ w) * 0x9E3779B97F4A7C15ull;
    return h ^ (h >> 32);
  }
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.empty() ? 1024 : 2 * old.size(), Slot{});
    mask_ = slots_.size() - 1;
    for (const Slot& s : old) {
      if (s.offset == kEmpty) continue;
      size_t i = s.hash & mask_;
      while (slots_[i].offset != kEmpty) i = (i + 1) & mask_;
      slots_[i] = s;
    }
  }

  std::vector<Slot> slots_;
  std::string arena_;
  size_t mask_ = 0, size_ = 0;
};

}  // namespace shufc::synth
