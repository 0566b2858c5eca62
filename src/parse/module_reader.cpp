// Reads every shufflevector of a whole .ll module through LLVM 19's own parser.
#include "shufc/module_reader.h"

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>

#include <llvm/AsmParser/Parser.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DerivedTypes.h>
#include <llvm/IR/DiagnosticInfo.h>
#include <llvm/IR/DiagnosticPrinter.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/ModuleSlotTracker.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/CommandLine.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/raw_ostream.h>

namespace shufc {
namespace {

// ---- A light lexical pass over the text (LLVM records no instruction lines) ----

struct Pos {
  unsigned line = 0;    // 1-based
  unsigned column = 0;  // 1-based
};

// Characters LLVM's lexer keeps together in keywords, names and labels.
bool is_word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '$' || c == '.' || c == '_' || c == '\\';
}
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

// Walks the text the way LLVM's lexer sees it: `;` comments run to the end of the line, and
// "..." strings (which may span lines and have no escaped quote) hide their contents.
class Scanner {
 public:
  explicit Scanner(std::string_view text) : t_(text) {}

  bool done() const { return i_ >= t_.size(); }
  char peek() const { return t_[i_]; }
  Pos pos() const { return {line_, unsigned(i_ - line_start_) + 1}; }
  size_t offset() const { return i_; }

  void advance() {
    if (t_[i_] == '\n') {
      ++line_;
      line_start_ = i_ + 1;
    }
    ++i_;
  }
  // Skips whitespace, comments and strings; stops at the next character of code.
  void skip_trivia() {
    while (!done()) {
      char c = peek();
      if (is_space(c)) {
        advance();
      } else if (c == ';') {
        while (!done() && peek() != '\n') advance();
      } else if (c == '"') {
        advance();
        while (!done() && peek() != '"') advance();
        if (!done()) advance();
      } else {
        return;
      }
    }
  }
  // A maximal run of word characters starting here (possibly empty).
  std::string_view word() {
    size_t b = i_;
    while (!done() && is_word_char(peek())) advance();
    return t_.substr(b, i_ - b);
  }

 private:
  std::string_view t_;
  size_t i_ = 0;
  unsigned line_ = 1;
  size_t line_start_ = 0;
};

struct TextFacts {
  std::vector<Pos> shuffles;       // each `shufflevector` instruction keyword, in order
  std::optional<Pos> big_vector;   // the first vector type wider than kMaxElements
  uint64_t big_count = 0;
  std::vector<size_t> legacy_dots;  // offset of the '.' in "llvm." of each legacy intrinsic name
  std::optional<Pos> too_deep;      // the first bracket nested deeper than kMaxNesting
};

// LLVM parses nested types, constants and metadata recursively and overflows the stack at a
// few thousand levels; real IR stays far below this.
constexpr unsigned kMaxNesting = 256;

// LLVM's parser auto-upgrades calls to retired intrinsics (llvm.x86.sse2.pshuf.d, ...) and
// crashes (SEGV, no assertions in release builds) when their signature is malformed. Names
// that are no current intrinsic get renamed @llvm.X -> @llvm-X before parsing: the same length,
// so lines and columns hold, still printable unquoted, and an ordinary external function is
// all shufc needs.
void note_legacy_intrinsic(std::string_view name, size_t at, TextFacts& f) {
  if (name.substr(0, 5) != "llvm.") return;
  if (llvm::Function::lookupIntrinsicID(llvm::StringRef(name.data(), name.size())) == llvm::Intrinsic::not_intrinsic)
    f.legacy_dots.push_back(at + 4);
}

// After `<`: "[vscale x] N x" gives N (saturated), else nullopt. Leaves the scanner anywhere.
std::optional<uint64_t> vector_count(Scanner& s) {
  s.skip_trivia();
  std::string_view w = s.word();
  if (w == "vscale") {
    s.skip_trivia();
    if (s.word() != "x") return std::nullopt;
    s.skip_trivia();
    w = s.word();
  }
  if (w.empty() || w.find_first_not_of("0123456789") != std::string_view::npos) return std::nullopt;
  uint64_t n = 0;
  for (char c : w) n = n > (UINT64_MAX - 9) / 10 ? UINT64_MAX : n * 10 + uint64_t(c - '0');
  s.skip_trivia();
  if (s.done() || s.peek() != 'x') return std::nullopt;
  return n;
}

// Finds the shufflevector instruction keywords and any oversized vector type. The instruction is
// told from the constant expression `shufflevector (...)` by what follows: the instruction
// starts with its operand type. A word after a sigil (%, @, !, #, ^) is a name, and one before
// `:` a label.
TextFacts scan_text(std::string_view text) {
  TextFacts f;
  Scanner s(text);
  char prev = ' ';
  unsigned depth = 0;
  while (true) {
    s.skip_trivia();
    if (s.done()) break;
    Pos at = s.pos();
    char c = s.peek();
    if (c == '(' || c == '[' || c == '{' || c == '<') {
      if (++depth > kMaxNesting && !f.too_deep) f.too_deep = at;
    } else if ((c == ')' || c == ']' || c == '}' || c == '>') && depth > 0) {
      --depth;
    }
    if (c == '<') {
      s.advance();
      prev = c;
      Scanner look = s;  // only peeks: `<` may start a vector type
      std::optional<uint64_t> n = vector_count(look);
      if (n && *n > kMaxElements && !f.big_vector) {
        f.big_vector = at;
        f.big_count = *n;
      }
      continue;
    }
    if (!is_word_char(c)) {
      s.advance();
      prev = c;
      if (c == '@' && !s.done() && s.peek() == '"') {  // @"quoted name"
        size_t b = s.offset() + 1, e = text.find('"', b);
        if (e != std::string_view::npos) note_legacy_intrinsic(text.substr(b, e - b), b, f);
      }
      continue;
    }
    size_t word_at = s.offset();
    std::string_view w = s.word();
    bool named = prev == '%' || prev == '@' || prev == '!' || prev == '#' || prev == '^';
    if (prev == '@') note_legacy_intrinsic(w, word_at, f);
    prev = 'a';
    if (w != "shufflevector" || named) continue;
    Scanner look = s;
    look.skip_trivia();
    if (!look.done() && (look.peek() == '(' || look.peek() == ':')) continue;
    f.shuffles.push_back(at);
  }
  return f;
}

// ---- LLVM values to shufc's model ----

// Undoes the legacy-intrinsic renaming in anything shown to the user.
struct Names {
  static constexpr std::string_view kRenamed[] = {"@llvm-", "@\"llvm-"};
  bool renamed = false;

  // Renaming is skipped when the text already spells a renamed prefix: restoring would be ambiguous.
  static bool can_rename(std::string_view text) {
    for (std::string_view p : kRenamed)
      if (text.find(p) != std::string_view::npos) return false;
    return true;
  }
  std::string restore(std::string s) const {
    if (!renamed) return s;
    for (std::string_view p : kRenamed)
      for (size_t i = s.find(p); i != std::string::npos; i = s.find(p, i + p.size())) s[i + p.size() - 1] = '.';
    return s;
  }
};

// Values printed as operands, without type: "%r", "%5", "7", "1.500000e+00", "null", "@g".
struct Printer {
  llvm::ModuleSlotTracker& mst;
  const Names& names;

  std::string operator()(const llvm::Value& v) const {
    std::string s;
    llvm::raw_string_ostream os(s);
    v.printAsOperand(os, /*PrintType=*/false, mst);
    os.flush();
    return names.restore(std::move(s));
  }
};

std::string print_type(const llvm::Type& t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  t.print(os);
  os.flush();
  return s;
}

std::optional<ElemType> elem_type(const llvm::Type& t) {
  if (t.isIntegerTy()) return ElemType::i(t.getIntegerBitWidth());
  if (t.isHalfTy()) return ElemType::f16();
  if (t.isBFloatTy()) return ElemType::bf16();
  if (t.isFloatTy()) return ElemType::f32();
  if (t.isDoubleTy()) return ElemType::f64();
  // ElemType::ptr() has no address space, so another one would be printed back wrong.
  if (t.isPointerTy() && t.getPointerAddressSpace() == 0) return ElemType::ptr();
  return std::nullopt;
}

std::optional<VecType> vec_type(const llvm::Type& t) {
  auto* vt = llvm::dyn_cast<llvm::VectorType>(&t);
  if (!vt) return std::nullopt;
  std::optional<ElemType> e = elem_type(*vt->getElementType());
  if (!e) return std::nullopt;
  llvm::ElementCount ec = vt->getElementCount();
  return VecType{{ec.getKnownMinValue(), ec.isScalable()}, *e};
}

Operand operand_of(const llvm::Value& v, const Printer& print) {
  if (llvm::isa<llvm::PoisonValue>(v)) return Operand::poison();
  if (llvm::isa<llvm::UndefValue>(v)) return Operand::undef();
  if (llvm::isa<llvm::ConstantAggregateZero>(v)) return Operand::zero();
  auto* c = llvm::dyn_cast<llvm::Constant>(&v);
  if (c) {
    // Also catches a scalable `splat (...)`, which LLVM 19 keeps as a constant expression.
    if (const llvm::Constant* e = c->getSplatValue()) {
      // isNullValue: integer 0, +0.0 (not -0.0) and null, what zeroinitializer would hold.
      if (e->isNullValue()) return Operand::zero();
      return Operand::splat_of(print(*e));
    }
    if (llvm::isa<llvm::ConstantDataVector>(c) || llvm::isa<llvm::ConstantVector>(c)) {
      unsigned n = llvm::cast<llvm::FixedVectorType>(c->getType())->getNumElements();
      std::vector<std::string> elems;
      elems.reserve(n);
      for (unsigned i = 0; i < n; ++i) elems.push_back(print(*c->getAggregateElement(i)));
      return Operand::constant(std::move(elems));
    }
  }
  return Operand::value(print(v));
}

// Collects what LLVM reports through the context (instead of its default: print and exit(1)).
struct Diagnostics {
  std::optional<std::string> first_error;

  static void handle(const llvm::DiagnosticInfo* di, void* self) {
    auto* d = static_cast<Diagnostics*>(self);
    if (!di || di->getSeverity() != llvm::DS_Error || d->first_error) return;
    std::string s;
    llvm::raw_string_ostream os(s);
    llvm::DiagnosticPrinterRawOStream dp(os);
    di->print(dp);
    os.flush();
    d->first_error = std::move(s);
  }
};

// With a "Debug Info Version" module flag, the parser's debug-info upgrade runs the verifier
// and calls report_fatal_error (abort) on any broken module. Switching that upgrade off (LLVM's
// own command-line option, process-wide) lets our verifyModule call report the problem instead.
void disable_debug_info_upgrade() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::StringMap<llvm::cl::Option*>& opts = llvm::cl::getRegisteredOptions();
    auto it = opts.find("disable-auto-upgrade-debug-info");
    if (it != opts.end()) it->second->addOccurrence(0, it->second->ArgStr, "true");
  });
}

std::string first_line(std::string s) {
  size_t nl = s.find('\n');
  if (nl != std::string::npos) s.resize(nl);
  return s;
}

}  // namespace

Expected<std::vector<ModuleShuffle>> read_module(std::string_view text, const std::string& name) {
  TextFacts facts = scan_text(text);
  if (facts.too_deep) {
    return Error{"brackets nested deeper than " + std::to_string(kMaxNesting) + " levels", facts.too_deep->line,
                 facts.too_deep->column};
  }
  // LLVM would materialize masks and constants this wide; shufc never handles them anyway.
  if (facts.big_vector) {
    return Error{"vector of " + std::to_string(facts.big_count) + " elements is wider than shufc's limit of " +
                     std::to_string(kMaxElements),
                 facts.big_vector->line, facts.big_vector->column};
  }

  disable_debug_info_upgrade();
  llvm::LLVMContext ctx;
  Diagnostics diags;
  ctx.setDiagnosticHandlerCallBack(&Diagnostics::handle, &diags);

  // LLVM's lexer relies on a NUL after the last byte; a copied buffer guarantees it.
  std::string source(text);
  Names names;
  names.renamed = !facts.legacy_dots.empty() && Names::can_rename(text);
  if (names.renamed)
    for (size_t dot : facts.legacy_dots) source[dot] = '-';
  std::unique_ptr<llvm::MemoryBuffer> buf = llvm::MemoryBuffer::getMemBufferCopy(source, name);
  llvm::SMDiagnostic diag;
  std::unique_ptr<llvm::Module> mod = llvm::parseAssembly(buf->getMemBufferRef(), diag, ctx);
  if (!mod) {
    // SMDiagnostic: line 1-based, column 0-based, -1 when unknown.
    unsigned line = diag.getLineNo() > 0 ? unsigned(diag.getLineNo()) : 0;
    unsigned col = line && diag.getColumnNo() >= 0 ? unsigned(diag.getColumnNo()) + 1 : 0;
    return Error{names.restore(diag.getMessage().str()), line, col};
  }
  if (diags.first_error) return Error{names.restore(*diags.first_error), 0, 0};

  std::string verify_msg;
  llvm::raw_string_ostream vos(verify_msg);
  bool broken_debug_info = false;  // tolerated: shufc never reads debug info
  if (llvm::verifyModule(*mod, &vos, &broken_debug_info)) {
    vos.flush();
    std::string msg = names.restore(first_line(verify_msg));
    return Error{"invalid module: " + (msg.empty() ? std::string("verifier failed") : msg), 0, 0};
  }

  std::vector<ModuleShuffle> out;
  std::vector<const llvm::ShuffleVectorInst*> insts;
  for (const llvm::Function& f : *mod)
    for (const llvm::BasicBlock& bb : f)
      for (const llvm::Instruction& i : bb)
        if (auto* sv = llvm::dyn_cast<llvm::ShuffleVectorInst>(&i)) insts.push_back(sv);
  // Pairing by order is only sound when the counts agree (LLVM keeps textual order, but
  // auto-upgraded intrinsics can still add shuffles the text does not spell).
  bool lines_known = facts.shuffles.size() == insts.size();

  llvm::ModuleSlotTracker mst(mod.get());
  Printer print{mst, names};
  const llvm::Function* incorporated = nullptr;
  for (size_t k = 0; k < insts.size(); ++k) {
    const llvm::ShuffleVectorInst& sv = *insts[k];
    const llvm::Function& f = *sv.getFunction();
    if (&f != incorporated) {
      mst.incorporateFunction(f);  // numbers the function's unnamed values (%5)
      incorporated = &f;
    }
    Pos at = lines_known ? facts.shuffles[k] : Pos{};

    const llvm::Type& opty = *sv.getOperand(0)->getType();
    std::optional<VecType> ty = vec_type(opty);
    if (!ty) {
      return Error{"shufflevector on " + print_type(opty) +
                       " is not supported (elements must be iN, half, bfloat, float, double or ptr)",
                   at.line, at.column};
    }
    if (ty->count.min > kMaxElements || sv.getShuffleMask().size() > kMaxElements) {
      return Error{"shufflevector wider than shufc's limit of " + std::to_string(kMaxElements) + " elements",
                   at.line, at.column};
    }

    ModuleShuffle ms;
    ms.function = print(f);  // "@f", or quoted: @"my f"
    ms.line = at.line;
    ShuffleVector& s = ms.shuffle;
    if (!sv.getType()->isVoidTy()) s.result = print(sv);
    s.type = *ty;
    s.v1 = operand_of(*sv.getOperand(0), print);
    s.v2 = operand_of(*sv.getOperand(1), print);
    // LLVM's -1 (poison element) is kUndef; a scalable mask is already min-count, all 0 or all -1.
    s.mask.assign(sv.getShuffleMask().begin(), sv.getShuffleMask().end());
    out.push_back(std::move(ms));
  }
  return out;
}

bool looks_like_module(std::string_view text) {
  auto starts = [](std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; };
  auto after_name = [](std::string_view s) {
    // s starts at a sigil: skip a name (plain or quoted), then whitespace.
    size_t i = 1;
    if (i < s.size() && s[i] == '"') {
      size_t q = s.find('"', i + 1);
      i = q == std::string_view::npos ? s.size() : q + 1;
    } else {
      while (i < s.size() && is_word_char(s[i])) ++i;
    }
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    return s.substr(i);
  };
  while (!text.empty()) {
    size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
    size_t b = line.find_first_not_of(" \t\r\v\f");
    if (b == std::string_view::npos) continue;
    line = line.substr(b);  // a line starting with `;` is a comment and matches nothing below
    for (std::string_view kw : {"define", "declare", "target", "attributes"})
      if (starts(line, kw) && line.size() > kw.size() && (line[kw.size()] == ' ' || line[kw.size()] == '\t'))
        return true;
    if (starts(line, "source_filename") || starts(line, "module asm") || line[0] == '!') return true;
    if (line[0] == '@' && starts(after_name(line), "=")) return true;  // a global
    if (line[0] == '%' && starts(after_name(line), "=")) {
      std::string_view rhs = after_name(line).substr(1);
      size_t r = rhs.find_first_not_of(" \t");
      std::string_view v = r == std::string_view::npos ? std::string_view() : rhs.substr(r);
      if (starts(v, "type") && (v.size() == 4 || !is_word_char(v[4]))) return true;  // %T = type ...
    }
  }
  return false;
}

}  // namespace shufc
