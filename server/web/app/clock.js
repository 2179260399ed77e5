// Clocks as players read them, and the running one counted down between messages.

/**
 * `4:05`, `0:09.4` under ten seconds, `1:02:05` over an hour: as the 3D table writes it.
 * @param {number} ms
 * @returns {string}
 */
export function clockText(ms) {
  const t = Math.max(0, Math.floor(ms));
  const s = Math.floor(t / 1000);
  const two = (/** @type {number} */ n) => String(n).padStart(2, "0");
  if (t < 10_000) {
    return `0:${two(s)}.${Math.floor((t % 1000) / 100)}`;
  }
  if (s >= 3600) {
    return `${Math.floor(s / 3600)}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`;
  }
  return `${Math.floor(s / 60)}:${two(s % 60)}`;
}

/**
 * @typedef {{ remaining_ms: number[], running?: number }} ClockView
 */

/**
 * Every seat's time left at `now`, the running clock counted down since `readAt`.
 * @param {ClockView | undefined} clocks
 * @param {number} readAt milliseconds, as `now`
 * @param {number} now
 * @returns {number[]}
 */
export function remaining(clocks, readAt, now) {
  if (!clocks) {
    return [];
  }
  const spent = Math.max(0, now - readAt);
  return clocks.remaining_ms.map((ms, i) =>
    clocks.running === i ? Math.max(0, ms - spent) : ms,
  );
}

/** Under this a running clock is shown red. */
export const LOW_MS = 10_000;

/**
 * A seat's clock's classes: `clock`, and `low` while it runs under ten seconds.
 * @param {boolean} running
 * @param {number} ms
 */
export function clockClass(running, ms) {
  return running && ms < LOW_MS ? "clock low" : "clock";
}
