/* wizstats web: the score pad. The rules are checked by the server (wizstats.ScoreSheet), not here. */
"use strict";

(() => {
  const { el, $ } = WZ;
  const KEY = "wizstats.score.v1";
  const DEFAULTS = { players: ["", "", "", ""], pm1: false, tournament: false, alternative: false, rounds: [] };
  const state = WZ.load(KEY, DEFAULTS);
  let handSizes = [];
  let checked = { rows: [], dealers: [], problems: {}, general: [], verdict: [], winners: [], through: 0 };
  const runner = new WZ.Runner($("#pad-message"));

  function save() {
    WZ.save(KEY, state);
  }

  function names() {
    return state.players.map((name, i) => name.trim() || `Player ${i + 1}`);
  }

  function entry(round, player) {
    while (state.rounds.length <= round) state.rounds.push([]);
    const row = state.rounds[round];
    while (row.length < state.players.length) row.push({ bid: "", tricks: "" });
    return row[player];
  }

  function cleanValue(text) {
    return String(text).trim();
  }

  function isComplete(round) {
    if (round >= state.rounds.length) return false;
    return state.players.every((_, p) => {
      const { bid, tricks } = entry(round, p);
      const b = cleanValue(bid), t = cleanValue(tricks);
      return (/^\d+$/.test(b) && /^\d+$/.test(t)) || (b === "-" && t === "-");
    });
  }

  function isStarted(round) {
    return round < state.rounds.length && state.players.some((_, p) => {
      const { bid, tricks } = entry(round, p);
      return cleanValue(bid) !== "" || cleanValue(tricks) !== "";
    });
  }

  function ruleWords() {
    const words = [];
    if (state.tournament) words.push("tournament");
    else if (state.pm1) words.push("plus-minus-one");
    if (state.alternative) words.push("alternative");
    return words.length ? words : ["standard"];
  }

  /** The CSV of rounds 1..upTo (what Export writes and `wizstats score` reads) and which round each line holds. */
  function csv(upTo) {
    const lines = ["# wizstats score pad", `# players: ${names().join(", ")}`, `# rules: ${ruleWords().join(", ")}`,
      "round,player,bid,tricks"];
    const lineRound = [null, null, null, null, null];
    const who = names();
    for (let r = 0; r < upTo; r++) {
      state.players.forEach((_, p) => {
        const { bid, tricks } = entry(r, p);
        lines.push(`${r + 1},${who[p]},${cleanValue(bid)},${cleanValue(tricks)}`);
        lineRound.push(r);
      });
    }
    return { text: lines.join("\n") + "\n", lineRound };
  }

  function completeRounds() {
    let m = 0;
    while (m < handSizes.length && isComplete(m)) m++;
    return m;
  }

  function problemNames() {
    const who = names();
    if (who.some((n) => /[,"#]/.test(n))) return "a player's name may not hold a comma, a quote or #";
    if (new Set(who.map((n) => n.toLowerCase())).size !== who.length) return "two players have the same name";
    return null;
  }

  // ---- asking the server -----------------------------------------------------------------------
  async function loadPlan() {
    const params = new URLSearchParams({ players: state.players.length, tournament: state.tournament ? 1 : 0 });
    const response = await fetch("/api/plan?" + params);
    const body = await response.json();
    handSizes = response.ok ? body.hand_sizes : [];
    if (!response.ok) showMessage(body.error);
  }

  function showMessage(text) {
    const box = $("#pad-message");
    box.hidden = !text;
    box.classList.toggle("error", Boolean(text));
    box.replaceChildren(text ? el("span", { class: "error-text" }, text) : "");
  }

  function check() {
    save();
    const bad = problemNames();
    if (bad) { runner.cancel(); showMessage(bad); return; }
    const upTo = completeRounds();
    if (upTo === 0) {
      runner.cancel();
      checked = { rows: [], dealers: [], problems: {}, general: [], verdict: [], winners: [], through: 0 };
      showMessage("");
      drawChecks();
      return;
    }
    const sheet = csv(upTo);
    runner.later(200, () => runner.run("/api/score", { method: "POST", body: sheet.text, headers: { "Content-Type": "text/csv" } }, {
      progress: "checking…",
      onDone: (body) => { checked = { ...fromBody(body), problems: {}, general: [], through: upTo }; drawChecks(); },
      onError: (message, body) => refused(message, body, sheet.lineRound, upTo),
    }));
  }

  function fromBody(body) {
    return { rows: body.rows, dealers: body.dealers, verdict: body.verdict, winners: body.winners };
  }

  /** A refused sheet: put each problem on its round; score the rounds before the first bad one. */
  async function refused(message, body, lineRound, upTo) {
    const problems = {}, general = [];
    for (const [line, text] of (body && body.problems) || []) {
      const round = lineRound[line];
      if (round === null || round === undefined) general.push(text);
      else (problems[round] = problems[round] || []).push(text);
    }
    if (!body || !body.problems) general.push(message);
    showMessage(general.join("; "));
    const firstBad = Math.min(upTo, ...Object.keys(problems).map(Number));
    checked = { rows: [], dealers: [], verdict: [], winners: [], problems, general, through: firstBad };
    if (firstBad > 0) {
      const response = await fetch("/api/score", { method: "POST", body: csv(firstBad).text });
      if (response.ok) checked = { ...checked, ...fromBody(await response.json()) };
    }
    drawChecks();
  }

  // ---- the pad ---------------------------------------------------------------------------------
  function drawSettings() {
    WZ.options($("#n-players"), [3, 4, 5, 6].map((n) => [n, n]), state.players.length);
    const box = $("#names");
    box.replaceChildren(...state.players.map((name, i) => {
      const input = el("input", { type: "text", value: name, placeholder: `Player ${i + 1}`, "data-player": i,
        "aria-label": `name of player ${i + 1}`, maxlength: 24, class: "name" });
      input.addEventListener("input", () => {
        state.players[i] = input.value;
        for (const th of document.querySelectorAll(`#pad th[data-player="${i}"] .player-name`)) th.textContent = names()[i];
        relabel();
        check();
      });
      return input;
    }));
    box.prepend(el("span", { class: "muted" }, "clockwise, the first deals round 1:"));
    $("#r-pm1").checked = state.pm1 || state.tournament;
    $("#r-pm1").disabled = state.tournament;
    $("#r-tournament").checked = state.tournament;
    $("#r-alternative").checked = state.alternative;
  }

  function drawPad() {
    const who = names();
    const table = $("#pad");
    const head1 = el("tr", {}, el("th", { rowspan: 2 }, "Round"), el("th", { rowspan: 2 }, "Cards"),
      who.map((n, p) => el("th", { colspan: 3, class: "player", "data-player": p }, el("span", { class: "player-name" }, n))),
      el("th", { rowspan: 2 }, "Check"));
    const head2 = el("tr", {}, who.map((_, p) => [
      el("th", { class: "sub", "data-player": p }, "bid"), el("th", { class: "sub" }, "tricks"), el("th", { class: "sub" }, "total")]));
    const body = el("tbody");
    handSizes.forEach((size, r) => {
      const tr = el("tr", { "data-round": r + 1 }, el("td", { class: "num round" }, String(r + 1)), el("td", { class: "num cards" }, String(size)));
      state.players.forEach((_, p) => {
        const e = entry(r, p);
        const bid = el("input", { type: "text", inputmode: "numeric", class: "bid", value: e.bid, maxlength: 2,
          "data-round": r + 1, "data-player": p });
        const tricks = el("input", { type: "text", inputmode: "numeric", class: "tricks", value: e.tricks, maxlength: 2,
          "data-round": r + 1, "data-player": p });
        for (const [input, key] of [[bid, "bid"], [tricks, "tricks"]]) {
          input.addEventListener("input", () => { entry(r, p)[key] = input.value; check(); drawChecks(); });
          input.addEventListener("keydown", (ev) => { if (ev.key === "Enter") { ev.preventDefault(); next(input); } });
        }
        const mark = el("span", { class: "dealer-mark", title: "deals this round", "aria-hidden": "true" }, "D");
        tr.append(el("td", { class: "cell bid-cell" }, el("span", { class: "bid-box" }, mark, bid)),
          el("td", { class: "cell" }, tricks), el("td", { class: "num total", "data-round": r + 1, "data-player": p }));
      });
      tr.append(el("td", { class: "check-cell", id: `check-${r + 1}` }));
      body.append(tr);
    });
    const foot = el("tfoot", {}, el("tr", {}, el("th", { colspan: 2 }, "Total"),
      who.map((_, p) => el("td", { colspan: 3, class: "num grand", "data-player": p })), el("td")));
    table.replaceChildren(el("thead", {}, head1, head2), body, foot);
    drawChecks();
  }

  /** Enter: the same box of the next player; after the last player the other box; then the next round. */
  function next(input) {
    const r = Number(input.dataset.round), p = Number(input.dataset.player), n = state.players.length;
    let kind = input.classList.contains("bid") ? "bid" : "tricks", round = r, player = p + 1;
    if (player >= n) { player = 0; if (kind === "bid") kind = "tricks"; else { kind = "bid"; round = r + 1; } }
    const target = $(`#pad input.${kind}[data-round="${round}"][data-player="${player}"]`);
    if (target) { target.focus(); target.select(); }
  }

  function fmtTotal(x) {
    return Number.isInteger(x) ? String(x) : x.toFixed(2);
  }

  function drawChecks() {
    const totals = {}, last = {};
    for (const row of checked.rows) {
      totals[`${row.round}|${row.player}`] = row.total;
      last[row.player] = row.total;
    }
    const who = names();
    for (const td of document.querySelectorAll("#pad td.total")) {
      const value = totals[`${td.dataset.round}|${who[Number(td.dataset.player)]}`];
      td.textContent = value === undefined ? "" : fmtTotal(value);
      td.classList.toggle("negative", value < 0);
    }
    for (const td of document.querySelectorAll("#pad td.grand")) {
      const name = who[Number(td.dataset.player)], value = last[name];
      td.textContent = value === undefined ? "" : fmtTotal(value);
      td.classList.toggle("winner", checked.winners.includes(name));
    }
    for (const th of document.querySelectorAll("#pad th.player")) {
      th.classList.toggle("winner", checked.winners.includes(who[Number(th.dataset.player)]));
    }
    const upTo = completeRounds();
    relabel();
    for (const tr of document.querySelectorAll("#pad tbody tr")) {
      const r = Number(tr.dataset.round) - 1;
      const cell = tr.querySelector(".check-cell");
      const typos = markTypos(tr, cell);
      const problems = typos.length ? typos : checked.problems[r];
      tr.classList.toggle("bad", Boolean(problems));
      tr.classList.toggle("done", !problems && r < checked.through && r < upTo);
      tr.classList.toggle("future", !isStarted(r) && r >= upTo);
      if (problems) cell.replaceChildren(el("span", { class: "error-text" }, problems.join("; ")));
      else if (r < checked.through && r < upTo) cell.replaceChildren(el("span", { class: "ok" }, "✓"));
      else if (isStarted(r)) cell.replaceChildren(el("span", { class: "muted" }, bidSum(r)));
      else cell.replaceChildren();
    }
    $("#verdict").replaceChildren(...checked.verdict.map((line) => el("div", {}, line)));
    $("#verdict").hidden = !checked.verdict.length;
  }

  /** The seat that deals round r (0-based): the server's word once checked, else the rotation. */
  function dealerOf(r) {
    const seat = r < checked.dealers.length ? names().indexOf(checked.dealers[r]) : -1;
    return seat >= 0 ? seat : r % state.players.length;
  }

  /** The accessible names of the boxes and the dealer marks: they follow the players' names. */
  function relabel() {
    const who = names();
    for (const input of document.querySelectorAll("#pad input.bid, #pad input.tricks")) {
      const r = Number(input.dataset.round), p = Number(input.dataset.player);
      const deals = dealerOf(r - 1) === p ? " (deals)" : "";
      input.setAttribute("aria-label", `round ${r}, ${who[p]}${deals}: ${input.classList.contains("bid") ? "bid" : "tricks"}`);
    }
    for (const tr of document.querySelectorAll("#pad tbody tr")) {
      const dealer = dealerOf(Number(tr.dataset.round) - 1);
      tr.querySelectorAll(".dealer-mark").forEach((mark, p) => mark.classList.toggle("on", p === dealer));
    }
  }

  /**
   * Mark the row's boxes that hold neither a number nor "-", or a number above the round's cards, as they are
   * typed; the messages naming them (for the Check cell). Sums and plus/minus one are the server's to check.
   */
  function markTypos(tr, cell) {
    const who = names(), typos = [], cards = handSizes[Number(tr.dataset.round) - 1];
    for (const input of tr.querySelectorAll("input.bid, input.tricks")) {
      const value = cleanValue(input.value);
      const kind = input.classList.contains("bid") ? "bid" : "tricks", whose = `${who[Number(input.dataset.player)]}'s ${kind}`;
      let typo = null;
      if (!/^(\d*|-)$/.test(value)) typo = `${whose} “${value}” is not a number (a whole number, or - to sit out)`;
      else if (/^\d+$/.test(value) && Number(value) > cards) typo = `${whose} ${value} is more than the ${cards} card${cards > 1 ? "s" : ""} dealt`;
      WZ.markInvalid(input, typo !== null, cell);
      if (typo) typos.push(typo);
    }
    return typos;
  }

  function bidSum(r) {
    const bids = state.players.map((_, p) => cleanValue(entry(r, p).bid));
    const known = bids.filter((b) => /^\d+$/.test(b)).map(Number);
    const sum = known.reduce((a, b) => a + b, 0);
    const waiting = bids.filter((b) => b === "").length;
    return waiting ? `bids so far: ${sum} (${waiting} to come)` : `bids: ${sum} for ${handSizes[r]} tricks; now the tricks`;
  }

  // ---- export, import, new game ----------------------------------------------------------------
  function exportCsv() {
    let upTo = 0;
    while (upTo < state.rounds.length && isStarted(upTo)) upTo++;
    const blob = new Blob([csv(upTo).text], { type: "text/csv" });
    const link = el("a", { href: URL.createObjectURL(blob), download: "wizstats-score.csv" });
    document.body.append(link);
    link.click();
    link.remove();
  }

  function importCsv(text) {
    const settings = {}, rows = [];
    let header = null;
    for (const raw of text.replace(/^\uFEFF/, "").split(/\r?\n/)) {
      const line = raw.trim();
      if (!line) continue;
      const m = line.match(/^#\s*([A-Za-z-]+)\s*:(.*)$/);
      if (line.startsWith("#")) { if (m) settings[m[1].toLowerCase()] = m[2].split(",").map((s) => s.trim()).filter(Boolean); continue; }
      const fields = line.split(",").map((f) => f.trim());
      if (!header) { header = fields.map((f) => f.toLowerCase()); continue; }
      const get = (name) => fields[header.indexOf(name)];
      rows.push({ round: Number(get("round")), player: get("player"), bid: get("bid") || "", tricks: get("tricks") || "" });
    }
    if (!header || !["round", "player", "bid", "tricks"].every((c) => header.includes(c))) return "the file has no header round,player,bid,tricks";
    const words = (settings.rules || []).map((w) => w.toLowerCase());
    if (words.includes("elimination") || settings.schedule || (settings.deck && settings.deck.join() !== "standard")) {
      return "this pad keeps standard and tournament games only; check this sheet with wizstats score";
    }
    const players = settings.players || [...new Set(rows.filter((r) => r.round === 1).map((r) => r.player))];
    if (players.length < 3 || players.length > 6) return `the pad takes 3 to 6 players, the file has ${players.length}`;
    const unknown = rows.find((r) => !players.includes(r.player));
    if (unknown) return `unknown player ${unknown.player} (players: ${players.join(", ")})`;
    if (rows.some((r) => !Number.isInteger(r.round) || r.round < 1 || r.round > 60)) return "a round number is not a whole number from 1";
    state.players = players;
    state.tournament = words.includes("tournament");
    state.pm1 = words.includes("plus-minus-one");
    state.alternative = words.includes("alternative");
    state.rounds = [];
    for (const r of rows) Object.assign(entry(r.round - 1, players.indexOf(r.player)), { bid: r.bid, tricks: r.tricks });
    return null;
  }

  async function rebuild() {
    save();
    drawSettings();
    await loadPlan();
    drawPad();
    check();
  }

  function start() {
    $("#n-players").addEventListener("change", (e) => {
      const n = Number(e.target.value);
      state.players = state.players.slice(0, n);
      while (state.players.length < n) state.players.push("");
      for (const row of state.rounds) row.length = Math.min(row.length, n);
      rebuild();
    });
    $("#r-pm1").addEventListener("change", (e) => { state.pm1 = e.target.checked; rebuild(); });
    $("#r-tournament").addEventListener("change", (e) => { state.tournament = e.target.checked; rebuild(); });
    $("#r-alternative").addEventListener("change", (e) => { state.alternative = e.target.checked; rebuild(); });
    $("#export").addEventListener("click", exportCsv);
    $("#import-file").addEventListener("change", async (e) => {
      const file = e.target.files[0];
      if (!file) return;
      const problem = importCsv(await file.text());
      e.target.value = "";
      if (problem) showMessage("import: " + problem);
      else rebuild();
    });
    $("#new-game").addEventListener("click", () => {
      if (state.rounds.some((_, r) => isStarted(r)) && !confirm("Start a new game? The rounds entered are cleared.")) return;
      state.rounds = [];
      rebuild();
    });
    rebuild();
  }

  window.WizScore = { csv: () => csv(completeRounds()).text, importCsv: (text) => { const p = importCsv(text); if (!p) rebuild(); return p; } };
  document.addEventListener("DOMContentLoaded", start);
})();
