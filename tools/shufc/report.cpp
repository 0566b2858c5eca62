#include "report.h"

#include <fmt/format.h>

namespace shufc::cli {

using json = nlohmann::ordered_json;

namespace {

json opt_int(std::optional<int> v) { return v ? json(*v) : json(nullptr); }

std::string join(const std::vector<int>& v, const char* sep = ",") {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) {
    if (i) s += sep;
    s += v[i] == kUndef ? std::string("u") : v[i] == kZero ? std::string("z") : fmt::format("{}", v[i]);
  }
  return s;
}

const char* source_name(int s) { return s ? "v2" : "v1"; }

}  // namespace

json canonical_json(const ShuffleVector& sv) {
  json j;
  j["type"] = sv.type.ir();
  j["result_type"] = sv.result_type().ir();
  j["v1"] = sv.v1.ir(sv.type.elem);
  j["v2"] = sv.v2.ir(sv.type.elem);
  j["mask"] = sv.mask;
  j["scalable"] = sv.scalable();
  j["ir"] = sv.ir();
  if (sv.from_compact && sv.compact_ok()) j["compact"] = sv.compact();
  if (sv.widened_from) j["widened_from"] = sv.widened_from;
  return j;
}

json pattern_json(const PatternMatch& p, const ShuffleVector& sv) {
  const unsigned bits = sv.type.elem.bits;
  json j;
  j["name"] = std::string(name(p.kind));
  j["lanes"] = p.lanes;
  switch (p.kind) {
    case PatternKind::identity:
    case PatternKind::concat: break;
    case PatternKind::splat:
      j["source"] = source_name(p.source);
      j["index"] = p.index;
      break;
    case PatternKind::reverse: j["source"] = source_name(p.source); break;
    case PatternKind::rotate:
      j["source"] = source_name(p.source);
      j["direction"] = "right";
      j["amount"] = p.amount;
      j["amount_bits"] = uint64_t(p.amount) * bits;
      break;
    case PatternKind::shift_left:
    case PatternKind::shift_right:
      j["amount"] = p.amount;
      j["amount_bits"] = uint64_t(p.amount) * bits;
      break;
    case PatternKind::zero_extend:
      j["factor"] = p.factor;
      j["offset"] = p.index;
      j["from_bits"] = bits;
      j["to_bits"] = uint64_t(bits) * unsigned(p.factor);
      break;
    case PatternKind::merge: j["offset"] = p.index; break;
    case PatternKind::pack:
    case PatternKind::transpose: j["phase"] = p.index; break;
    case PatternKind::blend: j["select"] = p.list; break;
    case PatternKind::parallel_extract: j["indices"] = p.list; break;
    case PatternKind::parallel_deposit: j["positions"] = p.list; break;
    case PatternKind::splice: j["offset"] = p.index; break;
    case PatternKind::extract_subvector:
      j["index"] = p.index;
      j["length"] = sv.m() / p.lanes;
      break;
    case PatternKind::insert_subvector:
      j["source"] = source_name(p.source);
      j["index"] = p.index;
      j["length"] = p.length;
      break;
    case PatternKind::replicate: j["factor"] = p.factor; break;
    case PatternKind::interleave:
      j["factor"] = p.factor;
      j["starts"] = p.list;
      break;
    case PatternKind::deinterleave:
      j["factor"] = p.factor;
      j["phase"] = p.index;
      break;
  }
  return j;
}

json classification_json(const Classification& c) {
  json j;
  j["lanes"] = {{"count", c.lanes.count}, {"mask", c.lanes.mask}};
  json diff = json::array();
  for (auto d : c.signature.diff) diff.push_back(opt_int(d));
  j["signature"] = {{"first", opt_int(c.signature.first)}, {"diff", diff}};
  return j;
}

std::string pattern_text(const PatternMatch& p, const ShuffleVector& sv) {
  const json j = pattern_json(p, sv);
  std::string s = std::string(name(p.kind)) + "(";
  bool first = true;
  for (auto it = j.begin(); it != j.end(); ++it) {
    if (it.key() == "name" || (it.key() == "lanes" && p.lanes == 1)) continue;
    if (!first) s += ", ";
    first = false;
    s += it.key() + "=";
    if (it->is_array()) {
      std::vector<int> v = it->get<std::vector<int>>();
      s += "[" + join(v) + "]";
    } else if (it->is_string()) {
      s += it->get<std::string>();
    } else {
      s += it->dump();
    }
  }
  return first ? std::string(name(p.kind)) : s + ")";
}

std::string classification_text(const ShuffleVector& sv, const Classification& c) {
  std::string s = sv.str();
  s += fmt::format(" | lanes {} x [{}]", c.lanes.count, join(c.lanes.mask));
  std::string diff;
  for (size_t i = 0; i < c.signature.diff.size(); ++i) {
    if (i) diff += ", ";
    diff += c.signature.diff[i] ? fmt::format("{}", *c.signature.diff[i]) : "?";
  }
  s += fmt::format(" | signature ({}, [{}])", c.signature.first ? fmt::format("{}", *c.signature.first) : "?", diff);
  s += " |";
  if (c.patterns.empty()) s += " no pattern";
  for (size_t i = 0; i < c.patterns.size(); ++i) s += (i ? ", " : " ") + pattern_text(c.patterns[i], sv);
  return s;
}

}  // namespace shufc::cli
