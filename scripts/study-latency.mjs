// How long the server's computer takes to find the analysis board's lines:
// `node scripts/study-latency.mjs SERVER [POSITIONS]` (a server of this project, its
// computer idle). For each of POSITIONS (5) Camelot positions 20 or more moves in (the
// moves chosen from the server's own legal moves), asks `POST /analysis/lines` every
// 100 ms until they are found, and prints each time, the depth and the lines' first
// moves, then the median. Stays within an address's 240 requests a minute for five.

const [server, count = "5"] = process.argv.slice(2);
if (!server) {
  process.stderr.write("usage: node scripts/study-latency.mjs SERVER [POSITIONS]\n");
  process.exit(2);
}

/** @param {string} path @param {object} body */
async function post(path, body) {
  const r = await fetch(new URL(path, server), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = await r.json();
  if (r.status >= 400) {
    throw new Error(`${path}: ${r.status} ${answer.message}`);
  }
  return answer;
}

const times = [];
for (let k = 0; k < Number(count); k++) {
  const study = { start: { from: "start", variant: "camelot" }, moves: [] };
  for (let ply = 0; ply < 20 + k; ply++) {
    const pos = await post("/analysis/position", study);
    study.moves.push(pos.legal[(ply * 7 + k) % pos.legal.length]);
  }
  const start = performance.now();
  let view = await post("/analysis/lines", study);
  while (view.state !== "done") {
    await new Promise((done) => setTimeout(done, 100));
    view = await post("/analysis/lines", study);
  }
  const took = (performance.now() - start) / 1000;
  times.push(took);
  const firsts = view.lines.map((/** @type {any} */ l) => l.moves[0].notation).join(", ");
  process.stdout.write(`position ${k + 1}: ${took.toFixed(2)} s, depth ${view.depth}, lines ${firsts}\n`);
}
times.sort((a, b) => a - b);
process.stdout.write(`median of ${times.length}: ${times[Math.floor(times.length / 2)].toFixed(2)} s\n`);
