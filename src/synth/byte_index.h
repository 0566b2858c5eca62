// Contents by (byte position, label): for each slot, the ids of the contents holding that label at
// that position, ascending. A search indexes its depth-1 contents at once (two passes into one
// flat array) and then appends what it makes, one id to each of its slots: a vector per slot
// cost a fifth of a 128-bit search in malloc and free (a thousand slots, each grown in steps).
#pragma once
#include <cstdint>
#include <vector>

namespace shufc::synth {

class ByteIndex {
 public:
  // Ids of one slot in ascending order: the bulk-built ones, then the appended chain.
  class List {
   public:
    class iterator {
     public:
      int operator*() const { return bulk_ < bulk_end_ ? *bulk_ : index_->chain_[size_t(link_)].id; }
      iterator& operator++() {
        if (bulk_ < bulk_end_) ++bulk_;
        else link_ = index_->chain_[size_t(link_)].next;
        return *this;
      }
      bool operator!=(const iterator& o) const { return bulk_ != o.bulk_ || link_ != o.link_; }

     private:
      friend class List;
      iterator(const ByteIndex* index, const int* bulk, const int* bulk_end, int link)
          : index_(index), bulk_(bulk), bulk_end_(bulk_end), link_(link) {}
      const ByteIndex* index_;
      const int *bulk_, *bulk_end_;
      int link_;
    };
    iterator begin() const { return {index_, bulk_, bulk_end_, head_}; }
    iterator end() const { return {index_, bulk_end_, bulk_end_, -1}; }
    size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }

   private:
    friend class ByteIndex;
    const ByteIndex* index_;
    const int *bulk_, *bulk_end_;
    int head_;
    size_t size_;
  };

  // Indexes contents 0..n-1 at once; slot_of(id, j) gives the slot of content id's byte j.
  template <class SlotOf>
  void build(size_t slots, int n, unsigned bytes, SlotOf slot_of) {
    start_.assign(slots + 1, 0);
    for (int id = 0; id < n; ++id)
      for (unsigned j = 0; j < bytes; ++j) ++start_[slot_of(id, j) + 1];
    for (size_t s = 0; s < slots; ++s) start_[s + 1] += start_[s];
    ids_.resize(start_[slots]);
    std::vector<uint32_t> at(start_.begin(), start_.end() - 1);
    for (int id = 0; id < n; ++id)
      for (unsigned j = 0; j < bytes; ++j) ids_[at[slot_of(id, j)]++] = id;
    head_.assign(slots, -1);
    tail_.assign(slots, -1);
    appended_.assign(slots, 0);
    chain_.clear();
  }
  // Adds an id (larger than every id indexed so far) to a slot.
  void append(size_t slot, int id) {
    const int link = int(chain_.size());
    chain_.push_back({id, -1});
    if (tail_[slot] < 0) head_[slot] = link;
    else chain_[size_t(tail_[slot])].next = link;
    tail_[slot] = link;
    ++appended_[slot];
  }
  List operator[](size_t slot) const {
    List l;
    l.index_ = this;
    l.bulk_ = ids_.data() + start_[slot];
    l.bulk_end_ = ids_.data() + start_[slot + 1];
    l.head_ = head_[slot];
    l.size_ = size_t(start_[slot + 1] - start_[slot]) + appended_[slot];
    return l;
  }

 private:
  struct Link {
    int id, next;
  };
  std::vector<uint32_t> start_;  // slot s's bulk ids: ids_[start_[s], start_[s + 1])
  std::vector<int> ids_;
  std::vector<int> head_, tail_;  // slot s's appended chain (-1: none)
  std::vector<uint32_t> appended_;
  std::vector<Link> chain_;
};

}  // namespace shufc::synth
