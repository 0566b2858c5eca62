// isa_check_gen ARCH OUT.c [--asm] [--seed N]: writes one self-contained C program that checks
// every instruction record of ARCH (x86 or aarch64) against the real instruction.
//
// For each record, a sample of instances (every immediate when there are at most 16, else 0, 1,
// the last and a few random ones; for programmable records, special and random controls that the
// record accepts) runs on a few input sets (0x00/0xff/0x80/0x7f patterns, random bytes, distinct
// bytes, and mixes of saturation edge values at each input's element width). The program
// calls the record's intrinsic on those inputs and compares the bytes it stores with the bytes the
// simulator (shufc::execute) computed here, which are embedded in the program. It prints every
// mismatch (instruction, immediate or control, inputs, expected, got) and ends with the line
// "N passed, M failed" (one test per instance); it exits non-zero on any failure.
//
// The intrinsic templates are filled in as follows: {0} .. {3} become the inputs (C variables
// loaded with memcpy, so loads are type-generic on every target), {imm} the immediate literal,
// {c} a control vector loaded from the bytes Control::encode produced (ctl_elem_bits each,
// little-endian), and {c:k} a mask register value (__mmaskN, N = ctl_elem_bits, the single value
// encode produced), {imm_hi} / {imm_lo} imm / n and imm % n (NEON ins), {imm_sh} 8 (imm + 1) (NEON
// byte shifts). Controls and masks are read from memory at run time so that the compiler cannot
// fold them into some other instruction.
// With --asm (x86), each test runs the record's assembly template as inline asm instead (compile
// with -masm=intel): that checks the templates' operand order too. See asm_statement.
//
// Per architecture (see the Arch helpers below): C types of inputs and controls, the header, the
// per-group compile attributes and run-time feature checks. x86 groups compile with
// __attribute__((target(...))) and are skipped (with a message) when the CPU lacks a feature, so
// the file compiles with plain `cc -O1`. AArch64 groups need nothing: compile with
// `clang-19 --target=aarch64-linux-gnu` or aarch64-linux-gnu-gcc, run under qemu-aarch64.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "shufc/isa/registry.h"
#include "shufc/sim.h"

namespace {

using namespace shufc;
using isa::Control;
using isa::Feature;
using isa::Instruction;

[[noreturn]] void fail(const std::string& msg) {
  std::fprintf(stderr, "isa_check_gen: %s\n", msg.c_str());
  std::exit(1);
}

// ---- Architecture-specific parts ----

bool is_arch(const Instruction& in, isa::Arch a) { return (in.feature == Feature::neon) == (a == isa::Arch::aarch64); }

// The digits of a C vector type name: "__m256i" -> 256 (x86).
unsigned x86_type_bits(std::string_view t) {
  unsigned v = 0;
  for (char ch : t.substr(3))
    if (ch >= '0' && ch <= '9') v = v * 10 + unsigned(ch - '0');
    else break;
  return v;
}

// x86: __m<bits>{i,,d} keeps the record's family (integer, float, double) at another width.
std::string x86_type(std::string_view ctype, unsigned bits) {
  std::string suffix(ctype.substr(3 + std::to_string(x86_type_bits(ctype)).size()));
  return "__m" + std::to_string(bits) + suffix;
}

// AArch64: <base><elem bits>x<lanes>_t with the base ("uint", "int", "float", "poly") of the
// record's ctype. (A guess that fits the NEON intrinsics; refine here when a record needs it.)
std::string neon_type(std::string_view ctype, unsigned elem_bits, unsigned bits) {
  size_t d = 0;
  while (d < ctype.size() && !(ctype[d] >= '0' && ctype[d] <= '9')) ++d;
  return std::string(ctype.substr(0, d)) + std::to_string(elem_bits) + "x" + std::to_string(bits / elem_bits) + "_t";
}

// Input k's C type: its own register width and element width (in_elem_bits: xtn2.16b reads
// uint8x16_t and uint16x8_t).
std::string input_ctype(isa::Arch a, const Instruction& in, unsigned k) {
  if (in.in_bits(k) == in.reg_bits && in.in_elem_bits(k) == in.elem_bits) return in.spell.ctype;
  if (a == isa::Arch::x86) return x86_type(in.spell.ctype, in.in_bits(k));
  return neon_type(in.spell.ctype, in.in_elem_bits(k), in.in_bits(k));
}

// The C type of a control vector of `bits` bits. x86 variable blends take the data type
// (_mm_blendv_ps(__m128, __m128, __m128)); permutes take integer vectors.
std::string control_ctype(isa::Arch a, const Instruction& in, unsigned bits) {
  if (a == isa::Arch::x86)
    return in.control.kind == Control::Kind::Select ? x86_type(in.spell.ctype, bits) : "__m" + std::to_string(bits) + "i";
  return "uint" + std::to_string(in.control.ctl_elem_bits) + "x" + std::to_string(bits / in.control.ctl_elem_bits) + "_t";
}

// Features named as the compilers' target attributes and __builtin_cpu_supports take them.
const char* x86_feature_name(Feature f) {
  switch (f) {
    case Feature::sse2: return "sse2";
    case Feature::sse3: return "sse3";
    case Feature::ssse3: return "ssse3";
    case Feature::sse41: return "sse4.1";
    case Feature::avx: return "avx";
    case Feature::avx2: return "avx2";
    case Feature::avx512f: return "avx512f";
    case Feature::avx512bw: return "avx512bw";
    case Feature::avx512dq: return "avx512dq";
    case Feature::avx512vl: return "avx512vl";
    case Feature::avx512vbmi: return "avx512vbmi";
    case Feature::avx512vbmi2: return "avx512vbmi2";
    case Feature::neon: return "neon";
  }
  return "?";
}

// What a group is compiled with and checked for: the record's needs, plus avx512f under any
// AVX-512 feature and avx512bw under VBMI/VBMI2 (GCC's headers want them for 32/64-bit masks).
std::vector<Feature> x86_group_features(isa::FeatureSet needs) {
  auto is512 = [](Feature f) { return f >= Feature::avx512f && f <= Feature::avx512vbmi2; };
  for (unsigned f = 0; f < isa::kNumFeatures; ++f) {
    if (!needs.has(Feature(f))) continue;
    if (is512(Feature(f))) needs = needs.with(Feature::avx512f);
    if (Feature(f) == Feature::avx512vbmi || Feature(f) == Feature::avx512vbmi2) needs = needs.with(Feature::avx512bw);
  }
  std::vector<Feature> out;
  for (unsigned f = 0; f < isa::kNumFeatures; ++f)
    if (needs.has(Feature(f))) out.push_back(Feature(f));
  return out;
}

// ---- Instances and data ----

struct Case {
  const Instruction* in;
  uint64_t imm = 0;
  std::vector<int> control;
  std::string describe() const {
    if (!in->programmable()) return in->imm_count ? "imm " + std::to_string(imm) : "-";
    std::string s = "control [";
    for (size_t i = 0; i < control.size(); ++i) s += (i ? "," : "") + (control[i] < 0 ? std::string("z") : std::to_string(control[i]));
    return s + "]";
  }
};

std::vector<uint64_t> sample_immediates(const Instruction& in, std::mt19937_64& rng) {
  if (in.imm_count == 0) return {0};
  std::vector<uint64_t> v;
  if (in.imm_count <= 16) {
    for (uint64_t i = 0; i < in.imm_count; ++i) v.push_back(i);
    return v;
  }
  std::set<uint64_t> s = {0, 1, in.imm_count - 1};
  while (s.size() < 10) s.insert(rng() % in.imm_count);
  return {s.begin(), s.end()};
}

// Special controls (identity, reverse, broadcast, zeros, a compress and an expand shape, the
// second table) and random ones, all accepted by the record.
std::vector<std::vector<int>> sample_controls(const Instruction& in, std::mt19937_64& rng) {
  const Control& c = in.control;
  const unsigned n = in.n(), n_src = in.in_bits(0) / in.in_elem_bits(0), total = c.table_inputs * n_src;
  const unsigned blk = c.block_elems ? c.block_elems : n_src;
  std::vector<std::vector<int>> cands;
  auto make = [&](auto f) {
    std::vector<int> v(n);
    for (unsigned i = 0; i < n; ++i) v[i] = f(i);
    cands.push_back(std::move(v));
  };
  if (c.kind == Control::Kind::Select) {
    make([&](unsigned i) { return int(i); });
    make([&](unsigned i) { return int(n + i); });
    make([&](unsigned i) { return int(i % 2 ? n + i : i); });
    for (int r = 0; r < 5; ++r) make([&](unsigned i) { return int(rng() % 2 ? n + i : i); });
  } else {
    make([&](unsigned i) { return int(i); });
    make([&](unsigned i) { return int(i / blk * blk + (blk - 1 - i % blk)); });
    make([&](unsigned i) { return int(i / blk * blk); });
    make([&](unsigned i) { return int(total - 1 - i % total); });
    make([&](unsigned i) { return int((n + i) % total); });
    make([&](unsigned) { return -1; });
    make([&](unsigned i) { return i % 3 == 1 ? -1 : int(i); });
    // compress shape: increasing distinct sources, then zeros; expand shape: 0, 1, ... at kept spots
    for (int r = 0; r < 2; ++r) {
      std::vector<int> src;
      for (unsigned j = 0; j < std::min(n, n_src); ++j)
        if (rng() % 3) src.push_back(int(j));
      make([&](unsigned i) { return i < src.size() ? src[i] : -1; });
      int next = 0;
      std::vector<bool> keep(n);
      for (unsigned i = 0; i < n; ++i) keep[i] = rng() % 3 != 0;
      make([&](unsigned i) { return keep[i] ? next++ : -1; });
    }
    for (int r = 0; r < 8; ++r)
      make([&](unsigned i) {
        if (c.zeroing && rng() % 6 == 0) return -1;
        if (c.block_elems) return int(i / blk * blk + rng() % blk);
        return int(rng() % total);
      });
  }
  std::vector<std::vector<int>> out;
  for (auto& v : cands)
    if (isa::accepts(in, v) && std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
  return out;
}

constexpr unsigned kDataSets = 9;
constexpr unsigned kMaxInputs = sizeof(Instruction::input_bits) / sizeof(Instruction::input_bits[0]);

void put_le(std::vector<uint8_t>& b, size_t at, unsigned bytes, uint64_t v) {
  for (unsigned k = 0; k < bytes && at + k < b.size(); ++k) b[at + k] = uint8_t(v >> (8 * k));
}

// Input set d for input k of the record: fills in_bits(k)/8 bytes.
std::vector<uint8_t> make_input(const Instruction& in, unsigned d, unsigned k, std::mt19937_64& rng) {
  std::vector<uint8_t> b(in.in_bits(k) / 8);
  static const uint8_t pat[4][4] = {{0x00, 0xff, 0x80, 0x7f}, {0xff, 0x00, 0x7f, 0x80}, {0x80, 0x7f, 0x00, 0xff}, {0x7f, 0x80, 0xff, 0x00}};
  if (d < 4) {
    std::fill(b.begin(), b.end(), pat[d][k % 4]);
  } else if (d < 6) {
    for (auto& x : b) x = uint8_t(rng());
  } else if (d == 6) {
    for (size_t j = 0; j < b.size(); ++j) b[j] = uint8_t(k * 64 + j + 1);  // distinct bytes
  } else {
    // saturation and sign edges at the input's element width, for the narrower result width
    const unsigned from = in.in_elem_bits(k), to = std::min(in.elem_bits, from == 8 ? 8u : from / 2);
    const uint64_t smax_to = (1ull << (to - 1)) - 1, smin_to = ~smax_to, umax_to = to == 64 ? ~0ull : (1ull << to) - 1;
    const uint64_t smax_from = from == 64 ? ~0ull >> 1 : (1ull << (from - 1)) - 1;
    const uint64_t edges[] = {0, 1, ~0ull, smax_to, smin_to, smax_to + 1, smin_to - 1, umax_to, umax_to + 1,
                              smax_from, ~smax_from, 0x80, 0x7f, 0xff, 0x100};
    const unsigned eb = from / 8;
    for (size_t at = 0; at < b.size(); at += eb) put_le(b, at, eb, d == 7 || rng() % 2 ? edges[rng() % std::size(edges)] : rng());
  }
  return b;
}

// ---- C output ----

std::string c_bytes(const std::vector<uint8_t>& b) {
  static const char* hex = "0123456789abcdef";
  std::string s = "\"";
  for (size_t j = 0; j < b.size(); ++j) {
    if (j && j % 64 == 0) s += "\"\n  \"";
    s += "\\x";
    s += hex[b[j] >> 4];
    s += hex[b[j] & 15];
  }
  return s + "\"";
}

std::string c_string(const std::string& s) {
  std::string o = "\"";
  for (char ch : s) {
    if (ch == '"' || ch == '\\') o += '\\';
    o += ch;
  }
  return o + "\"";
}

// The intrinsic call: the template with its placeholders filled in. {imm_hi} and {imm_lo} (imm / n
// and imm % n) are the two lane numbers of NEON's ins; {imm_sh} a byte shift's bits, 8 (imm + 1).
// Any other brace is literal text (NEON table tuples: "(uint8x16x2_t){{{0}, {1}}}"), but a {name}
// that is not a placeholder is an error.
std::string fill(const Instruction& in, const std::string& tmpl, uint64_t imm) {
  std::map<std::string, std::string> with = {{"imm", std::to_string(imm)}, {"imm_hi", std::to_string(imm / in.n())},
                                             {"imm_lo", std::to_string(imm % in.n())}, {"imm_sh", std::to_string(8 * (imm + 1))},
                                             {"c", "c"}, {"c:k", "m"}};
  for (unsigned k = 0; k < in.num_inputs; ++k) with["" + std::to_string(k)] = "a" + std::to_string(k);
  std::string out;
  for (size_t at = 0; at < tmpl.size();) {
    const size_t close = tmpl[at] == '{' ? tmpl.find('}', at) : std::string::npos;
    if (close != std::string::npos) {
      const std::string name = tmpl.substr(at + 1, close - at - 1);
      const bool word = !name.empty() && name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_:") == std::string::npos;
      if (word) {
        auto it = with.find(name);
        if (it == with.end()) fail(std::string(in.id) + ": unknown placeholder {" + name + "} in '" + tmpl + "'");
        out += it->second;
        at = close + 1;
        continue;
      }
    }
    out += tmpl[at++];
  }
  return out;
}

// --asm (x86): the record's Intel-syntax assembly as a GNU inline asm statement (compile with
// -masm=intel), in place of the intrinsic call. Operands are named: {d} %[d], {k} %[ak], {c} %[c],
// {c:xmm0} %[c] pinned to xmm0 ("Yz"), {c:k} %[m] in a mask register ("Yk"); {imm} is written
// in; every other brace is literal ({z}) and becomes %{ %}. A template without {d} is destructive on its first operand,
// which is then tied ("+") and is the result. Registers are "x" (xmm/ymm 0-15) for SSE/AVX
// records and "v" (0-31) for AVX-512 ones.
std::string asm_statement(const Instruction& in, const std::string& result_type, uint64_t imm) {
  const std::string tmpl = in.spell.assembly;
  bool evex = false;
  for (unsigned f = unsigned(Feature::avx512f); f <= unsigned(Feature::avx512vbmi2); ++f) evex |= in.needs.has(Feature(f));
  const std::string reg = evex ? "v" : "x";
  std::string text, first;
  std::vector<std::string> used;
  for (size_t at = 0; at < tmpl.size();) {
    const size_t close = tmpl[at] == '{' ? tmpl.find('}', at) : std::string::npos;
    if (close != std::string::npos) {
      const std::string name = tmpl.substr(at + 1, close - at - 1);
      const bool input = name.size() == 1 && name[0] >= '0' && unsigned(name[0] - '0') < in.num_inputs;
      if (input || name == "imm" || name == "d" || name == "c" || name == "c:xmm0" || name == "c:k") {
        if (first.empty()) first = name;
        if (name == "imm") text += std::to_string(imm);
        else if (name == "d") text += "%[d]";
        else if (name == "c" || name == "c:xmm0") text += "%[c]";
        else if (name == "c:k") text += "%[m]";
        else text += "%[a" + name + "]";
        if (name != "imm") used.push_back(name);
        at = close + 1;
        continue;
      }
    }
    const char ch = tmpl[at++];
    if (ch == '\n') {  // (a record of several instructions: pand.blend)
      text += "\\n\\t";
      continue;
    }
    if (ch == '{' || ch == '}' || ch == '|' || ch == '%') text += '%';
    text += ch;
  }
  std::string outs, ins, result;
  if (first == "d") {
    outs = "[d] \"=" + reg + "\"(r)";
    result = "  " + result_type + " r;\n";
  } else if (first.size() == 1 && first[0] >= '0' && first[0] <= '9') {
    const unsigned k = unsigned(first[0] - '0');
    if (in.in_bits(k) != in.reg_bits) fail(std::string(in.id) + ": destructive on an input of another width");
    outs = "[a" + first + "] \"+" + reg + "\"(a" + first + ")";
    result = "  " + result_type + " r;\n";
    (void)k;
  } else {
    fail(std::string(in.id) + ": assembly '" + tmpl + "' names no destination first");
  }
  std::set<std::string> seen = {first};
  for (const std::string& u : used) {
    if (!seen.insert(u).second) continue;
    if (!ins.empty()) ins += ", ";
    if (u == "c") ins += "[c] \"" + reg + "\"(c)";
    else if (u == "c:xmm0") ins += "[c] \"Yz\"(c)";
    else if (u == "c:k") ins += "[m] \"Yk\"(m)";
    else ins += "[a" + u + "] \"" + reg + "\"(a" + u + ")";
  }
  std::string stmt = result + "  __asm__(\"" + text + "\" : " + outs + " : " + ins + ");\n";
  if (first != "d") stmt += "  memcpy(&r, &a" + first + ", sizeof r);\n";
  return stmt;
}

struct Group {
  isa::FeatureSet needs;
  std::vector<Feature> features;  // compiled for and checked at run time
  std::string attribute;          // __attribute__((...)) of its functions, or ""
  std::string check;              // C expression: may the group run here?
  std::string name;
};

}  // namespace

int main(int argc, char** argv) {
  bool use_asm = false;
  uint64_t seed = 20240611;
  std::vector<std::string> pos;
  for (int a = 1; a < argc; ++a) {
    const std::string_view v = argv[a];
    if (v == "--asm") use_asm = true;
    else if (v == "--seed" && a + 1 < argc) seed = std::stoull(argv[++a]);
    else pos.emplace_back(v);
  }
  if (pos.size() != 2 || (pos[0] != "x86" && pos[0] != "aarch64")) {
    std::fprintf(stderr, "usage: %s x86|aarch64 OUT.c [--asm] [--seed N]\n", argv[0]);
    return 2;
  }
  const isa::Arch arch = pos[0] == "x86" ? isa::Arch::x86 : isa::Arch::aarch64;
  if (use_asm && arch != isa::Arch::x86) fail("--asm: x86 only for now");
  std::mt19937_64 rng(seed);

  std::ostringstream data, funcs, cases;
  std::map<uint32_t, unsigned> group_of;  // needs bits -> group index
  std::vector<Group> groups;
  unsigned n_records = 0, n_cases = 0;

  for (const Instruction& in : isa::all_instructions()) {
    if (!is_arch(in, arch)) continue;
    const unsigned rec = n_records++;
    const std::string id = in.id;
    if (arch == isa::Arch::x86 && x86_type_bits(in.spell.ctype) != in.reg_bits)
      fail(id + ": ctype " + in.spell.ctype + " is not a " + std::to_string(in.reg_bits) + "-bit type");

    // The group: one per distinct feature set.
    auto [git, fresh] = group_of.emplace(in.needs.bits, unsigned(groups.size()));
    if (fresh) {
      Group g;
      g.needs = in.needs;
      if (arch == isa::Arch::x86) {
        g.features = x86_group_features(in.needs);
        std::string list, check;
        for (Feature f : g.features) {
          list += (list.empty() ? "" : ",") + std::string(x86_feature_name(f));
          check += (check.empty() ? "" : " && ") + std::string("__builtin_cpu_supports(\"") + x86_feature_name(f) + "\")";
        }
        g.name = list;
        g.attribute = "__attribute__((target(\"" + list + "\")))";
        g.check = check;
      } else {
        g.name = "neon";
        g.check = "1";
      }
      groups.push_back(g);
    }
    const unsigned group = git->second;

    // The record's inputs, per input set.
    std::vector<std::vector<std::vector<uint8_t>>> inputs(kDataSets);
    std::vector<uint8_t> flat;
    for (unsigned d = 0; d < kDataSets; ++d)
      for (unsigned k = 0; k < in.num_inputs; ++k) {
        inputs[d].push_back(make_input(in, d, k, rng));
        flat.insert(flat.end(), inputs[d].back().begin(), inputs[d].back().end());
      }
    data << "static const unsigned char r" << rec << "_in[] = " << c_bytes(flat) << ";\n";

    std::vector<Case> instances;
    if (in.programmable()) {
      for (auto& c : sample_controls(in, rng)) instances.push_back({&in, 0, c});
      if (instances.empty()) fail(id + ": no accepted control found");
    } else {
      for (uint64_t imm : sample_immediates(in, rng)) instances.push_back({&in, imm, {}});
    }

    const std::string tmpl = in.spell.intrinsic;
    const bool kmask = tmpl.find("{c:k}") != std::string::npos;
    for (const Case& c : instances) {
      const unsigned cn = n_cases++;
      const isa::Params params{c.imm, c.control};
      std::vector<uint8_t> expected;
      for (unsigned d = 0; d < kDataSets; ++d) {
        const std::vector<uint8_t> r = execute(in, params, inputs[d]);
        expected.insert(expected.end(), r.begin(), r.end());
      }
      data << "static const unsigned char c" << cn << "_exp[] = " << c_bytes(expected) << ";\n";

      // The control, as the real constant.
      std::string ctl_bytes = "0", ctl_decl;
      uint64_t kval = 0;
      if (in.programmable()) {
        const std::vector<uint64_t> enc = in.control.encode(c.control, in.n());
        const unsigned eb = in.control.ctl_elem_bits / 8;
        if (kmask) {
          if (enc.size() != 1) fail(id + ": a mask control encodes to one value");
          kval = enc[0];
          ctl_decl = "  __mmask" + std::to_string(in.control.ctl_elem_bits) + " m = (__mmask" +
                     std::to_string(in.control.ctl_elem_bits) + ")k;\n";
        } else {
          if (enc.size() != in.n()) fail(id + ": the control encodes to " + std::to_string(enc.size()) + " elements, not n");
          std::vector<uint8_t> cb(enc.size() * eb);
          for (size_t j = 0; j < enc.size(); ++j) put_le(cb, j * eb, eb, enc[j]);
          data << "static const unsigned char c" << cn << "_ctl[] = " << c_bytes(cb) << ";\n";
          ctl_bytes = "c" + std::to_string(cn) + "_ctl";
          const std::string ct = control_ctype(arch, in, unsigned(cb.size() * 8));
          ctl_decl = "  " + ct + " c;\n  memcpy(&c, ctl, sizeof c);\n";
        }
      }

      const std::string call = fill(in, tmpl, c.imm);

      funcs << "static " << groups[group].attribute << " void f" << cn
            << "(const unsigned char *const *in, const unsigned char *ctl, unsigned long long k, unsigned char *out) {\n"
            << "  (void)in; (void)ctl; (void)k;\n";
      for (unsigned k = 0; k < in.num_inputs; ++k)
        funcs << "  " << input_ctype(arch, in, k) << " a" << k << ";\n  memcpy(&a" << k << ", in[" << k << "], sizeof a" << k << ");\n";
      funcs << ctl_decl;
      if (use_asm) funcs << asm_statement(in, in.spell.ctype, c.imm);
      else funcs << "  " << in.spell.ctype << " r = " << call << ";\n";
      funcs << "  memcpy(out, &r, sizeof r);\n}\n";

      cases << "  {" << group << ", " << c_string(id) << ", " << c_string(c.describe()) << ", f" << cn << ", r" << rec << "_in, {";
      for (unsigned k = 0; k < kMaxInputs; ++k) cases << (k ? ", " : "") << (k < in.num_inputs ? in.in_bits(k) / 8 : 0);
      cases << "}, " << ctl_bytes << ", " << kval << "ull, c" << cn << "_exp, " << in.reg_bits / 8 << "},\n";
    }
  }

  std::ofstream o(pos[1]);
  if (!o) fail("cannot write " + pos[1]);
  o << "/* Generated by isa_check_gen " << pos[0] << (use_asm ? " --asm (compile with -masm=intel)" : "") << ": " << n_records << " records, " << n_cases
    << " instances, each on " << kDataSets << " input sets. Expected bytes come from the shufc simulator. */\n"
    << "#include <stdio.h>\n#include <string.h>\n"
    << (arch == isa::Arch::x86 ? "#include <immintrin.h>\n" : "#include <arm_neon.h>\n") << "\n"
    << "typedef void (*case_fn)(const unsigned char *const *in, const unsigned char *ctl, unsigned long long k, unsigned char *out);\n"
    << "struct check_case {\n  int group;\n  const char *id, *param;\n  case_fn fn;\n  const unsigned char *in;\n"
    << "  unsigned in_bytes[" << kMaxInputs << "];\n  const unsigned char *ctl;\n  unsigned long long k;\n  const unsigned char *expected;\n"
    << "  unsigned out_bytes;\n};\n\n"
    << data.str() << "\n" << funcs.str() << "\nstatic const struct check_case cases[] = {\n" << cases.str() << "};\n\n";
  o << "static const char *const group_names[] = {";
  for (const Group& g : groups) o << c_string(g.name) << ", ";
  o << "0};\nstatic int group_ok(int g) {\n  switch (g) {\n";
  for (size_t g = 0; g < groups.size(); ++g) o << "    case " << g << ": return " << groups[g].check << ";\n";
  o << "  }\n  return 0;\n}\n\n";
  o << R"(static void hex(const char *what, const unsigned char *b, unsigned n) {
  printf("    %-9s", what);
  for (unsigned j = 0; j < n; ++j) printf("%s%02x", j && j % 16 == 0 ? " " : "", b[j]);
  printf("\n");
}

int main(void) {
  enum { NSETS = )" << kDataSets << R"(, NGROUPS = )" << groups.size() << R"(, NIN = )" << kMaxInputs << R"( };
  int ok[NGROUPS > 0 ? NGROUPS : 1], skipped_groups = 0;
  unsigned passed = 0, failed = 0, skipped = 0, shown = 0;
)" << (arch == isa::Arch::x86 ? "  __builtin_cpu_init();\n" : "") << R"(  for (int g = 0; g < NGROUPS; ++g) {
    ok[g] = group_ok(g);
    if (!ok[g]) {
      printf("skip: this CPU lacks %s\n", group_names[g]);
      ++skipped_groups;
    }
  }
  for (unsigned c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
    const struct check_case *t = &cases[c];
    if (!ok[t->group]) {
      ++skipped;
      continue;
    }
    unsigned per_set = 0;
    for (int k = 0; k < NIN; ++k) per_set += t->in_bytes[k];
    int bad = 0;
    for (unsigned d = 0; d < NSETS; ++d) {
      const unsigned char *in[NIN];
      const unsigned char *p = t->in + d * per_set;
      unsigned char got[64];
      for (int k = 0; k < NIN; ++k) {
        in[k] = p;
        p += t->in_bytes[k];
      }
      memset(got, 0xcc, sizeof got);
      t->fn(in, t->ctl, t->k, got);
      const unsigned char *want = t->expected + d * t->out_bytes;
      if (memcmp(got, want, t->out_bytes) == 0) continue;
      bad = 1;
      if (shown++ < 40) {
        printf("MISMATCH %s %s (input set %u)\n", t->id, t->param, d);
        for (int k = 0; k < NIN; ++k)
          if (t->in_bytes[k]) {
            char name[16];
            snprintf(name, sizeof name, "input %d", k);
            hex(name, in[k], t->in_bytes[k]);
          }
        if (t->ctl == 0 && t->param[0] == 'c') printf("    mask     0x%llx\n", t->k);
        hex("expected", want, t->out_bytes);
        hex("got", got, t->out_bytes);
      }
    }
    if (bad) ++failed;
    else ++passed;
  }
  if (shown > 40) printf("(%u more mismatches not shown)\n", shown - 40);
  if (skipped) printf("skipped %u instances in %d feature groups this CPU lacks\n", skipped, skipped_groups);
  printf("%u passed, %u failed\n", passed, failed);
  return failed ? 1 : 0;
}
)";
  o.close();
  if (!o) fail("cannot write " + pos[1]);
  std::fprintf(stderr, "isa_check_gen: %u records, %u instances, %zu feature groups -> %s\n", n_records, n_cases, groups.size(),
               pos[1].c_str());
  return 0;
}
