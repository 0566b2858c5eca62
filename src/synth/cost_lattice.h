// Costs under the summed throughput objective lie on a lattice: every Program's is a sum of the
// CPU table's reciprocal throughputs (each a multiple of 1/D cycle: 1/6 on Skylake, whose entries
// are 0.166667, 0.333333, 0.5, 0.666667, 1) and of a token (goal.h's kPortlessCost) per step that
// takes no port (the zero idiom; a copy where the table has it free). No Program costs strictly
// between two such sums, so a lower bound rounds up to the least one at or above it: a constant's
// bound, the free layout's Program less the zero idiom's token plus the load (1.499 on Skylake),
// is 1.5.
#pragma once
#include "shufc/cost.h"

namespace shufc::synth {

// The denominator D (1/D cycle) of the CPU's table, at most `most` (0 when some entry is no
// multiple of 1/D for any D up to it: nothing rounds).
unsigned cost_denominator(const CpuModel& cpu, unsigned most = 60);

// `bound` (a lower bound on the cost of every Program for some goal, under the summed throughput
// objective) raised to the least lattice point at or above it that a cheapest Program may cost,
// where no Program worth considering costs more than `answer` (it bounds the portless steps a
// cheapest one holds: at most one zero idiom, and a copy per other step). `bound` itself when the
// table has no lattice.
double on_cost_lattice(double bound, double answer, const CpuModel& cpu);

}  // namespace shufc::synth
