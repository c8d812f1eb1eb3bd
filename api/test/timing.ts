import { expect } from 'vitest';

/**
 * Times `rounds` pairs of calls — `call(true, i)` (a known address) right before `call(false, i)` (an unknown one) —
 * and asserts what README 'Abuse protection' promises: every answer took at least `floorMs`, and the median of the
 * pairs' differences is within `toleranceMs`. Pairing cancels the machine's load drifting between rounds; the samples
 * are printed when it fails. On a machine busy enough for the work itself to pass the floor the answer times drift
 * apart; the tests that use this retry twice (`{ retry: 2 }`), so only a difference that stays fails.
 */
export async function expectSameTime(
  call: (known: boolean, round: number) => Promise<unknown>,
  opts: { floorMs: number; rounds?: number; toleranceMs?: number },
): Promise<void> {
  const known: number[] = [];
  const unknown: number[] = [];
  for (let round = 0; round < (opts.rounds ?? 6); round++) {
    for (const isKnown of [true, false]) {
      const started = performance.now();
      await call(isKnown, round);
      (isKnown ? known : unknown).push(performance.now() - started);
    }
  }
  const differences = known.map((k, i) => k - unknown[i]!).sort((a, b) => a - b);
  const median = differences[Math.floor(differences.length / 2)]!;
  const shown = `known ${known.map(Math.round)} ms, unknown ${unknown.map(Math.round)} ms`;
  expect(Math.min(...known, ...unknown), shown).toBeGreaterThanOrEqual(opts.floorMs - 1);
  expect(Math.abs(median), shown).toBeLessThan(opts.toleranceMs ?? 25);
}
