// The LLVM IR client of OptVLS (see include/shufc/vls/ir_client.h): find the interleaved
// members, ask the server for groups and Programs, compare with LLVM's own cost of the original
// interleaved accesses, and rewrite what is cheaper.
#include "shufc/vls/ir_client.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>

#include <fmt/format.h>
#include <llvm/Analysis/TargetTransformInfo.h>
#include <llvm/AsmParser/Parser.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/MC/MCSubtargetInfo.h>
#include <llvm/MC/TargetRegistry.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Target/TargetMachine.h>
#include <llvm/Target/TargetOptions.h>
#include <llvm/TargetParser/Triple.h>
#include <llvm/Transforms/Utils/Local.h>

#include "instruction_lines.h"
#include "interleaved_access.h"
#include "program_to_ir.h"
#include "shufc/cost.h"
#include "shufc/module_reader.h"
#include "shufc/vls/grouping.h"
#include "shufc/vls/program_builder.h"
#include "shufc/vls/target_client.h"

namespace shufc::vls {
namespace {

// LLVM's feature string for a shufc x86 target; targets below AVX-512 switch it off so that a
// CPU that has it (icelake-server) is costed with the target's registers.
std::string llvm_features(const std::string& target) {
  static const std::map<std::string, std::string> f = {
      {"sse2", "+sse2"},     {"sse3", "+sse3"},     {"ssse3", "+ssse3"}, {"sse4.1", "+sse4.1"},
      {"avx", "+avx"},       {"avx2", "+avx2"},     {"avx512", "+avx512f,+avx512bw,+avx512dq,+avx512vl"},
      {"avx512vbmi", "+avx512f,+avx512bw,+avx512dq,+avx512vl,+avx512vbmi"},
      {"avx512vbmi2", "+avx512f,+avx512bw,+avx512dq,+avx512vl,+avx512vbmi,+avx512vbmi2"}};
  auto it = f.find(target);
  const std::string s = it == f.end() ? std::string() : it->second;
  return target.rfind("avx512", 0) == 0 ? s : s + ",-avx512f";
}

std::unique_ptr<llvm::TargetMachine> x86_machine(const std::string& cpu, const std::string& target) {
  static const bool init = [] {
    LLVMInitializeX86TargetInfo();
    LLVMInitializeX86Target();
    LLVMInitializeX86TargetMC();
    return true;
  }();
  (void)init;
  const std::string triple = "x86_64-unknown-linux-gnu";
  std::string err;
  const llvm::Target* t = llvm::TargetRegistry::lookupTarget(triple, err);
  if (!t) throw std::logic_error("LLVM has no x86 target: " + err);
  return std::unique_ptr<llvm::TargetMachine>(
      t->createTargetMachine(triple, cpu, llvm_features(target), llvm::TargetOptions(), std::nullopt));
}

// What LLVM's cost model charges for the original interleaved access of each memref: the wide
// access's TTI::getInterleavedMemoryOpCost (reciprocal throughput; what the loop vectoriser
// costs and X86InterleavedAccess implements), shared equally by the members it serves.
std::map<const IrMemref*, double> original_costs(const std::vector<IrMemref>& members, const llvm::TargetTransformInfo& tti) {
  std::map<llvm::Instruction*, std::vector<const IrMemref*>> by_access;
  for (const IrMemref& m : members) by_access[m.wide()].push_back(&m);
  std::map<const IrMemref*, double> out;
  for (auto& [wide, ms] : by_access) {
    std::vector<unsigned> fields;
    for (const IrMemref* m : ms) fields.push_back(m->field());
    const bool load = llvm::isa<llvm::LoadInst>(wide);
    llvm::Type* vt = load ? wide->getType() : llvm::cast<llvm::StoreInst>(wide)->getValueOperand()->getType();
    const llvm::Align align = load ? llvm::cast<llvm::LoadInst>(wide)->getAlign() : llvm::cast<llvm::StoreInst>(wide)->getAlign();
    const unsigned as = load ? llvm::cast<llvm::LoadInst>(wide)->getPointerAddressSpace()
                             : llvm::cast<llvm::StoreInst>(wide)->getPointerAddressSpace();
    llvm::InstructionCost c = tti.getInterleavedMemoryOpCost(load ? llvm::Instruction::Load : llvm::Instruction::Store, vt,
                                                             ms[0]->factor(), fields, align, as,
                                                             llvm::TargetTransformInfo::TCK_RecipThroughput);
    const double total = c.isValid() ? double(*c.getValue()) : 1e9;
    for (const IrMemref* m : ms) out[m] = total / double(ms.size());
  }
  return out;
}

// Do the bytes [lo, hi) lie within what the original wide loads read?
bool read_by_originals(const std::vector<std::pair<int64_t, int64_t>>& ranges, int64_t lo, int64_t hi) {
  std::vector<std::pair<int64_t, int64_t>> r(ranges);
  std::sort(r.begin(), r.end());
  int64_t covered = lo;
  for (auto [a, b] : r) {
    if (a > covered) break;
    covered = std::max(covered, b);
  }
  return covered >= hi;
}

llvm::Constant* mask_constant(llvm::LLVMContext& ctx, const std::vector<bool>& m) {
  std::vector<llvm::Constant*> bits;
  for (bool b : m) bits.push_back(llvm::ConstantInt::getBool(ctx, b));
  return llvm::ConstantVector::get(bits);
}

std::string type_str(const llvm::Type* t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  t->print(os);
  return os.str();
}

// A served group and what the rewrite needs of it.
struct Planned {
  Group group;
  std::vector<const IrMemref*> members;  // as group.members
  std::optional<CompiledGroup> compiled;
  IrGroupReport report;
};

// The members of a group in the server's order, back as IrMemrefs.
std::vector<const IrMemref*> ir_members(const Group& g) {
  std::vector<const IrMemref*> v;
  for (const Memref* m : g.members) v.push_back(static_cast<const IrMemref*>(m));
  return v;
}

// Rewrites one load group before its earliest wide load; the extracts it replaces go to `dead`.
void rewrite_loads(const Planned& p, std::vector<llvm::Instruction*>& dead) {
  const Sequence& s = p.compiled->sequence;
  const IrMemref* lead = *std::min_element(p.members.begin(), p.members.end(),
                                           [](auto* a, auto* b) { return a->program_order() < b->program_order(); });
  auto* lead_load = llvm::cast<llvm::LoadInst>(lead->wide());
  llvm::IRBuilder<> b(lead_load);
  llvm::Type* elem = llvm::cast<llvm::FixedVectorType>(lead_load->getType())->getElementType();
  auto* chunk_ty = llvm::FixedVectorType::get(elem, s.type.num_elements);
  const int64_t chunk_bytes = s.type.bits() / 8;
  std::vector<std::pair<int64_t, int64_t>> read;  // bytes the original wide loads read, from the base
  for (const IrMemref* m : p.members) {
    const int64_t n = int64_t(m->type().element_bytes()) * m->factor() * m->type().num_elements;
    read.emplace_back(m->access_offset(), m->access_offset() + n);
  }
  std::vector<llvm::Value*> inputs;
  std::map<const llvm::Value*, std::vector<int64_t>> known;
  for (size_t c = 0; c < s.chunks.size(); ++c) {
    const int64_t at = p.members[0]->offset() + s.chunks[c];  // from the base
    const int64_t off = at - lead->access_offset();
    llvm::Value* ptr = off ? b.CreateGEP(b.getInt8Ty(), lead_load->getPointerOperand(), b.getInt64(uint64_t(off)), "vls.chunk.addr")
                           : lead_load->getPointerOperand();
    const llvm::Align align = llvm::commonAlignment(lead_load->getAlign(), uint64_t(off));
    const bool full = std::all_of(s.chunk_masks[c].begin(), s.chunk_masks[c].end(), [](bool x) { return x; });
    llvm::Value* v = full || read_by_originals(read, at, at + chunk_bytes)
                         ? static_cast<llvm::Value*>(b.CreateAlignedLoad(chunk_ty, ptr, align, "vls.chunk"))
                         : b.CreateMaskedLoad(chunk_ty, ptr, align, mask_constant(b.getContext(), s.chunk_masks[c]),
                                              llvm::PoisonValue::get(chunk_ty), "vls.chunk");
    inputs.push_back(as_bytes(b, v));
    // Chunk byte x holds the group's byte chunks[c] + x (from member 0's first byte), if loaded.
    std::vector<int64_t> labels(static_cast<size_t>(chunk_bytes));
    for (int64_t x = 0; x < chunk_bytes; ++x)
      labels[size_t(x)] = s.chunk_masks[c][size_t(x) / s.type.element_bytes()] ? s.chunks[c] + x : kNoByte;
    known[inputs.back()] = labels;
  }
  auto outs = emit_program(b, p.compiled->program, inputs);
  if (!outs) throw std::logic_error(outs.error().str());  // checked before the rewrite started
  // The emitted IR, run on labels: member m's byte j*E+k is the group's byte dist_m + j*stride + k.
  const unsigned eb = s.type.element_bytes();
  for (size_t m = 0; m < p.members.size(); ++m) {
    const std::vector<int64_t> got = byte_labels((*outs)[m], known);
    for (size_t k = 0; k < got.size(); ++k)
      if (got[k] != p.group.distances[m] + int64_t(k / eb) * p.group.stride + int64_t(k % eb))
        throw std::logic_error(fmt::format("the rewrite of the load group at line {} does not compute field {}",
                                           p.report.line, p.members[m]->field()));
  }
  for (size_t m = 0; m < p.members.size(); ++m) {
    auto* member_ty = llvm::FixedVectorType::get(elem, p.members[m]->type().num_elements);
    llvm::Value* v = b.CreateBitCast((*outs)[m], member_ty, fmt::format("vls.field{}", p.members[m]->field()));
    for (llvm::ShuffleVectorInst* sv : p.members[m]->extracts) {
      sv->replaceAllUsesWith(v);
      dead.push_back(sv);
    }
  }
}

// Rewrites one store group before its latest wide store; the wide stores go to `dead`.
void rewrite_stores(const Planned& p, std::vector<llvm::Instruction*>& dead) {
  const Sequence& s = p.compiled->sequence;
  const IrMemref* last = *std::max_element(p.members.begin(), p.members.end(),
                                           [](auto* a, auto* b) { return a->program_order() < b->program_order(); });
  auto* last_store = llvm::cast<llvm::StoreInst>(last->wide());
  llvm::IRBuilder<> b(last_store);
  llvm::Type* elem = llvm::cast<llvm::FixedVectorType>(last_store->getValueOperand()->getType())->getElementType();
  auto* chunk_ty = llvm::FixedVectorType::get(elem, s.type.num_elements);
  std::vector<llvm::Value*> inputs;
  std::map<const llvm::Value*, std::vector<int64_t>> known;
  const unsigned eb = s.type.element_bytes();
  constexpr int64_t kMember = int64_t(1) << 32;  // label of member m's byte k: m * kMember + k
  for (size_t m = 0; m < p.members.size(); ++m) {
    inputs.push_back(as_bytes(b, p.members[m]->value));
    std::vector<int64_t> labels(static_cast<size_t>(s.type.bits() / 8));
    for (size_t k = 0; k < labels.size(); ++k) labels[k] = int64_t(m) * kMember + int64_t(k);
    known[inputs.back()] = labels;
  }
  auto outs = emit_program(b, p.compiled->program, inputs);
  if (!outs) throw std::logic_error(outs.error().str());
  // The emitted IR, run on labels: every stored element holds the member element placed there.
  for (size_t m = 0; m < s.places.size(); ++m)
    for (size_t i = 0; i < s.places[m].size(); ++i) {
      const ElementPlace& at = s.places[m][i];
      const std::vector<int64_t> got = byte_labels((*outs)[at.chunk], known);
      for (unsigned k = 0; k < eb; ++k)
        if (got[size_t(at.elem) * eb + k] != int64_t(m) * kMember + int64_t(i * eb + k))
          throw std::logic_error(fmt::format("the rewrite of the store group at line {} does not store field {}",
                                             p.report.line, p.members[m]->field()));
    }
  for (size_t c = 0; c < s.chunks.size(); ++c) {
    const int64_t off = p.members[0]->offset() + s.chunks[c] - last->access_offset();
    llvm::Value* ptr = off ? b.CreateGEP(b.getInt8Ty(), last_store->getPointerOperand(), b.getInt64(uint64_t(off)), "vls.chunk.addr")
                           : last_store->getPointerOperand();
    const llvm::Align align = llvm::commonAlignment(last_store->getAlign(), uint64_t(off));
    llvm::Value* v = b.CreateBitCast((*outs)[c], chunk_ty);
    const bool full = std::all_of(s.chunk_masks[c].begin(), s.chunk_masks[c].end(), [](bool x) { return x; });
    if (full) b.CreateAlignedStore(v, ptr, align);
    else b.CreateMaskedStore(v, ptr, align, mask_constant(b.getContext(), s.chunk_masks[c]));
  }
  for (const IrMemref* m : p.members) dead.push_back(m->wide());
}

// The first `@llvm.NAME` that is no current intrinsic: LLVM's parser auto-upgrades retired ones
// and crashes when their signature is malformed (module_reader.cpp renames them for reading;
// a rewrite would have to keep them, so it refuses the module instead).
std::optional<std::string> retired_intrinsic(std::string_view text) {
  auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-' || c == '$'; };
  for (size_t i = text.find("@llvm."); i != std::string_view::npos; i = text.find("@llvm.", i + 1)) {
    size_t e = i + 1;
    while (e < text.size() && word(text[e])) ++e;
    const std::string_view name = text.substr(i + 1, e - i - 1);
    if (llvm::Function::lookupIntrinsicID(llvm::StringRef(name.data(), name.size())) == llvm::Intrinsic::not_intrinsic)
      return std::string(name);
  }
  return std::nullopt;
}

}  // namespace

Expected<IrRewrite> rewrite_interleaved_groups(std::string_view text, const std::string& name, const IrClientOptions& o) {
  auto target = isa::find_target(o.target);
  if (!target) return Error{fmt::format("unknown target '{}' (see shufc isa list --help)", o.target)};
  if (target->arch != isa::Arch::x86) return Error{"shufc vls supports the x86 targets so far (sse2 ... avx512vbmi2)"};
  const std::string cpu_name = !o.cpu.empty() ? o.cpu : "icelake-server";
  const CpuModel* cpu = find_cpu(cpu_name);
  if (!cpu) return Error{fmt::format("unknown CPU '{}'", cpu_name)};
  if (cpu->arch != target->arch) return Error{fmt::format("CPU '{}' is not a {} CPU", cpu_name, target->name)};

  // shufc's module reader first: its checks keep LLVM's parser from the inputs it crashes on,
  // and its errors name the line.
  if (auto checked = read_module(text, name); !checked) return checked.error();
  if (auto old = retired_intrinsic(text)) return Error{fmt::format("@{} is a retired intrinsic: shufc vls needs a module of LLVM 19", *old)};
  llvm::LLVMContext ctx;
  llvm::SMDiagnostic diag;
  std::unique_ptr<llvm::Module> mod =
      llvm::parseAssembly(llvm::MemoryBufferRef(llvm::StringRef(text.data(), text.size()), name), diag, ctx);
  if (!mod) return Error{diag.getMessage().str(), unsigned(std::max(diag.getLineNo(), 0)), 0};

  if (const llvm::Triple triple(mod->getTargetTriple()); !triple.str().empty() && !triple.isX86())
    return Error{fmt::format("the module is for {}: shufc vls rewrites x86 modules", triple.str())};

  const auto lines = instruction_lines(text);
  std::unique_ptr<llvm::TargetMachine> tm = x86_machine(cpu_name, target->name);
  // LLVM costs a function with its own target-cpu / target-features when it has them; a CPU
  // x86 does not know (a module without triple written for another target) would abort LLVM,
  // so such a function is costed as an attribute-free stand-in is: with --cpu and --target.
  llvm::Function* stand_in = llvm::Function::Create(llvm::FunctionType::get(llvm::Type::getVoidTy(ctx), false),
                                                    llvm::GlobalValue::ExternalLinkage, "shufc.vls.cost", mod.get());
  auto cost_model_of = [&](const llvm::Function& f) -> const llvm::Function& {
    const llvm::Attribute cpu_attr = f.getFnAttribute("target-cpu");
    if (!cpu_attr.isValid()) return f;
    return tm->getMCSubtargetInfo()->isCPUStringValid(cpu_attr.getValueAsString()) ? f : *stand_in;
  };
  ShuffleLowering lowering(*target, *cpu, o.budget_ms);
  TargetCostClient client(lowering);
  Trace trace;
  Trace* tr = o.debug ? &trace : nullptr;
  const unsigned vl = target->max_reg_bits / 8;

  IrRewrite out;
  bool any_member = false;
  for (llvm::Function& f : *mod) {
    if (f.isDeclaration() || &f == stand_in) continue;
    std::vector<IrMemref> members = find_interleaved_members(f);
    if (members.empty()) continue;
    any_member = true;
    const std::string fname = "@" + f.getName().str();
    std::vector<unsigned> fline;
    if (auto it = lines.find(f.getName().str()); it != lines.end() && it->second.size() == f.getInstructionCount())
      fline = it->second;
    if (tr) tr->line(0, "FUNCTION {}: {} interleaved members", fname, members.size());
    const llvm::TargetTransformInfo tti = tm->getTargetTransformInfo(cost_model_of(f));
    const auto original = original_costs(members, tti);

    std::vector<const Memref*> refs;
    for (const IrMemref& m : members) refs.push_back(&m);
    Grouping grouping = get_groups(refs, vl, client, tr);
    std::vector<Planned> plans;
    for (Group& g : grouping.groups) {
      Planned p{g, ir_members(g), std::nullopt, {}};
      IrGroupReport& r = p.report;
      const IrMemref* lead = *std::min_element(p.members.begin(), p.members.end(),
                                               [](auto* a, auto* b) { return a->program_order() < b->program_order(); });
      r.function = fname;
      r.line = fline.empty() ? 0 : fline[lead->program_order() - 1];
      r.load = is_load(g.access);
      r.factor = lead->factor();
      r.type = type_str(llvm::FixedVectorType::get(
          llvm::cast<llvm::FixedVectorType>(r.load ? lead->wide()->getType()
                                                   : llvm::cast<llvm::StoreInst>(lead->wide())->getValueOperand()->getType())
              ->getElementType(),
          g.type.num_elements));
      std::set<const llvm::Instruction*> accesses;
      for (const IrMemref* m : p.members) {
        r.fields.push_back(m->field());
        r.original_cost += original.at(m);
        accesses.insert(m->wide());
      }
      r.accesses = unsigned(accesses.size());
      auto c = compile_group(g, client, lowering, Strategy::Best, tr);
      if (!c) {
        r.note = "no sequence: " + c.error().str();
      } else {
        r.memory_ops = unsigned(c->sequence.chunks.size());
        r.shuffles = unsigned(c->program.steps.size());
        r.cost = c->cost();
        r.program = program_lines(c->program);
        std::string bad;
        for (const Program::Step& s : c->program.steps)
          if (s.instr->value != isa::ValueOp::BitOr && isa::conditional_byte_map(*s.instr, s.params()).bytes.empty())
            bad = fmt::format("step {} ({}) is not a byte permutation", s.name, s.instr->id);
        if (!bad.empty()) {
          r.note = "kept: " + bad;
        } else if (o.always || r.cost < r.original_cost) {
          r.rewritten = true;
          p.compiled = std::move(*c);
        } else {
          r.note = fmt::format("kept: the original costs {:.2f} by LLVM's model, the sequence {:.2f}", r.original_cost, r.cost);
        }
      }
      plans.push_back(std::move(p));
    }
    // A wide store is only removed when every field it writes is rewritten: a group whose
    // wide store keeps another field stays as it is.
    for (bool changed = true; changed;) {
      changed = false;
      std::set<const llvm::Instruction*> kept;
      for (const Planned& p : plans)
        if (!p.report.load && !p.report.rewritten)
          for (const IrMemref* m : p.members) kept.insert(m->wide());
      for (Planned& p : plans) {
        if (p.report.load || !p.report.rewritten) continue;
        for (const IrMemref* m : p.members)
          if (kept.count(m->wide())) {
            p.report.rewritten = false;
            p.report.note = "kept: another field of its wide store is kept";
            changed = true;
            break;
          }
      }
    }
    std::vector<llvm::Instruction*> dead;
    for (Planned& p : plans) {
      if (p.report.rewritten) {
        if (p.report.load) rewrite_loads(p, dead);
        else rewrite_stores(p, dead);
      }
      out.groups.push_back(std::move(p.report));
    }
    // Dead code: replaced extracts, then wide loads left without users; removed wide stores and
    // the interleaving shuffles that fed only them.
    std::set<llvm::Instruction*> gone;
    std::vector<llvm::WeakTrackingVH> feeding;  // handles: a value may die while another is deleted
    for (llvm::Instruction* i : dead) {
      if (!gone.insert(i).second) continue;
      if (auto* st = llvm::dyn_cast<llvm::StoreInst>(i)) feeding.emplace_back(st->getValueOperand());
      if (llvm::isa<llvm::ShuffleVectorInst>(i)) feeding.emplace_back(i->getOperand(0));
      i->eraseFromParent();
    }
    for (llvm::WeakTrackingVH& v : feeding)
      if (v) llvm::RecursivelyDeleteTriviallyDeadInstructions(v);
  }
  stand_in->eraseFromParent();
  if (!any_member) return Error{"no interleaved loads or stores (a wide load whose users are all strided shufflevectors, or a store of an interleaving shufflevector)"};

  std::string verify;
  llvm::raw_string_ostream vos(verify);
  if (llvm::verifyModule(*mod, &vos)) throw std::logic_error("the rewritten module does not verify: " + vos.str());
  llvm::raw_string_ostream os(out.module);
  mod->print(os, nullptr);
  out.trace = std::move(trace.text);
  return out;
}

}  // namespace shufc::vls
