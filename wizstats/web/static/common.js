/* wizstats web: what both pages share. Plain JavaScript, no library, nothing fetched from elsewhere. */
"use strict";

const WZ = (() => {
  const SVG = "http://www.w3.org/2000/svg";
  const SUITS = [
    { letter: "B", name: "blue" },
    { letter: "R", name: "red" },
    { letter: "G", name: "green" },
    { letter: "Y", name: "yellow" },
  ];

  /** A DOM element: el("div", {class: "x", onclick: f}, "text", child, ...). */
  function el(tag, attrs, ...children) {
    const node = tag.startsWith("svg:") ? document.createElementNS(SVG, tag.slice(4)) : document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else if (key === "text") node.textContent = value;
      else node.setAttribute(key, value === true ? "" : String(value));
    }
    for (const child of children.flat(Infinity)) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  function $(selector, root) {
    return (root || document).querySelector(selector);
  }

  /** The 60 cards of the standard deck as card text, in the order the grid shows them. */
  function deckCards() {
    const cards = [];
    for (const suit of SUITS) for (let rank = 1; rank <= 13; rank++) cards.push(suit.letter + rank);
    for (let i = 0; i < 4; i++) cards.push("W");
    for (let i = 0; i < 4; i++) cards.push("J");
    return cards;
  }

  /** CSS class of a card text: suit-B, suit-R, ..., wizard, jester. */
  function cardClass(card) {
    if (card === "W") return "wizard";
    if (card === "J") return "jester";
    return "suit-" + card[0];
  }

  /**
   * What a card shows: its suit letter (B R G Y, as in the CLI's card text) and its rank, so that the
   * suit never rests on the colour alone; a Wizard or Jester shows W or J.
   */
  function cardFace(card) {
    if (card.length === 1) return [el("span", { class: "face" }, card)];
    return [el("span", { class: "suit-mark", "aria-hidden": "true" }, card[0]), el("span", { class: "face" }, card.slice(1))];
  }

  /** A small face-up card (for showing a hand): <span class="mini suit-R" role="img" aria-label="red 12 (R12)">. */
  function miniCard(card, attrs) {
    return el("span", { class: "mini " + cardClass(card), title: cardName(card), role: "img",
      "aria-label": spokenName(card), ...(attrs || {}) }, cardFace(card));
  }

  function cardName(card) {
    if (card === "W") return "Wizard";
    if (card === "J") return "Jester";
    return SUITS.find((s) => s.letter === card[0]).name + " " + card.slice(1);
  }

  /** The accessible name of a card: its suit in words and its card text, e.g. "red 12 (R12)". */
  function spokenName(card) {
    return `${cardName(card)} (${card})`;
  }

  /** The clickable deck: one <button data-card="R12"> per card; ids number the 4 Wizards and Jesters. */
  function buildDeck(container, onClick) {
    container.replaceChildren();
    const rows = [...SUITS.map((s) => s.letter), "WJ"];
    const cards = deckCards();
    for (const row of rows) {
      const line = el("div", { class: "deck-row" });
      cards.forEach((card, index) => {
        if (row === "WJ" ? card.length === 1 : card[0] === row && card.length > 1) {
          const button = el("button", {
            type: "button", class: "card " + cardClass(card), "data-card": card, "data-index": index,
            title: cardName(card), "aria-label": spokenName(card), "aria-pressed": "false", onclick: () => onClick(index, card),
          }, cardFace(card));
          line.append(button);
        }
      });
      container.append(line);
    }
    return cards;
  }

  function fmt(x, digits) {
    if (x === null || x === undefined || Number.isNaN(x)) return "–";
    return Number(x).toFixed(digits === undefined ? 1 : digits);
  }

  function signed(x, digits) {
    const text = fmt(x, digits);
    return x > 0 ? "+" + text : text.replace("-", "−");
  }

  function pct(x, digits) {
    return fmt(100 * x, digits === undefined ? 1 : digits) + "%";
  }

  function number(x) {
    return Number(x).toLocaleString("en-US");
  }

  /**
   * Runs one request at a time: a new one aborts the last (AbortController), shows the progress
   * indicator while it waits, retries on 503 (busy), and hands the JSON to onDone or the error text to onError.
   */
  class Runner {
    constructor(statusNode) {
      this.status = statusNode;
      this.controller = null;
      this.timer = null;
      this.debounce = null;
    }

    later(delay, fn) {
      clearTimeout(this.debounce);
      this.debounce = setTimeout(fn, delay);
    }

    cancel() {
      clearTimeout(this.debounce);
      if (this.controller) this.controller.abort();
      this.controller = null;
      this.stopProgress();
    }

    stopProgress() {
      clearInterval(this.timer);
      this.timer = null;
      this.status.classList.remove("busy");
    }

    showProgress(text) {
      const started = performance.now();
      this.status.replaceChildren(el("span", { class: "spinner", "aria-hidden": "true" }),
        el("span", { class: "progress-text" }, text), el("span", { class: "elapsed" }));
      this.status.classList.add("busy");
      this.status.classList.remove("error");
      this.status.hidden = false;
      const elapsed = this.status.querySelector(".elapsed");
      clearInterval(this.timer);
      this.timer = setInterval(() => {
        elapsed.textContent = " " + ((performance.now() - started) / 1000).toFixed(1) + " s";
      }, 100);
    }

    async run(url, options, { progress, onDone, onError }) {
      this.cancel();
      const controller = new AbortController();
      this.controller = controller;
      this.showProgress(progress || "computing…");
      const started = performance.now();
      try {
        for (let attempt = 0; ; attempt++) {
          const response = await fetch(url, { ...(options || {}), signal: controller.signal });
          let body = null;
          try { body = await response.json(); } catch (err) { body = { error: "the server's answer is not JSON" }; }
          if (response.status === 503 && attempt < 20) {
            this.status.querySelector(".progress-text").textContent = "the server is busy, waiting for a free worker…";
            await new Promise((resolve) => setTimeout(resolve, 500 + 250 * attempt));
            if (controller.signal.aborted) return;
            continue;
          }
          if (controller !== this.controller) return;
          this.stopProgress();
          if (response.ok) {
            this.status.hidden = true;
            onDone(body, (performance.now() - started) / 1000);
          } else {
            const message = (body && body.error) || "error " + response.status;
            this.status.replaceChildren(el("span", { class: "error-text" }, message));
            this.status.classList.add("error");
            if (onError) onError(message, body, response.status);
          }
          return;
        }
      } catch (err) {
        if (err.name === "AbortError") return;
        if (controller !== this.controller) return;
        this.stopProgress();
        this.status.replaceChildren(el("span", { class: "error-text" }, "no answer from the server: " + err.message));
        this.status.classList.add("error");
        if (onError) onError(String(err), null, 0);
      } finally {
        if (controller === this.controller) this.controller = null;
      }
    }
  }

  /** Server info (default policy, policies, caps), fetched once. */
  let infoPromise = null;
  function info() {
    if (!infoPromise) infoPromise = fetch("/api/info").then((r) => r.json());
    return infoPromise;
  }

  /**
   * A bar chart in inline SVG. bars: [{label, value, low, high, highlight, text}] with values in 0..yMax.
   * Returns the <svg> element.
   */
  function barChart(bars, { yMax, yTicks, yFormat, xTitle, yTitle, width, height }) {
    const W = width || 520, H = height || 240, left = 48, right = 12, top = 22, bottom = 40;
    const plotW = W - left - right, plotH = H - top - bottom;
    const svg = el("svg:svg", { viewBox: `0 0 ${W} ${H}`, class: "chart", role: "img" });
    const y = (v) => top + plotH - (plotH * Math.max(0, Math.min(v, yMax))) / yMax;
    for (const tick of yTicks) {
      svg.append(el("svg:line", { x1: left, x2: W - right, y1: y(tick), y2: y(tick), class: "grid" }));
      svg.append(el("svg:text", { x: left - 6, y: y(tick) + 4, class: "tick", "text-anchor": "end" }, yFormat(tick)));
    }
    const step = plotW / Math.max(bars.length, 1);
    const barW = Math.min(56, step * 0.7);
    bars.forEach((bar, i) => {
      const cx = left + step * (i + 0.5);
      svg.append(el("svg:rect", {
        x: cx - barW / 2, y: y(bar.value), width: barW, height: Math.max(0, y(0) - y(bar.value)),
        class: bar.highlight ? "bar highlight" : "bar", rx: 3,
      }));
      if (bar.low !== undefined && bar.high !== undefined) {
        svg.append(el("svg:line", { x1: cx, x2: cx, y1: y(bar.low), y2: y(bar.high), class: "whisker" }));
        for (const v of [bar.low, bar.high]) {
          svg.append(el("svg:line", { x1: cx - 6, x2: cx + 6, y1: y(v), y2: y(v), class: "whisker" }));
        }
      }
      const labelY = Math.min(y(bar.value), bar.high !== undefined ? y(bar.high) : y(bar.value)) - 5;
      svg.append(el("svg:text", { x: cx, y: labelY, class: "value", "text-anchor": "middle" }, bar.text));
      svg.append(el("svg:text", { x: cx, y: H - bottom + 16, class: "label", "text-anchor": "middle" }, bar.label));
    });
    svg.append(el("svg:line", { x1: left, x2: W - right, y1: y(0), y2: y(0), class: "axis" }));
    if (xTitle) svg.append(el("svg:text", { x: left + plotW / 2, y: H - 6, class: "title", "text-anchor": "middle" }, xTitle));
    if (yTitle) svg.append(el("svg:text", { x: left, y: 12, class: "title", "text-anchor": "start" }, yTitle));
    return svg;
  }

  /** A point with its interval on a shared horizontal scale, zero marked: for a table cell. */
  function intervalPlot(value, low, high, min, max, { best } = {}) {
    const W = 160, H = 18, pad = 6;
    const x = (v) => pad + ((W - 2 * pad) * (v - min)) / (max - min || 1);
    const svg = el("svg:svg", { viewBox: `0 0 ${W} ${H}`, class: "interval", "aria-hidden": "true" });
    if (min < 0 && max > 0) svg.append(el("svg:line", { x1: x(0), x2: x(0), y1: 1, y2: H - 1, class: "zero" }));
    svg.append(el("svg:line", { x1: x(low), x2: x(high), y1: H / 2, y2: H / 2, class: "range" }));
    svg.append(el("svg:circle", { cx: x(value), cy: H / 2, r: 4.5, class: best ? "point best" : "point" }));
    return svg;
  }

  /** Tabs: buttons [data-tab=NAME] show section #tab-NAME; the choice is kept in the address (#NAME). */
  function tabs(onShow) {
    const buttons = [...document.querySelectorAll("[data-tab]")];
    function show(name) {
      if (!buttons.some((b) => b.dataset.tab === name)) name = buttons[0].dataset.tab;
      for (const b of buttons) {
        const on = b.dataset.tab === name;
        b.classList.toggle("active", on);
        b.setAttribute("aria-selected", String(on));
        document.getElementById("tab-" + b.dataset.tab).hidden = !on;
      }
      if (onShow) onShow(name);
    }
    for (const b of buttons) {
      b.addEventListener("click", () => {
        history.replaceState(null, "", "#" + b.dataset.tab);
        show(b.dataset.tab);
      });
    }
    window.addEventListener("hashchange", () => show(location.hash.slice(1)));
    show(location.hash.slice(1));
  }

  function load(key, fallback) {
    try {
      const text = localStorage.getItem(key);
      return text ? { ...fallback, ...JSON.parse(text) } : { ...fallback };
    } catch (err) {
      return { ...fallback };
    }
  }

  function save(key, value) {
    try { localStorage.setItem(key, JSON.stringify(value)); } catch (err) { /* storage full or off */ }
  }

  /**
   * Mark a box that holds what it cannot take (aria-invalid, a red frame) and tie it to the visible
   * message saying why (aria-describedby: the id of messageNode); bad false: the box is fine again.
   */
  function markInvalid(input, bad, messageNode) {
    input.classList.toggle("invalid", bad);
    if (bad) {
      input.setAttribute("aria-invalid", "true");
      if (messageNode && messageNode.id) input.setAttribute("aria-describedby", messageNode.id);
    } else {
      input.removeAttribute("aria-invalid");
      input.removeAttribute("aria-describedby");
    }
  }

  function options(select, items, selected) {
    select.replaceChildren(...items.map(([value, text]) =>
      el("option", { value, selected: String(value) === String(selected) }, text)));
  }

  return { SUITS, el, $, deckCards, cardClass, cardName, spokenName, miniCard, buildDeck, fmt, signed, pct, number, Runner,
    info, barChart, intervalPlot, tabs, load, save, options, markInvalid };
})();
