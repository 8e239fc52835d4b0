// The CPU slowdown that makes this machine behave like Lighthouse's reference phone, from the benchmark index
// Lighthouse measured on it (lhr.environment.benchmarkIndex): the formula of Lighthouse's CPU throttling
// calculator (lighthouse 12 does not ship it in its package). docs/reliability.md, "Quality scores".
//   index >= 1,300:   3 + (index - 1,300) / 233
//   800 to 1,300:     2 + (index - 800) / 500
//   under 800:        1 + (index - 150) / 650
// rounded to one decimal, never under 1 (a slower machine than the phone is not sped up).

/** The CPU slowdown multiplier for a benchmark index: 1,533 gives 4, 1,000 gives 2.4, 3,500 gives 12.4. */
export function cpuSlowdownFor(benchmarkIndex) {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) {
    throw new RangeError(`not a benchmark index: ${benchmarkIndex}`);
  }
  const i = benchmarkIndex;
  const raw = i >= 1300 ? 3 + (i - 1300) / 233 : i >= 800 ? 2 + (i - 800) / 500 : 1 + (i - 150) / 650;
  return Math.max(1, Math.round(raw * 10) / 10);
}
