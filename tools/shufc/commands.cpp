#include "commands.h"

#include <cstdio>
#include <functional>
#include <stdexcept>

#include <fmt/format.h>

#include "inputs.h"
#include "report.h"
#include "shufc/canonicalize.h"
#include "shufc/lower_ir.h"
#include "shufc/verify.h"

namespace shufc::cli {

using json = nlohmann::ordered_json;

namespace {

// Every answer is checked before it is printed; a failed check is shufc's bug, not the user's.
[[noreturn]] void internal(const std::string& what) { throw std::logic_error(what); }

std::string prefix(const Input& in) { return in.prefix(); }

void add_source(json& j, const Input& in) {
  if (in.file.empty()) return;
  j["file"] = in.file;
  j["line"] = in.line;
  if (!in.function.empty()) j["function"] = in.function;
}

// Runs `each` on every input that parsed; reports the others on stderr. Exit code 1 if any failed.
int for_each_input(const Options& o, const std::function<void(const Input&, const ShuffleVector&)>& each) {
  auto inputs = read_inputs(o.input);
  if (!inputs) {
    std::fprintf(stderr, "shufc: error: %s\n", inputs.error().str().c_str());
    return 1;
  }
  int rc = 0;
  for (const Input& in : *inputs) {
    if (!in.shuffle) {
      std::fprintf(stderr, "shufc: error: %s\n", in.error_text().c_str());
      rc = 1;
      continue;
    }
    each(in, *in.shuffle);
  }
  return rc;
}

ShuffleVector checked_canonical(const ShuffleVector& sv, CanonOptions opts) {
  ShuffleVector c = canonicalize(sv, opts);
  if (!same_result(sv, c)) internal("canonical form changed the result of " + sv.str());
  return c;
}

Classification checked_classify(const ShuffleVector& canonical) {
  Classification c = classify(canonical);
  const MaskView v = MaskView::of(canonical);
  for (const PatternMatch& p : c.patterns)
    if (!canonical.scalable() && !reproduces(p, v))
      internal(fmt::format("pattern {} does not reproduce {}", name(p.kind), canonical.str()));
  return c;
}

}  // namespace

int run_canon(const Options& o) {
  return for_each_input(o, [&](const Input& in, const ShuffleVector& sv) {
    const ShuffleVector c = checked_canonical(sv, {.widen = !o.no_widen});
    if (o.json) {
      json j;
      j["input"] = sv.str();
      add_source(j, in);
      j["canonical"] = canonical_json(c);
      std::printf("%s\n", j.dump(-1, ' ', false, json::error_handler_t::replace).c_str());
    } else {
      std::printf("%s%s\n", prefix(in).c_str(), c.str().c_str());
    }
  });
}

int run_classify(const Options& o) {
  return for_each_input(o, [&](const Input& in, const ShuffleVector& sv) {
    const ShuffleVector c = checked_canonical(sv, {});
    const Classification cl = checked_classify(c);
    if (o.json) {
      json j;
      j["input"] = sv.str();
      add_source(j, in);
      j["canonical"] = canonical_json(c);
      json rest = classification_json(cl);
      j["lanes"] = rest["lanes"];
      j["signature"] = rest["signature"];
      json pats = json::array();
      for (const PatternMatch& p : cl.patterns) pats.push_back(pattern_json(p, c));
      j["patterns"] = pats;
      std::printf("%s\n", j.dump(-1, ' ', false, json::error_handler_t::replace).c_str());
    } else {
      std::printf("%s%s\n", prefix(in).c_str(), classification_text(c, cl).c_str());
    }
  });
}

int run_lower_ir(const Options& o) {
  return for_each_input(o, [&](const Input& in, const ShuffleVector& sv) {
    const std::optional<Lowering> l = lower_ir(sv);
    if (o.json) {
      json j;
      j["input"] = sv.str();
      add_source(j, in);
      j["pattern"] = l ? json(std::string(name(l->pattern))) : json(nullptr);
      j["ir"] = l ? json(l->ir) : json(nullptr);
      j["declarations"] = l ? json(l->declarations) : json(nullptr);
      std::printf("%s\n", j.dump(-1, ' ', false, json::error_handler_t::replace).c_str());
    } else if (l) {
      std::printf("; %s%s\n; is %s:\n%s\n", prefix(in).c_str(), sv.str().c_str(), std::string(name(l->pattern)).c_str(),
                  l->ir.c_str());
      if (!l->declarations.empty()) std::printf("%s\n", l->declarations.c_str());
    } else {
      std::printf("; %s%s\n; has no simpler IR form\n", prefix(in).c_str(), sv.str().c_str());
    }
  });
}

}  // namespace shufc::cli
