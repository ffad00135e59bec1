/* wizstats web: the bid advisor page (tabs: bid, card strength, questions). */
"use strict";

(() => {
  const { el, $ } = WZ;
  const DECK = WZ.deckCards();
  const SEED = 0;
  const DEFAULTS = {
    hand: [], trump: null, noTurned: false, wizardSuit: "", players: 4, seat: 1, pm1: false,
    bids: [], bidsHidden: false, policy: "", n: 4000,
  };
  const state = WZ.load("wizstats.bid.v1", DEFAULTS);
  let mode = "hand";
  let info = null;
  let lastResult = null;
  let shownBid = null;
  const runner = new WZ.Runner($("#bid-status"));

  function save() {
    WZ.save("wizstats.bid.v1", state);
  }

  function slow(policy) {
    return info && info.limits.slow_policies.includes(policy || info.default_policy);
  }

  function policyOptions(select, selected, withSlow) {
    const names = Object.keys(info.policies).filter((p) => withSlow || !info.limits.slow_policies.includes(p));
    const items = names.map((p) => [p, p + (p === info.default_policy ? " (default)" : "")]);
    WZ.options(select, items, selected || info.default_policy);
    for (const option of select.options) option.title = info.policies[option.value];
  }

  // ---- the cards -------------------------------------------------------------------------------
  function clickCard(index) {
    if (mode === "trump") {
      state.hand = state.hand.filter((i) => i !== index);
      state.trump = state.trump === index ? null : index;
      state.noTurned = false;
      if (DECK[index] !== "W") state.wizardSuit = "";
      setMode("hand");
    } else if (state.hand.includes(index)) {
      state.hand = state.hand.filter((i) => i !== index);
    } else {
      if (state.trump === index) state.trump = null;
      state.hand.push(index);
    }
    changed();
  }

  function setMode(value) {
    mode = value;
    for (const [id, m] of [["#mode-hand", "hand"], ["#mode-trump", "trump"]]) {
      $(id).classList.toggle("active", m === mode);
      $(id).setAttribute("aria-pressed", String(m === mode));
    }
    $("#bid-deck").classList.toggle("picking-trump", mode === "trump");
  }

  function sortedHand() {
    return [...state.hand].sort((a, b) => a - b).map((i) => DECK[i]);
  }

  function trumpText() {
    if (state.noTurned) return "none";
    if (state.trump === null) return null;
    const card = DECK[state.trump];
    return card === "W" && state.wizardSuit ? "W:" + state.wizardSuit : card;
  }

  function drawCards() {
    for (const button of document.querySelectorAll("#bid-deck .card")) {
      const index = Number(button.dataset.index);
      const inHand = state.hand.includes(index), turned = state.trump === index;
      button.classList.toggle("in-hand", inHand);
      button.classList.toggle("turned", turned);
      button.setAttribute("aria-pressed", String(inHand || turned));
    }
    const hand = sortedHand();
    $("#hand-cards").replaceChildren(...(hand.length ? hand.map((c) => WZ.miniCard(c)) : [el("span", { class: "muted" }, "none yet")]));
    $("#hand-count").textContent = hand.length ? `(${hand.length} card${hand.length > 1 ? "s" : ""})` : "";
    const turned = state.trump === null ? null : DECK[state.trump];
    $("#trump-card").replaceChildren(turned ? WZ.miniCard(turned) : el("span", { class: "muted" }, state.noTurned ? "none: no trump" : "not picked"));
    $("#wizard-suit-label").hidden = turned !== "W";
    $("#wizard-suit").value = state.wizardSuit;
    $("#no-turned").checked = state.noTurned;
  }

  // ---- the table settings ----------------------------------------------------------------------
  function earlierCount() {
    return state.seat === 0 ? state.players - 1 : state.seat - 1;
  }

  function drawSettings() {
    WZ.options($("#players"), [3, 4, 5, 6].map((n) => [n, n]), state.players);
    const seats = [...Array(state.players - 1).keys()].map((i) => i + 1).concat([0]);
    if (!seats.includes(state.seat)) state.seat = 1;
    WZ.options($("#seat"), seats.map((s) => [s, s === 1 ? "1 · bids first, leads" : s === 0 ? "0 · dealer, bids last" : String(s)]), state.seat);
    $("#pm1").checked = state.pm1;
    $("#bids-hidden").checked = state.bidsHidden;
    const count = earlierCount();
    state.bids = state.bids.slice(0, count);
    while (state.bids.length < count) state.bids.push("");
    const box = $("#earlier-bids");
    box.replaceChildren();
    if (count === 0) box.append(el("span", { class: "muted" }, "none: you bid first"));
    state.bids.forEach((value, i) => {
      const input = el("input", {
        type: "text", value, "data-seat": i + 1, "aria-label": `bid of seat ${i + 1}`, maxlength: 2,
        disabled: state.bidsHidden, inputmode: "numeric",
      });
      input.addEventListener("input", () => { state.bids[i] = input.value.trim(); checkBids(); changed(false); });
      box.append(el("label", { class: "bid-input" }, el("span", {}, `seat ${i + 1}`), input));
    });
    checkBids();
    $("#hidden-label").hidden = count === 0;
    policyOptions($("#policy"), state.policy, true);
    const samples = [[1000, "1,000 (quick)"], [4000, "4,000 (as the CLI)"], [16000, "16,000 (precise)"]];
    WZ.options($("#samples"), samples, state.n);
    $("#samples").disabled = slow(state.policy);
  }

  /** What is wrong with earlier bid i ("": nothing): not a whole number, or more tricks than your hand has cards. */
  function bidProblem(i) {
    const bid = String(state.bids[i]), cards = state.hand.length;
    if (bid === "") return "";
    if (!/^\d+$/.test(bid)) return `seat ${i + 1}'s bid “${bid}” is not a whole number (a bid is 0, 1, 2, …)`;
    if (cards > 0 && Number(bid) > cards) return `seat ${i + 1}'s bid ${bid} is more than the ${cards} card${cards > 1 ? "s" : ""} dealt`;
    return "";
  }

  /** The index of the first earlier bid with a problem (-1: none). */
  function badBid() {
    return state.bids.findIndex((_, i) => bidProblem(i) !== "");
  }

  /** Mark the box of a bid that is not a whole number or too high and say so beside the boxes. */
  function checkBids() {
    const bad = state.bidsHidden ? -1 : badBid(), message = $("#bids-error");
    message.textContent = bad < 0 ? "" : bidProblem(bad);
    message.hidden = bad < 0;
    for (const input of document.querySelectorAll("#earlier-bids input")) {
      WZ.markInvalid(input, Number(input.dataset.seat) === bad + 1, message);
    }
  }

  function samplesFor(handSize) {
    if (slow(state.policy)) return Math.max(1, Math.floor(info.limits.max_bid_work_slow / (handSize + 1)));
    return Math.min(state.n, Math.floor(info.limits.max_bid_work / (handSize + 1)));
  }

  // ---- asking the server -----------------------------------------------------------------------
  function request() {
    const hand = sortedHand(), trump = trumpText();
    if (!hand.length) return { wait: "Pick your hand from the cards on the left." };
    if (trump === null) return { wait: "Now pick the turned card: press “as the turned card”, then click it (or tick “none turned”)." };
    if (hand.length > Math.floor(60 / state.players)) return { wait: `${state.players} players get at most ${Math.floor(60 / state.players)} cards each.` };
    const seen = !state.bidsHidden || earlierCount() === 0;
    if (seen && badBid() >= 0) return { wait: bidProblem(badBid()) + "." };
    if (seen && state.bids.some((b) => b === "")) return { wait: "Enter the earlier bids (or tick “not seen”)." };
    const n = samplesFor(hand.length);
    const params = new URLSearchParams({ hand: hand.join(","), trump, players: state.players, seat: state.seat });
    const cli = ["wizstats bid", ...hand, "--trump", trump, "--players", state.players, "--seat", state.seat];
    if (seen && state.seat !== 1) { params.set("bids", state.bids.join(",")); cli.push("--bids", ...state.bids); }
    if (state.pm1) { params.set("plus-minus-one", "1"); cli.push("--plus-minus-one"); }
    const policy = state.policy || info.default_policy;
    if (policy !== info.default_policy) { params.set("policy", policy); cli.push("--policy", policy); }
    params.set("n", n);
    params.set("seed", SEED);
    cli.push("--n", n);
    return { url: "/api/bid?" + params, cli: cli.join(" "), n, policy, handSize: hand.length };
  }

  function changed(redraw = true) {
    save();
    if (redraw) { drawCards(); drawSettings(); }
    const req = request();
    if (req.wait) {
      runner.cancel();
      $("#bid-status").hidden = true;
      $("#bid-result").hidden = true;
      $("#bid-empty").hidden = false;
      $("#bid-empty").textContent = req.wait;
      return;
    }
    runner.later(250, () => runner.run(req.url, {}, {
      progress: `computing ${WZ.number(req.n)} deals with ${req.policy} players…`,
      onDone: (rows, seconds) => { lastResult = { rows, req, seconds }; shownBid = null; drawResult(); },
      onError: () => { $("#bid-result").hidden = true; $("#bid-empty").hidden = true; },
    }));
  }

  // ---- the answer ------------------------------------------------------------------------------
  function drawResult() {
    const { rows, req, seconds } = lastResult;
    const best = rows.find((r) => r.best);
    if (shownBid === null) shownBid = best.bid;
    $("#bid-empty").hidden = true;
    $("#bid-result").hidden = false;
    $("#best-bid").textContent = String(best.bid);
    $("#best-detail").replaceChildren(
      el("span", {}, "expected score ", el("b", {}, WZ.signed(best.expected_score)),
        ` (95% interval ${WZ.fmt(best.low)} to ${WZ.fmt(best.high)})`),
      el("span", {}, "meets it ", el("b", {}, WZ.pct(best.p_make, 0))),
    );
    const lows = rows.map((r) => r.low), highs = rows.map((r) => r.high);
    const min = Math.min(0, ...lows), max = Math.max(0, ...highs);
    const table = $("#bid-table");
    table.replaceChildren(el("thead", {}, el("tr", {},
      el("th", {}, "Bid"), el("th", {}, "Expected score"), el("th", { class: "plot-head" }, `95% interval (${WZ.fmt(min, 0)} … ${WZ.fmt(max, 0)})`),
      el("th", {}, "Meets it"))));
    const body = el("tbody");
    for (let bid = 0; bid <= req.handSize; bid++) {
      const r = rows.find((x) => x.bid === bid);
      if (!r) {
        body.append(el("tr", { class: "forbidden" }, el("td", {}, String(bid)),
          el("td", { colspan: 3 }, "not allowed: the bids would add up to the hand size (plus/minus one)")));
        continue;
      }
      const tr = el("tr", {
        class: [r.best ? "best" : "", r.bid === shownBid ? "shown" : ""].join(" ").trim() || null,
        "data-bid": r.bid, title: "show the trick distribution of this bid",
        onclick: () => { shownBid = r.bid; drawResult(); },
      },
      el("td", { class: "num" }, String(r.bid)),
      el("td", { class: "num" }, WZ.signed(r.expected_score), el("span", { class: "ci" }, ` [${WZ.fmt(r.low)}, ${WZ.fmt(r.high)}]`)),
      el("td", {}, WZ.intervalPlot(r.expected_score, r.low, r.high, min, max, { best: r.best })),
      el("td", { class: "num" }, WZ.pct(r.p_make)));
      body.append(tr);
    }
    table.append(body);
    drawChart(rows.find((r) => r.bid === shownBid), req.handSize);
    $("#bid-footnote").replaceChildren(
      `${best.policy} players (how everyone bids and plays); ${WZ.number(best.n)} deals kept, seed ${best.seed}; ` +
      `95% intervals; answered in ${seconds.toFixed(1)} s. The same numbers: `,
      el("code", {}, req.cli));
  }

  function drawChart(row, handSize) {
    const bars = [];
    let top = 0;
    for (let k = 0; k <= handSize; k++) {
      const p = row["P(" + k + ")"] || 0;
      top = Math.max(top, p);
      bars.push({ label: String(k), value: p, text: p >= 0.0005 ? WZ.pct(p, p < 0.1 ? 1 : 0) : "", highlight: k === row.bid });
    }
    const step = top > 0.5 ? 0.2 : top > 0.2 ? 0.1 : 0.05;
    const yMax = Math.min(1, Math.ceil((top * 1.12) / step) * step) || step;
    const ticks = [];
    for (let t = 0; t <= yMax + 1e-9; t += step) ticks.push(t);
    $("#chart-title").textContent = `Chance of each number of tricks if you bid ${row.bid} (the bar of ${row.bid} is meeting it)`;
    $("#bid-chart").replaceChildren(WZ.barChart(bars, {
      yMax, yTicks: ticks, yFormat: (t) => Math.round(100 * t) + "%", xTitle: "tricks you take",
    }));
  }

  // ---- card strength tab -----------------------------------------------------------------------
  const strength = WZ.load("wizstats.strength.v1", { card: "", players: 4, handSize: 5, trump: "any", seat: "", policy: "", n: 5000 });
  const strengthRunner = new WZ.Runner($("#strength-status"));

  function drawStrengthSettings() {
    WZ.options($("#s-players"), [3, 4, 5, 6].map((n) => [n, n]), strength.players);
    const maxHand = Math.floor(60 / strength.players);
    strength.handSize = Math.min(strength.handSize, maxHand);
    WZ.options($("#s-hand-size"), [...Array(maxHand).keys()].map((i) => [i + 1, i + 1]), strength.handSize);
    const suitless = strength.card === "W" || strength.card === "J";
    for (const option of $("#s-trump").options) option.disabled = suitless && ["trump", "plain"].includes(option.value);
    if (suitless && ["trump", "plain"].includes(strength.trump)) strength.trump = "any";
    $("#s-trump").value = strength.trump;
    const seats = [["", "every seat"], ...[...Array(strength.players - 1).keys()].map((i) => [i + 1, String(i + 1) + (i === 0 ? " · leads" : "")]), [0, "0 · dealer"]];
    WZ.options($("#s-seat"), seats, strength.seat);
    policyOptions($("#s-policy"), strength.policy, true);
    WZ.options($("#s-samples"), [[1000, "1,000"], [5000, "5,000 (as the CLI)"], [20000, "20,000"]], strength.n);
    $("#s-samples").disabled = slow(strength.policy);
    for (const b of document.querySelectorAll("#strength-deck .card")) {
      const on = b.dataset.card === strength.card && (b.dataset.card.length > 1 || Number(b.dataset.index) === strength.index);
      b.classList.toggle("in-hand", on);
      b.setAttribute("aria-pressed", String(on));
    }
  }

  function strengthChanged() {
    WZ.save("wizstats.strength.v1", strength);
    drawStrengthSettings();
    if (!strength.card) return;
    const policy = strength.policy || info.default_policy;
    const n = slow(policy) ? Math.max(1, Math.floor(info.limits.max_strength_work_slow / strength.handSize)) : strength.n;
    const params = new URLSearchParams({ card: strength.card, players: strength.players, "hand-size": strength.handSize, trump: strength.trump });
    const cli = ["wizstats strength", strength.card, "--players", strength.players, "--hand-size", strength.handSize, "--trump", strength.trump];
    if (strength.seat !== "") { params.set("seat", strength.seat); cli.push("--seat", strength.seat); }
    if (policy !== info.default_policy) { params.set("policy", policy); cli.push("--policy", policy); }
    params.set("n", n); params.set("seed", SEED); cli.push("--n", n);
    strengthRunner.later(250, () => strengthRunner.run("/api/strength?" + params, {}, {
      progress: `playing ${WZ.number(n)} rounds per seat with ${policy} players…`,
      onDone: (rows, seconds) => drawStrength(rows, cli.join(" "), seconds),
      onError: () => { $("#strength-result").hidden = true; $("#strength-empty").hidden = true; },
    }));
  }

  function drawStrength(rows, cli, seconds) {
    $("#strength-empty").hidden = true;
    $("#strength-result").hidden = false;
    const mean = (key) => rows.reduce((s, r) => s + r[key], 0) / rows.length;
    const lo = rows.reduce((a, b) => (b.p_win < a.p_win ? b : a)), hi = rows.reduce((a, b) => (b.p_win > a.p_win ? b : a));
    $("#strength-sentence").textContent = rows.length > 1
      ? `${strength.card} takes its trick ${WZ.pct(mean("p_win"))} of the time on average over the seats (${WZ.pct(lo.p_win)} from seat ${lo.seat} to ${WZ.pct(hi.p_win)} from seat ${hi.seat}) and adds ${WZ.signed(mean("marginal_value"), 2)} tricks to its hand.`
      : `${strength.card} takes its trick ${WZ.pct(rows[0].p_win)} of the time from seat ${rows[0].seat} and adds ${WZ.signed(rows[0].marginal_value, 2)} tricks to its hand.`;
    const table = $("#strength-table");
    table.replaceChildren(el("thead", {}, el("tr", {}, el("th", {}, "Seat"), el("th", {}, "Takes its trick"),
      el("th", {}, "Tricks of its hand"), el("th", {}, "Tricks it adds"))));
    table.append(el("tbody", {}, rows.map((r) => el("tr", {},
      el("td", { class: "num" }, r.seat === 0 ? "0 (dealer)" : String(r.seat)),
      el("td", { class: "num" }, WZ.pct(r.p_win), el("span", { class: "ci" }, ` [${WZ.pct(r.p_win_low)}, ${WZ.pct(r.p_win_high)}]`)),
      el("td", { class: "num" }, WZ.fmt(r.tricks_with, 2)),
      el("td", { class: "num" }, WZ.signed(r.marginal_value, 2), el("span", { class: "ci" }, ` [${WZ.fmt(r.marginal_value_low, 2)}, ${WZ.fmt(r.marginal_value_high, 2)}]`))))));
    const bars = rows.map((r) => ({ label: r.seat === 0 ? "0 (dealer)" : "seat " + r.seat, value: r.p_win, low: r.p_win_low, high: r.p_win_high, text: WZ.pct(r.p_win, 0) }));
    $("#strength-chart").replaceChildren(WZ.barChart(bars, { yMax: 1, yTicks: [0, 0.25, 0.5, 0.75, 1], yFormat: (t) => Math.round(100 * t) + "%", height: 220 }));
    $("#strength-footnote").replaceChildren(`${rows[0].policy} players; ${WZ.number(rows[0].n)} rounds per seat, seed ${rows[0].seed}; 95% intervals; answered in ${seconds.toFixed(1)} s. The same numbers: `, el("code", {}, cli));
  }

  // ---- questions tab ---------------------------------------------------------------------------
  const asked = WZ.load("wizstats.ask.v1", { name: "", players: 4, handSize: "", k: 3, schedule: "standard", pm1: false, blind: false, policy: "", rank: 10, bids: "" });
  const askRunner = new WZ.Runner($("#ask-status"));
  let questions = [];

  function drawAskSettings() {
    WZ.options($("#a-players"), [3, 4, 5, 6].map((n) => [n, n]), asked.players);
    const maxHand = Math.floor(60 / asked.players);
    WZ.options($("#a-hand-size"), [["", "the question's default"], ...[...Array(maxHand).keys()].map((i) => [i + 1, i + 1])], asked.handSize);
    WZ.options($("#a-k"), [1, 2, 3, 4, 5].map((k) => [k, k]), asked.k);
    $("#a-schedule").value = asked.schedule;
    $("#a-pm1").checked = asked.pm1;
    $("#a-blind").checked = asked.blind;
    WZ.options($("#a-rank"), [...Array(13).keys()].map((i) => [i + 1, i + 1]), asked.rank);
    $("#a-bids").value = asked.bids;
    policyOptions($("#a-policy"), asked.policy, false);
    const q = questions.find((x) => x.name === asked.name);
    let shown = 0;
    for (const label of document.querySelectorAll("#ask-options [data-option]")) {
      label.hidden = !q || !q.options.includes(label.dataset.option);
      shown += label.hidden ? 0 : 1;
    }
    $("#ask-options-hint").textContent = q ? "This question takes no options." : "Pick a question below; the options it takes show here.";
    $("#ask-options-hint").hidden = shown > 0;
    for (const item of document.querySelectorAll("#questions .question")) {
      const on = item.dataset.name === asked.name;
      item.classList.toggle("active", on);
      item.setAttribute("aria-checked", String(on));
    }
  }

  function askChanged() {
    WZ.save("wizstats.ask.v1", asked);
    drawAskSettings();
    const q = questions.find((x) => x.name === asked.name);
    if (!q) return;
    const params = new URLSearchParams();
    const cli = ["wizstats ask", q.name];
    const uses = (option) => q.options.includes(option);
    if (uses("--players")) { params.set("players", asked.players); cli.push("--players", asked.players); }
    if (uses("--hand-size") && asked.handSize !== "") { params.set("hand-size", asked.handSize); cli.push("--hand-size", asked.handSize); }
    if (uses("--k")) { params.set("k", asked.k); cli.push("--k", asked.k); }
    if (uses("--schedule")) { params.set("schedule", asked.schedule); cli.push("--schedule", asked.schedule); }
    if (uses("--plus-minus-one") && asked.pm1) { params.set("plus-minus-one", "1"); cli.push("--plus-minus-one"); }
    if (uses("--blind-trump") && asked.blind) { params.set("blind-trump", "1"); cli.push("--blind-trump"); }
    if (uses("--rank")) { params.set("rank", asked.rank); cli.push("--rank", asked.rank); }
    const bids = asked.bids.trim().split(/[\s,]+/).filter((b) => b !== "");
    if (uses("--bids") && bids.length) { params.set("bids", bids.join(",")); cli.push("--bids", ...bids); }
    const policy = asked.policy || info.default_policy;
    if (uses("--policy") && policy !== info.default_policy) { params.set("policy", policy); cli.push("--policy", policy); }
    params.set("seed", SEED);
    askRunner.later(150, () => askRunner.run(`/api/ask/${encodeURIComponent(q.name)}?${params}`, {}, {
      progress: `answering “${q.question}”…`,
      onDone: (rows, seconds) => drawAnswer(rows, cli.join(" "), seconds),
      onError: () => { $("#ask-result").hidden = true; $("#ask-empty").hidden = true; },
    }));
  }

  function cell(value) {
    if (typeof value === "boolean") return value ? "yes" : "no";
    if (typeof value === "number" && !Number.isInteger(value)) return Number(value.toPrecision(4)).toString();
    if (value === null) return "–";
    return String(value);
  }

  function drawAnswer(rows, cli, seconds) {
    $("#ask-empty").hidden = true;
    $("#ask-result").hidden = false;
    $("#ask-sentence").textContent = rows.length ? rows[0].answer : "(no rows)";
    const columns = rows.length ? Object.keys(rows[0]).filter((c) => c !== "answer") : [];
    $("#ask-table").replaceChildren(
      el("thead", {}, el("tr", {}, columns.map((c) => el("th", {}, c.replaceAll("_", " "))))),
      el("tbody", {}, rows.map((r) => el("tr", {}, columns.map((c) => el("td", { class: typeof r[c] === "number" ? "num" : null }, cell(r[c])))))));
    $("#ask-footnote").replaceChildren(`seed ${SEED}; answered in ${seconds.toFixed(1)} s. The same numbers: `, el("code", {}, cli));
  }

  // ---- wiring ----------------------------------------------------------------------------------
  async function start() {
    info = await WZ.info();
    WZ.buildDeck($("#bid-deck"), clickCard);
    WZ.buildDeck($("#strength-deck"), (index, card) => { strength.card = card; strength.index = index; strengthChanged(); });
    $("#mode-hand").addEventListener("click", () => setMode("hand"));
    $("#mode-trump").addEventListener("click", () => setMode("trump"));
    $("#clear-hand").addEventListener("click", () => { state.hand = []; changed(); });
    $("#no-turned").addEventListener("change", (e) => { state.noTurned = e.target.checked; if (state.noTurned) state.trump = null; changed(); });
    $("#wizard-suit").addEventListener("change", (e) => { state.wizardSuit = e.target.value; changed(); });
    $("#players").addEventListener("change", (e) => { state.players = Number(e.target.value); changed(); });
    $("#seat").addEventListener("change", (e) => { state.seat = Number(e.target.value); changed(); });
    $("#pm1").addEventListener("change", (e) => { state.pm1 = e.target.checked; changed(); });
    $("#bids-hidden").addEventListener("change", (e) => { state.bidsHidden = e.target.checked; changed(); });
    $("#policy").addEventListener("change", (e) => { state.policy = e.target.value; changed(); });
    $("#samples").addEventListener("change", (e) => { state.n = Number(e.target.value); changed(); });

    const bind = (id, key, conv) => $(id).addEventListener("change", (e) => {
      strength[key] = conv(e.target.value); strengthChanged();
    });
    bind("#s-players", "players", Number);
    bind("#s-hand-size", "handSize", Number);
    bind("#s-trump", "trump", String);
    bind("#s-seat", "seat", (v) => (v === "" ? "" : Number(v)));
    bind("#s-policy", "policy", String);
    bind("#s-samples", "n", Number);

    const bindAsk = (id, key, conv) => $(id).addEventListener("change", (e) => {
      asked[key] = conv(e.target.type === "checkbox" ? e.target.checked : e.target.value); askChanged();
    });
    bindAsk("#a-players", "players", Number);
    bindAsk("#a-hand-size", "handSize", (v) => (v === "" ? "" : Number(v)));
    bindAsk("#a-k", "k", Number);
    bindAsk("#a-schedule", "schedule", String);
    bindAsk("#a-pm1", "pm1", Boolean);
    bindAsk("#a-blind", "blind", Boolean);
    bindAsk("#a-policy", "policy", String);
    bindAsk("#a-rank", "rank", Number);
    bindAsk("#a-bids", "bids", String);

    setMode("hand");
    changed();
    drawStrengthSettings();
    if (strength.card) strengthChanged();

    WZ.tabs((name) => {
      if (name === "ask" && !questions.length) {
        fetch("/api/ask").then((r) => r.json()).then((list) => {
          questions = list;
          $("#questions").replaceChildren(...list.map((q) => el("button", {
            type: "button", class: "question", role: "radio", "data-name": q.name,
            onclick: () => { asked.name = q.name; askChanged(); },
          }, el("span", { class: "q-text" }, q.question), el("span", { class: "q-name" }, q.name))));
          drawAskSettings();
          if (asked.name) askChanged();
        });
      }
    });
  }

  document.addEventListener("DOMContentLoaded", start);
})();
