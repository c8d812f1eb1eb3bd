import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How long the answers that must not tell known addresses from unknown ones take at least (ms): password reset and
 * the partner verification resend (README 'Abuse protection'). Their work takes 2–20 ms, so every answer leaves after
 * this floor whichever path ran.
 */
export const UNIFORM_ANSWER_MS = 300;

/**
 * The same floor for registrations (ms), whose work includes an argon2id hash (≈ 12 ms, far more on a busy machine).
 */
export const UNIFORM_REGISTRATION_MS = 500;

/**
 * Runs `work` and resolves (or rejects) with its outcome no sooner than `ms` after the call, so the time of the
 * answer says nothing about which path the work took.
 * @throws whatever `work` throws, after the same floor
 */
export async function withUniformDuration<T>(work: () => Promise<T>, ms = UNIFORM_ANSWER_MS): Promise<T> {
  const deadline = performance.now() + ms;
  const settle = async () => {
    const left = deadline - performance.now();
    if (left > 0) await sleep(left);
  };
  try {
    const result = await work();
    await settle();
    return result;
  } catch (err) {
    await settle();
    throw err;
  }
}
