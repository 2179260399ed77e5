// The page's sounds, made by the browser (no files): a knock for a move, a sharper one
// for a capture, a chord at the end. Muted with the header's button; the choice is kept.

/** @type {AudioContext | null} */
let context = null;

export function muted() {
  return localStorage.getItem("camelot.muted") === "1";
}

/** @param {boolean} on */
export function setMuted(on) {
  localStorage.setItem("camelot.muted", on ? "1" : "0");
}

/**
 * @param {"move" | "capture" | "end"} kind
 */
export function sound(kind) {
  if (muted()) {
    return;
  }
  try {
    context ??= new AudioContext();
  } catch {
    return;
  }
  const ctx = context;
  const now = ctx.currentTime;
  /** @type {[number, number, number][]} frequency, start, length */
  const notes =
    kind === "move"
      ? [[220, 0, 0.08]]
      : kind === "capture"
        ? [[330, 0, 0.06], [165, 0.05, 0.1]]
        : [[262, 0, 0.4], [330, 0.05, 0.4], [392, 0.1, 0.5]];
  for (const [f, start, length] of notes) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = kind === "end" ? "sine" : "triangle";
    osc.frequency.value = f;
    gain.gain.setValueAtTime(0.0001, now + start);
    gain.gain.exponentialRampToValueAtTime(0.25, now + start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
    osc.connect(gain).connect(ctx.destination);
    osc.start(now + start);
    osc.stop(now + start + length + 0.02);
  }
}
