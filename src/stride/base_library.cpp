// The base-case library (seed 002 section 4.1, steps 3-5). Where the seed compares all pairs of
// matrices (O(n^2)), a pair is found by looking up the matrix the other instruction must have in
// a hash of the enumerated ones, which finds the same pairs in O(n).
#include "shufc/stride/base_library.h"

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <unistd.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "shufc/isa/registry.h"

namespace shufc::stride {

namespace {

constexpr int kCacheVersion = 1;

std::vector<int> rebase(const std::vector<int>& map, size_t from, size_t count) {
  return {map.begin() + std::ptrdiff_t(from), map.begin() + std::ptrdiff_t(from + count)};
}

// The instructions of one base case, or nothing.
std::optional<BaseCase> solve_base(const InstructionSet& set, const BaseKey& k) {
  const unsigned nu = set.mode.nu();
  const FormulaPtr spec = ILI(k.l, k.mn, k.m, k.r);
  const std::vector<int> want = evaluate(*spec);
  std::optional<BaseCase> best;
  auto offer = [&](FormulaPtr f, double cost, int rule) {
    if (!best || cost < best->cost - 1e-9) best = BaseCase{impl(spec, std::move(f)), cost, rule};
  };
  if (want.size() == nu) {
    // (20): one unary instruction.
    if (auto in = cheapest_instance(set, want, 1)) offer(instr(std::make_shared<const Instance>(*in), nu), in->cost, 20);
    // (21): u1 after u2, u1 = want o u2^-1, looked up among the enumerated matrices.
    for (const Instance& u2 : set.unary) {
      std::vector<int> inv(nu);
      for (unsigned i = 0; i < nu; ++i) inv[size_t(u2.map[i])] = int(i);
      std::vector<int> u1(nu);
      for (unsigned i = 0; i < nu; ++i) u1[i] = inv[size_t(want[i])];
      const Instance* found = set.find(u1, 1);
      if (!found) continue;
      const Instance& first = *found;
      const double cost = first.cost + u2.cost;
      if (best && cost >= best->cost - 1e-9) continue;
      offer(product({instr(std::make_shared<const Instance>(first), nu), instr(std::make_shared<const Instance>(u2), nu)}), cost, 21);
    }
    return best;
  }
  // (22): each output vector of the pair made by one instruction from the two inputs.
  auto top = cheapest_instance(set, rebase(want, 0, nu), 2);
  auto bottom = top ? cheapest_instance(set, rebase(want, nu, nu), 2) : std::nullopt;
  if (top && bottom)
    offer(stack({instr(std::make_shared<const Instance>(*top), nu), instr(std::make_shared<const Instance>(*bottom), nu)}),
          top->cost + bottom->cost, 22);
  return best;
}

std::vector<BaseKey> all_keys(unsigned nu) {
  std::vector<BaseKey> keys;
  for (unsigned size : {nu, 2 * nu})
    for (unsigned l = 1; l <= size; ++l)
      for (unsigned r = 1; l * r <= size; ++r) {
        if (size % (l * r)) continue;
        const unsigned mn = size / (l * r);
        for (unsigned m = 2; m < mn; ++m)
          if (mn % m == 0) keys.push_back({l, mn, m, r});
      }
  return keys;
}

// FNV-1a over everything the library is computed from: the mode, the cost measure and every
// instruction matrix with its cost.
std::string cache_key(const InstructionSet& set) {
  uint64_t h = 1469598103934665603ull;
  auto mix = [&](std::string_view s) {
    for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  };
  mix(fmt::format("v{} {} {}", kCacheVersion, set.mode.name(), set.mode.measure == CostMeasure::cpu ? set.mode.cpu->name : "paper"));
  for (const auto* list : {&set.unary, &set.binary})
    for (const Instance& in : *list) {
      mix(fmt::format("|{} {} {} {:.6f}", in.instr->id, in.imm, in.arity, in.cost));
      for (unsigned o : in.operands) mix(fmt::format(",{}", o));
      for (int s : in.map) mix(fmt::format(":{}", s));
    }
  for (const isa::Instruction* p : set.programmable) mix(fmt::format("|p {} {:.6f}", p->id, set.c_of(*p, true)));
  return fmt::format("{:016x}", h);
}

nlohmann::json to_json(const Instance& in) {
  return {{"id", in.instr ? in.instr->id : "copy"}, {"imm", in.imm}, {"control", in.control}, {"operands", in.operands}};
}

// Every instruction leaf of a base case's implementation, in order.
void leaves(const Formula& f, std::vector<const Instance*>& out) {
  if (f.kind == Formula::Kind::Instr) out.push_back(f.instr.get());
  for (const auto& k : f.kids) leaves(*k, out);
}

std::optional<std::shared_ptr<const Instance>> from_json(const InstructionSet& set, const nlohmann::json& j, unsigned arity) {
  const std::string id = j.at("id");
  auto ops = j.at("operands").get<std::vector<unsigned>>();
  if (id == "copy") {
    if (ops.size() != 1 || ops[0] >= arity) return std::nullopt;
    std::vector<int> map(set.mode.nu());
    for (unsigned i = 0; i < map.size(); ++i) map[i] = int(ops[0] * set.mode.nu() + i);
    return std::make_shared<const Instance>(Instance{nullptr, 0, {}, arity, ops, map, 0});
  }
  const isa::Instruction* rec = isa::find_instruction(id);
  if (!rec) return std::nullopt;
  auto in = make_instance(set, *rec, j.at("imm").get<uint64_t>(), j.at("control").get<std::vector<int>>(), ops);
  if (!in) return std::nullopt;
  in->arity = arity;  // a unary instance on one of two vectors
  return std::make_shared<const Instance>(std::move(*in));
}

// Reads the cached library; nullopt when absent, stale or not exactly right.
std::optional<std::map<BaseKey, BaseCase>> load(const InstructionSet& set, const std::string& file, const std::string& key) {
  std::ifstream f(file);
  if (!f) return std::nullopt;
  try {
    const nlohmann::json j = nlohmann::json::parse(f);
    if (j.at("key") != key) return std::nullopt;
    std::map<BaseKey, BaseCase> cases;
    const unsigned nu = set.mode.nu();
    for (const auto& e : j.at("cases")) {
      const BaseKey k{e.at("l"), e.at("mn"), e.at("m"), e.at("r")};
      const int rule = e.at("rule");
      std::vector<std::shared_ptr<const Instance>> ins;
      for (const auto& i : e.at("instructions")) {
        auto in = from_json(set, i, rule == 22 ? 2 : 1);
        if (!in) return std::nullopt;
        ins.push_back(*in);
      }
      FormulaPtr f;
      if (rule == 20 && ins.size() == 1) f = instr(ins[0], nu);
      else if (rule == 21 && ins.size() == 2) f = product({instr(ins[0], nu), instr(ins[1], nu)});
      else if (rule == 22 && ins.size() == 2) f = stack({instr(ins[0], nu), instr(ins[1], nu)});
      else return std::nullopt;
      const FormulaPtr spec = ILI(k.l, k.mn, k.m, k.r);
      if (evaluate(*spec) != evaluate(*f)) return std::nullopt;  // never trust the disk
      double cost = 0;
      for (const auto& in : ins) cost += in->cost;
      cases[k] = BaseCase{impl(spec, f), cost, rule};
    }
    return cases;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

void save(const std::map<BaseKey, BaseCase>& cases, const std::string& file, const std::string& key, const Mode& mode) {
  nlohmann::json j{{"key", key}, {"mode", mode.name()}, {"cases", nlohmann::json::array()}};
  for (const auto& [k, c] : cases) {
    std::vector<const Instance*> ins;
    leaves(*c.formula, ins);
    nlohmann::json list = nlohmann::json::array();
    for (const Instance* in : ins) list.push_back(to_json(*in));
    j["cases"].push_back({{"l", k.l}, {"mn", k.mn}, {"m", k.m}, {"r", k.r}, {"rule", c.rule}, {"instructions", list}});
  }
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(file).parent_path(), ec);
  // Write then rename: a concurrent reader never sees half a file.
  const std::string tmp = file + fmt::format(".tmp{}", ::getpid());
  {
    std::ofstream o(tmp);
    if (!o) return;
    o << j.dump(1) << "\n";
  }
  std::filesystem::rename(tmp, file, ec);
  if (ec) std::filesystem::remove(tmp, ec);
}

}  // namespace

const BaseCase* BaseLibrary::find(const BaseKey& k) const {
  auto it = cases.find(k);
  return it == cases.end() ? nullptr : &it->second;
}

std::string default_cache_dir() {
  if (const char* d = std::getenv("SHUFC_CACHE_DIR"); d && *d) return d;
  if (const char* d = std::getenv("XDG_CACHE_HOME"); d && *d) return std::string(d) + "/shufc";
  if (const char* d = std::getenv("HOME"); d && *d) return std::string(d) + "/.cache/shufc";
  return "";
}

BaseLibrary build_base_library(const Mode& mode, const std::string& cache_dir) {
  const auto start = std::chrono::steady_clock::now();
  BaseLibrary lib;
  lib.set = build_instruction_set(mode);
  const std::vector<BaseKey> keys = all_keys(mode.nu());
  lib.keys = unsigned(keys.size());
  const std::string key = cache_key(lib.set);
  if (!cache_dir.empty()) {
    lib.cache_file = fmt::format("{}/stride-{}.json", cache_dir, key);
    if (auto cases = load(lib.set, lib.cache_file, key)) {
      lib.cases = std::move(*cases);
      lib.from_cache = true;
    }
  }
  if (!lib.from_cache) {
    for (const BaseKey& k : keys)
      if (auto c = solve_base(lib.set, k)) lib.cases.emplace(k, std::move(*c));
    if (!lib.cache_file.empty()) save(lib.cases, lib.cache_file, key, mode);
  }
  if (mode.lanes == 1 && mode.target.arch == isa::Arch::x86 && mode.reg_bits > 128 && mode.elem_bits < 128) {
    Mode lane = mode;
    lane.lanes = mode.reg_bits / 128;
    lib.lanes = std::make_shared<const BaseLibrary>(build_base_library(lane, cache_dir));
    Mode block = mode;
    block.elem_bits = 128;
    block.floating = false;
    lib.blocks = std::make_shared<const BaseLibrary>(build_base_library(block, cache_dir));
  }
  lib.build_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return lib;
}

}  // namespace shufc::stride
