// Test driver for tests/exec/emit_native.sh: reads a Program (.prog), runs the simulator on a few
// inputs (distinct bytes, all ones, random, edge-biased random) and writes harnesses that check
// what the emitters produce against the simulator's bytes.
//
// Usage: emit_driver PROGRAM.prog OUTDIR
// Writes into OUTDIR:
//   needs.txt     line 1: x86 | aarch64; line 2: /proc/cpuinfo flags the program needs
//   c_test.c      emit_c's function + a main comparing with the expected bytes (exit 1 on mismatch)
//   ir_test.ll    emit_ir's function + a main doing the same under lli
//   intel.s att.s emit_asm as is (for llvm-mca)
//   asm_intel.s asm_att.s   emit_asm wrapped into `void shufc_asm_run(const void *in, void *out)`
//                 (inputs loaded into the registers the header names, outputs stored from theirs)
//   asm_main.c    a main calling shufc_asm_run on the same vectors
#include <cstdio>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "shufc/emit.h"
#include "shufc/program.h"
#include "shufc/sim.h"

using namespace shufc;

namespace {

constexpr unsigned kTrials = 6;

std::string c_bytes(const std::vector<uint8_t>& v) {
  std::string s = "{";
  for (size_t i = 0; i < v.size(); ++i) s += fmt::format("{}{}0x{:02x}", i ? "," : "", i && i % 16 == 0 ? "\n  " : "", v[i]);
  return s + "}";
}
std::string ir_bytes(const std::vector<uint8_t>& v) {
  std::string s = "c\"";
  for (uint8_t b : v) s += fmt::format("\\{:02X}", b);
  return s + "\"";
}

void write(const std::string& path, const std::string& text) {
  std::ofstream f(path);
  f << text;
  if (!f) throw std::runtime_error("cannot write " + path);
}

std::vector<uint8_t> trial_bytes(unsigned t, unsigned input, unsigned n, std::mt19937& rng) {
  std::vector<uint8_t> v(n);
  static const uint8_t edge[] = {0x00, 0x01, 0x7f, 0x80, 0xff, 0xfe, 0x81};
  for (unsigned i = 0; i < n; ++i) {
    switch (t) {
      case 0: v[i] = uint8_t(1 + input * 64 + i); break;  // distinct labels
      case 1: v[i] = 0xff; break;
      case 2: v[i] = uint8_t(0x80 ^ (i & 1 ? 0x7f : 0)); break;
      case 3: v[i] = uint8_t(rng()); break;
      default: v[i] = rng() % 2 ? edge[rng() % sizeof edge] : uint8_t(rng()); break;
    }
  }
  return v;
}

// "# inputs:  a = xmm0, b = xmm1" -> {xmm0, xmm1}
std::vector<std::string> header_regs(const std::string& text, const std::string& tag) {
  std::vector<std::string> regs;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    const size_t at = line.find(tag);
    if (at == std::string::npos) continue;
    std::string rest = line.substr(at + tag.size());
    size_t pos = 0;
    while ((pos = rest.find(" = ", pos)) != std::string::npos) {
      pos += 3;
      size_t e = pos;
      while (e < rest.size() && rest[e] != ',') ++e;
      std::string r = rest.substr(pos, e - pos);
      if (const size_t u = r.find(" ("); u != std::string::npos) r.resize(u);  // (unused), (low 64 bits)
      regs.push_back(r);
    }
    break;
  }
  return regs;
}

std::string cpu_flag(isa::Feature f) {
  switch (f) {
    case isa::Feature::sse2: return "sse2";
    case isa::Feature::sse3: return "pni";
    case isa::Feature::ssse3: return "ssse3";
    case isa::Feature::sse41: return "sse4_1";
    case isa::Feature::avx: return "avx";
    case isa::Feature::avx2: return "avx2";
    case isa::Feature::avx512f: return "avx512f";
    case isa::Feature::avx512bw: return "avx512bw";
    case isa::Feature::avx512dq: return "avx512dq";
    case isa::Feature::avx512vl: return "avx512vl";
    case isa::Feature::avx512vbmi: return "avx512vbmi";
    case isa::Feature::avx512vbmi2: return "avx512_vbmi2";
    case isa::Feature::neon: return "";
  }
  return "";
}

// emit_asm wrapped into a callable function: rdi/x0 = in, rsi/x1 = out.
std::string asm_wrapper(const Program& p, AsmSyntax syn, bool x86) {
  const std::string body = emit_asm(p, syn);
  const std::vector<std::string> in_regs = header_regs(body, "inputs:");
  const std::vector<std::string> out_regs = header_regs(body, "outputs:");
  // Code and data: the constants start at the first .p2align.
  std::string code, data;
  {
    std::istringstream in(body);
    std::string line;
    bool in_data = false;
    while (std::getline(in, line)) {
      if (line.rfind("  .p2align", 0) == 0) in_data = true;
      if (line.rfind(".intel_syntax", 0) == 0) continue;
      (in_data ? data : code) += line + "\n";
    }
  }
  const bool intel = syn == AsmSyntax::intel;
  auto is_mem = [](const std::string& loc) { return !loc.empty() && loc[0] == '['; };
  auto mem_off = [](const std::string& loc) { return std::stoi(loc.substr(loc.find('+') + 1)); };
  std::string s;
  if (x86) {
    bool evex = false, avx = p.out_zeroed != 0;  // (a result zero past its register: VEX code)
    for (const auto& st : p.steps) {
      for (isa::Feature f : {isa::Feature::avx512f, isa::Feature::avx512bw, isa::Feature::avx512dq,
                             isa::Feature::avx512vl, isa::Feature::avx512vbmi, isa::Feature::avx512vbmi2})
        evex |= st.instr->needs.has(f);
      avx |= st.instr->needs.has(isa::Feature::avx) || st.instr->needs.has(isa::Feature::avx2);
    }
    auto reg0 = [](unsigned bits) { return std::string(bits >= 512 ? "zmm0" : bits == 256 ? "ymm0" : "xmm0"); };
    auto mov = [&](const std::string& reg) {
      const bool wide = reg[0] == 'z' || std::stoi(reg.substr(3)) >= 16;
      return wide || evex ? std::string("vmovdqu64") : reg[0] == 'y' || avx ? std::string("vmovdqu") : std::string("movdqu");
    };
    auto mem = [&](const std::string& base, int off, const std::string& reg) {
      const char* size = reg[0] == 'z' ? "zmmword" : reg[0] == 'y' ? "ymmword" : "xmmword";
      return intel ? fmt::format("{} ptr [{} + {}]", size, base, off) : fmt::format("{}(%{})", off, base);
    };
    auto load = [&](const std::string& reg, const std::string& base, int off) {
      return intel ? fmt::format("  {} {}, {}\n", mov(reg), reg, mem(base, off, reg))
                   : fmt::format("  {} {}, %{}\n", mov(reg), mem(base, off, reg), reg);
    };
    auto store = [&](const std::string& reg, const std::string& base, int off) {
      return intel ? fmt::format("  {} {}, {}\n", mov(reg), mem(base, off, reg), reg)
                   : fmt::format("  {} %{}, {}\n", mov(reg), reg, mem(base, off, reg));
    };
    // The low 32 or 64 bits of a register (an operand or result narrower than it), by its xmm name.
    auto part = [&](const std::string& reg, const std::string& base, int off, unsigned held, bool to_mem) {
      if (held != 32 && held != 64 && held != 128 && held != 256)
        throw std::runtime_error(fmt::format("the asm wrapper moves parts of 32, 64, 128 or 256 bits, not {}", held));
      const std::string x = (held == 256 ? "ymm" : "xmm") + reg.substr(3);
      const std::string op = (avx || evex ? "v" : "") + std::string(held == 64 ? "movq" : held == 32 ? "movd" : "movdqu");
      const char* size = held == 256 ? "ymmword" : held == 128 ? "xmmword" : held == 64 ? "qword" : "dword";
      const std::string m = intel ? fmt::format("{} ptr [{} + {}]", size, base, off) : fmt::format("{}(%{})", off, base);
      if (intel) return to_mem ? fmt::format("  {} {}, {}\n", op, m, x) : fmt::format("  {} {}, {}\n", op, x, m);
      return to_mem ? fmt::format("  {} %{}, {}\n", op, x, m) : fmt::format("  {} {}, %{}\n", op, m, x);
    };
    s += intel ? ".intel_syntax noprefix\n" : "";
    s += "  .text\n  .globl shufc_asm_run\n  .type shufc_asm_run, @function\nshufc_asm_run:\n";
    s += intel ? "  push rbp\n  mov rbp, rsp\n  sub rsp, 4096\n  and rsp, -64\n"
               : "  pushq %rbp\n  movq %rsp, %rbp\n  subq $4096, %rsp\n  andq $-64, %rsp\n";
    for (int pass = 0; pass < 2; ++pass) {  // inputs in the spill area first (through register 0)
      int off = 0;
      for (size_t k = 0; k < p.inputs.size(); ++k) {
        if (p.inputs[k].is_constant()) continue;  // (the code loads it)
        const std::string& loc = in_regs.at(k);
        const unsigned bits = p.inputs[k].bits;
        if (pass == 0 && is_mem(loc)) s += load(reg0(bits), "rdi", off) + store(reg0(bits), "rsp", mem_off(loc));
        if (pass == 1 && !is_mem(loc)) s += p.inputs[k].held ? part(loc, "rdi", off, p.inputs[k].held, false) : load(loc, "rdi", off);
        off += int(p.input_bytes(unsigned(k)));
      }
    }
    s += code;
    for (int pass = 0; pass < 2; ++pass) {  // outputs in registers first
      int off = 0;
      for (size_t k = 0; k < p.outputs.size(); ++k) {
        const std::string& loc = out_regs.at(k);
        const unsigned bits = p.bits_of(p.outputs[k]);
        const unsigned held = p.output_held(unsigned(k));
        // A result zero past its register: the whole wider register stored, its zeros as the code
        // left them (a VEX write of the xmm zeroes the rest of the zmm).
        const bool zeroed = k + 1 == p.outputs.size() && p.out_zeroed;
        const std::string wide = zeroed ? (p.out_zeroed >= 512 ? "zmm" : "ymm") + loc.substr(3) : loc;
        if (pass == 0 && !is_mem(loc)) s += held ? part(loc, "rsi", off, held, true) : store(wide, "rsi", off);
        if (pass == 1 && is_mem(loc)) s += load(reg0(bits), "rsp", mem_off(loc)) + store(reg0(bits), "rsi", off);
        off += int(p.output_bytes(unsigned(k)));
      }
    }
    s += intel ? "  mov rsp, rbp\n  pop rbp\n" : "  movq %rbp, %rsp\n  popq %rbp\n";
    s += avx || evex ? "  vzeroupper\n  ret\n" : "  ret\n";
  } else {
    auto sz = [](unsigned bits) { return bits >= 128 ? 'q' : bits == 64 ? 'd' : bits == 32 ? 's' : 'h'; };
    s += "  .text\n  .globl shufc_asm_run\n  .type shufc_asm_run, %function\nshufc_asm_run:\n";
    s += "  stp x29, x30, [sp, #-16]!\n  mov x29, sp\n  sub sp, sp, #4096\n";
    for (int pass = 0; pass < 2; ++pass) {
      int off = 0;
      for (size_t k = 0; k < p.inputs.size(); ++k) {
        if (p.inputs[k].is_constant()) continue;  // (the code loads it)
        const std::string& loc = in_regs.at(k);
        const unsigned bits = p.inputs[k].bits;
        if (pass == 0 && is_mem(loc))
          s += fmt::format("  ldr {}0, [x0, #{}]\n  str {}0, [sp, #{}]\n", sz(bits), off, sz(bits), mem_off(loc));
        if (pass == 1 && !is_mem(loc))
          s += fmt::format("  ldr {}{}, [x0, #{}]\n", sz(p.inputs[k].held ? p.inputs[k].held : bits), loc.substr(1), off);
        off += int(p.input_bytes(unsigned(k)));
      }
    }
    s += code;
    for (int pass = 0; pass < 2; ++pass) {
      int off = 0;
      for (size_t k = 0; k < p.outputs.size(); ++k) {
        const std::string& loc = out_regs.at(k);
        const unsigned bits = p.bits_of(p.outputs[k]);
        const unsigned held = p.output_held(unsigned(k));
        if (pass == 0 && !is_mem(loc)) s += fmt::format("  str {}{}, [x1, #{}]\n", sz(held ? held : bits), loc.substr(1), off);
        if (pass == 1 && is_mem(loc))
          s += fmt::format("  ldr {}0, [sp, #{}]\n  str {}0, [x1, #{}]\n", sz(bits), mem_off(loc), sz(bits), off);
        off += int(p.output_bytes(unsigned(k)));
      }
    }
    s += "  mov sp, x29\n  ldp x29, x30, [sp], #16\n  ret\n";
  }
  s += data;
  s += x86 ? "  .section .note.GNU-stack,\"\",@progbits\n" : "  .section .note.GNU-stack,\"\",%progbits\n";
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s PROGRAM.prog OUTDIR\n", argv[0]);
    return 2;
  }
  std::ifstream f(argv[1]);
  std::stringstream ss;
  ss << f.rdbuf();
  if (!f) {
    std::fprintf(stderr, "cannot read %s\n", argv[1]);
    return 2;
  }
  auto prog = parse_program(ss.str());
  if (!prog) {
    std::fprintf(stderr, "%s:%s\n", argv[1], prog.error().str().c_str());
    return 2;
  }
  const Program& p = *prog;
  const std::string dir = argv[2];
  const bool x86 = p.arch == isa::Arch::x86;
  const bool multi = p.outputs.size() != 1;

  // needs.txt
  {
    isa::FeatureSet need;
    for (const auto& s : p.steps) need.bits |= s.instr->needs.bits;
    if (p.out_zeroed) need = need.with(p.out_zeroed >= 512 ? isa::Feature::avx512f : isa::Feature::avx);  // (the zeros: VEX code, a zmm stored)
    std::string flags;
    for (unsigned i = 0; i < isa::kNumFeatures; ++i)
      if (need.has(isa::Feature(i)) && !cpu_flag(isa::Feature(i)).empty()) flags += cpu_flag(isa::Feature(i)) + " ";
    write(dir + "/needs.txt", std::string(x86 ? "x86" : "aarch64") + "\n" + flags + "\n");
  }

  // Test vectors.
  std::mt19937 rng(12345);
  std::vector<std::vector<uint8_t>> tin, tout;  // concatenated
  for (unsigned t = 0; t < kTrials; ++t) {
    std::vector<std::vector<uint8_t>> ins;
    std::vector<uint8_t> cat;
    for (unsigned k : p.passed_inputs()) {  // (a constant input holds its own bytes)
      // An operand narrower than its register: its bytes, the rest of the register zero (as the C
      // loads it; the Program must not read it).
      ins.push_back(trial_bytes(t, k, p.input_bytes(k), rng));
      cat.insert(cat.end(), ins.back().begin(), ins.back().end());
      ins.back().resize(p.inputs[k].bits / 8, 0);
    }
    std::vector<uint8_t> out;
    const auto outs = simulate_values(p, ins);
    for (unsigned o = 0; o < outs.size(); ++o) out.insert(out.end(), outs[o].begin(), outs[o].begin() + p.output_bytes(o));
    if (p.out_zeroed) out.resize(out.size() - p.output_bytes(unsigned(outs.size() - 1)) + p.out_zeroed / 8, 0);  // (zeros past it)
    tin.push_back(cat);
    tout.push_back(out);
  }
  const size_t in_bytes = tin[0].size(), out_bytes = tout[0].size();
  std::vector<size_t> in_off;
  {
    size_t off = 0;
    for (unsigned k : p.passed_inputs()) in_off.push_back(off), off += p.input_bytes(k);
  }

  // The test vectors as C.
  std::string vectors = "#include <stdio.h>\n#include <string.h>\n";
  vectors += fmt::format("static const unsigned char test_in[{}][{}] __attribute__((aligned(64))) = {{\n", kTrials, in_bytes);
  for (const auto& v : tin) vectors += "  " + c_bytes(v) + ",\n";
  vectors += "};\n";
  vectors += fmt::format("static const unsigned char test_out[{}][{}] = {{\n", kTrials, out_bytes);
  for (const auto& v : tout) vectors += "  " + c_bytes(v) + ",\n";
  vectors += "};\n";
  auto c_main = [&](const std::string& call_multi, const std::string& call_single) {
    std::string s = vectors;
    s += "int main(void) {\n  int bad = 0;\n";
    s += fmt::format("  for (int t = 0; t < {}; ++t) {{\n", kTrials);
    // (64 bytes past the outputs stay 0xcc: nothing is written past a narrower result.)
    s += fmt::format("    unsigned char got[{}] __attribute__((aligned(64)));\n    memset(got, 0xcc, sizeof got);\n", out_bytes + 64);
    s += "    " + (multi ? call_multi : call_single) + ";\n";
    s += fmt::format("    for (unsigned i = 0; i < {}; ++i) {{\n", out_bytes + 64);
    s += fmt::format("      const unsigned char want = i < {} ? test_out[t][i] : 0xcc;\n", out_bytes);
    s += "      if (got[i] != want) {\n";
    s += "        printf(\"trial %d byte %u: got 0x%02x, expected 0x%02x\\n\", t, i, got[i], want);\n";
    s += "        bad = 1;\n        break;\n      }\n    }\n  }\n  return bad;\n}\n";
    return s;
  };
  std::string single_args;
  for (size_t k = 0; k < in_off.size(); ++k) single_args += fmt::format("test_in[t] + {}, ", in_off[k]);

  // C.
  write(dir + "/c_test.c", emit_c(p, "shufc_under_test") + "\n" +
                               c_main("shufc_under_test(test_in[t], got)", "shufc_under_test(" + single_args + "got)"));

  // Assembly as emitted, and wrapped.
  write(dir + "/intel.s", emit_asm(p, AsmSyntax::intel));
  if (x86) write(dir + "/att.s", emit_asm(p, AsmSyntax::att));
  write(dir + "/asm_intel.s", asm_wrapper(p, AsmSyntax::intel, x86));
  if (x86) write(dir + "/asm_att.s", asm_wrapper(p, AsmSyntax::att, x86));
  write(dir + "/asm_main.c", "void shufc_asm_run(const void *in, void *out);\n" +
                                 c_main("shufc_asm_run(test_in[t], got)", "shufc_asm_run(test_in[t], got)"));

  // IR.
  {
    std::string m = emit_ir(p, "shufc_under_test") + "\n";
    for (unsigned t = 0; t < kTrials; ++t) {
      m += fmt::format("@in{} = private constant [{} x i8] {}, align 64\n", t, in_bytes, ir_bytes(tin[t]));
      m += fmt::format("@out{} = private constant [{} x i8] {}\n", t, out_bytes, ir_bytes(tout[t]));
    }
    m += fmt::format("@got = global [{} x i8] zeroinitializer, align 64\n", out_bytes + 64);
    m += fmt::format("@canary = private constant [64 x i8] {}\n", ir_bytes(std::vector<uint8_t>(64, 0xcc)));
    m += "declare i32 @memcmp(ptr, ptr, i64)\n\ndefine i32 @main() {\nentry:\n";
    std::string acc = "0";
    for (unsigned t = 0; t < kTrials; ++t) {
      m += fmt::format("  call void @llvm.memset.p0.i64(ptr @got, i8 -52, i64 {}, i1 false)\n", out_bytes + 64);
      if (multi) {
        m += fmt::format("  call void @shufc_under_test(ptr @in{}, ptr @got)\n", t);
      } else {
        std::string args;
        for (size_t k = 0; k < in_off.size(); ++k)
          args += fmt::format("ptr getelementptr inbounds (i8, ptr @in{}, i64 {}), ", t, in_off[k]);
        m += fmt::format("  call void @shufc_under_test({}ptr @got)\n", args);
      }
      m += fmt::format("  %c{} = call i32 @memcmp(ptr @got, ptr @out{}, i64 {})\n", t, t, out_bytes);
      // (nothing written past the outputs)
      m += fmt::format("  %k{} = call i32 @memcmp(ptr getelementptr inbounds (i8, ptr @got, i64 {}), ptr @canary, i64 64)\n", t, out_bytes);
      m += fmt::format("  %kc{} = or i32 %c{}, %k{}\n", t, t, t);
      m += fmt::format("  %ne{} = icmp ne i32 %kc{}, 0\n  %z{} = zext i1 %ne{} to i32\n", t, t, t, t);
      m += fmt::format("  %acc{} = or i32 {}, %z{}\n", t, acc, t);

      acc = fmt::format("%acc{}", t);
    }
    m += fmt::format("  ret i32 {}\n}}\n\ndeclare void @llvm.memset.p0.i64(ptr, i8, i64, i1)\n", acc);
    write(dir + "/ir_test.ll", m);
  }
  return 0;
}
