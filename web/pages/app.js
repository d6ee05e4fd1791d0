// rumref's table and seat pages: one script for both. It reads the state
// (GET U/state), follows the event stream (GET U/events) and posts
// answers and commands (POST U/answer, undo, correct, confirm). Every
// text from the game is set with textContent, never as HTML; only the
// board and the QR codes, drawn by rumref itself, are inserted as SVG.
// Every word of the page's own comes from the catalog (t), in the page's
// language, which every request names (?lang=).
"use strict";
(function () {
  const page = document.body.dataset.page;
  const base = location.pathname.replace(/\/+$/, "");
  const $ = (id) => document.getElementById(id);
  // The page's language: the one it was served in, which is the one
  // chosen on the page (kept in localStorage; a page opened without it
  // asks for itself in that language) or else the browser's.
  const LANG = document.documentElement.lang || "en";
  const MSG = JSON.parse(document.body.dataset.messages || "{}");
  const CHECK = document.body.dataset.check === "1";
  const plural = new Intl.PluralRules(LANG);
  let chosen = "";
  try { chosen = localStorage.getItem("rumref.lang") || ""; } catch (e) { /* no storage */ }
  const asked = new URLSearchParams(location.search).get("lang") || "";
  if (chosen && chosen !== LANG && chosen !== asked) {
    location.replace(base + "?lang=" + encodeURIComponent(chosen));
    return;
  }
  // api is a request's path with the language chosen, if one was (else
  // the browser's Accept-Language says it).
  const api = (path) => base + path + (chosen || asked ? (path.includes("?") ? "&" : "?") + "lang=" + encodeURIComponent(chosen || asked) : "");
  // t is the catalog's message key filled with args as printf fills
  // them (%s, %d, %[2]s; a plural's form picked by its first argument).
  // Under the catalog check it comes between the marks U+2068 and U+2069.
  function t(key, ...args) {
    let m = MSG[key];
    if (m === undefined) return CHECK ? "\u27e6MISSING " + key + "\u27e7" : key;
    if (typeof m === "object") m = m[plural.select(Number(args[0]))] || m.other;
    let i = 0;
    const out = m.replace(/%(?:\[(\d+)\])?([sdvq%])/g, (all, n, verb) => {
      if (verb === "%") return "%";
      if (n) i = Number(n) - 1;
      return String(args[i++]);
    });
    return CHECK ? "\u2068" + out + "\u2069" : out;
  }
  // cap puts a text's first letter in upper case (after the check's marks).
  const cap = (s) => s.replace(/^(\u2068*)(.)/u, (all, marks, c) => marks + c.toUpperCase());
  const PIRATE_COLORS = { gold: "#e0a800", violet: "#7b2cbf", black: "#111", silver: "#c0c0c0", blue: "#1d4ed8", red: "#c1121f", green: "#2d6a4f", white: "#eee", orange: "#f77f00" };
  // outlineOf is the outline drawn round a piece of color c (on the
  // board and in the players' table): black or white, whichever stands
  // out more from c, so a piece of every color reads on every ground.
  function outlineOf(c) { return contrast(c, "#000") >= contrast(c, "#fff") ? "#000" : "#fff"; }
  // contrast is the WCAG contrast ratio of two colors "#rrggbb" (or "#rgb").
  function contrast(a, b) {
    const lum = (h) => {
      h = h.replace("#", "");
      if (h.length === 3) h = h.split("").map((x) => x + x).join("");
      const ch = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4)));
      return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2];
    };
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  }
  let st = null; // the state object
  let es = null;
  let boardLoaded = false;
  // POST_WAIT_MS bounds a POST: the server waits up to 30 s for the
  // laptop, and past that the tap must end with a word, not a spinner.
  const POST_WAIT_MS = 35000;
  // GUARD_MS is how long a newly shown question (or confirmation) ignores
  // taps, its buttons greyed out, so that the second tap of a double tap
  // can never answer the next question, which comes up under the finger
  // soon after the first tap (until then the tap itself has disabled the
  // buttons). Measured in chromium at phone size against a real game on
  // the loopback (web's TestTapDoubleTapAnswersOneQuestion logs it), the
  // next question came up 40 to 160 ms after the first tap; over Wi-Fi it
  // may come sooner or later. The guard counts from then, so it must
  // cover a whole double tap by itself: phones take two taps up to 300 ms
  // apart as a double tap (Android's double-tap timeout), and the double
  // taps that answered a second question at a table were 60 to 250 ms
  // apart. 400 ms covers 300 ms with a margin for a slow phone. A
  // deliberate tap on a new question comes after reading it, later than
  // that, so the guard rarely delays one, and then by little. Tests that
  // play whole games at machine speed may shorten it (window.rumrefGuardMs).
  const GUARD_MS = typeof window.rumrefGuardMs === "number" ? window.rumrefGuardMs : 400;

  function el(tag, attrs, ...kids) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") e.className = v; else if (k.startsWith("on")) e.addEventListener(k.slice(2), v); else e.setAttribute(k, v);
    }
    for (const k of kids) if (k !== null && k !== undefined) e.append(k instanceof Node ? k : document.createTextNode(String(k)));
    return e;
  }
  function clear(e) { while (e.firstChild) e.removeChild(e.firstChild); return e; }

  // post sends an answer or command and returns its reply: ok, the HTTP
  // status and the JSON body. A refusal is shown in the info line: a tap
  // never ends without a word. A POST that gets no reply (no network,
  // the laptop out of reach, or no reply in POST_WAIT_MS) says "Not
  // sent, retrying" and is sent again, the same body, every few seconds
  // until the laptop replies: the body names the step and question the
  // tap answered, so a retry can only answer that question (the laptop
  // refuses it, 409, once the game is elsewhere).
  async function post(what, body) {
    const text = JSON.stringify(body);
    for (let tries = 0; ; tries++) {
      let res;
      try {
        res = await fetch(api("/" + what), { method: "POST", headers: { "Content-Type": "application/json" }, body: text, signal: timeout(POST_WAIT_MS) });
      } catch (e) {
        if (gone) return { ok: false, status: 0, out: {} };
        showInfo(t("web.page.retrying"), true);
        await new Promise((r) => setTimeout(r, RETRY_MS[Math.min(tries, RETRY_MS.length - 1)]));
        continue;
      }
      let out = {};
      try { out = await res.json(); } catch (e) { out = { error: t("web.page.noreply") }; }
      if (res.status === 404) { goneNotice(); return { ok: false, status: 404, out }; }
      if (!res.ok) {
        const why = out.error || t("web.page.refused", res.status);
        showInfo(tries > 0 && res.status === 409 ? t("web.page.late", why) : why, true);
        if (res.status === 409) refresh();
      } else if (tries > 0) {
        showInfo(t("web.page.sent"));
      }
      return { ok: res.ok, status: res.status, out };
    }
  }
  // RETRY_MS are the waits between the tries of a POST that got no reply.
  const RETRY_MS = [1000, 2000, 3000, 5000];
  function timeout(ms) { return typeof AbortSignal !== "undefined" && AbortSignal.timeout ? AbortSignal.timeout(ms) : undefined; }
  function showInfo(text, bad) {
    const i = $("info");
    i.textContent = text || "";
    i.classList.toggle("error", !!bad);
  }

  // refresh fetches the whole state again; without a connection the page
  // keeps what it shows (the event stream catches up when it reconnects).
  async function refresh() {
    try {
      const res = await fetch(api("/state"), { signal: timeout(POST_WAIT_MS) });
      if (res.ok) { st = await res.json(); render(); }
      else if (res.status === 404) goneNotice();
    } catch (e) {
      if (!(st && st.end)) $("conn").textContent = t("web.page.conn.reconnecting");
    }
  }

  // goneNotice: the page's code is unknown to the laptop (the game was
  // resumed with new codes, or this is another game's): the page says so
  // in words and stops asking.
  let gone = false;
  function goneNotice() {
    gone = true;
    if (es) es.close();
    $("conn").textContent = t("web.page.conn.invalid");
    document.body.classList.add("over");
    clear($("question")).append(el("p", { class: "qtext" }, t("web.page.gone")));
  }

  // connect follows the event stream. The browser reconnects it by
  // itself after a network error, but gives up for good when the server
  // refuses it (429: too many copies of the page open; 410: the game
  // stopped): then the page tries again itself, every few seconds up to
  // half a minute, until the game has stopped, so it never freezes.
  let retry = 0;
  function connect() {
    if (gone) return;
    es = new EventSource(api("/events"));
    es.onopen = () => { $("conn").textContent = t(st && st.end ? "web.page.conn.over" : "web.page.conn.live"); retry = 0; };
    es.onerror = () => {
      // After the end the stream is over for good: nothing to reconnect.
      if (st && st.end) { es.close(); $("conn").textContent = t("web.page.conn.over"); return; }
      $("conn").textContent = t(st && st.exit ? "web.page.conn.stopped" : "web.page.conn.reconnecting");
      if (st && st.exit) { awaitResume(); return; }
      if (es.readyState !== EventSource.CLOSED) return;
      retry = Math.min(retry ? retry * 2 : 2000, 30000);
      setTimeout(async () => { await refresh(); if (!(st && st.exit) && !gone) connect(); }, retry);
    };
    es.onmessage = (m) => {
      let o;
      try { o = JSON.parse(m.data); } catch (e) { return; }
      apply(o);
    };
  }

  // awaitResume: once the game stopped (not over), the page asks for its
  // state every 2 s; when the laptop resumes the game (rumref resume
  // listens on the port it used before when it is free, with the same
  // tokens), the state comes without an exit and the page follows the
  // game again at the question asked now, without a reload.
  let resumeTimer = 0;
  function awaitResume() {
    if (resumeTimer || !st || !st.exit || st.exit.reason === "over") return;
    resumeTimer = setInterval(async () => {
      let s;
      try {
        const res = await fetch(api("/state"), { signal: timeout(5000) });
        if (!res.ok) return;
        s = await res.json();
      } catch (e) {
        return; // the laptop is not back yet
      }
      if (!s || s.exit || !resumeTimer) return;
      clearInterval(resumeTimer);
      resumeTimer = 0;
      st = s;
      render();
      showInfo(t("web.page.resumed"));
      connect();
    }, 2000);
  }

  function apply(o) {
    if (!o || typeof o !== "object") return;
    switch (o.type) {
      case "state": st = o; break;
      case "status": if (st) { st.view = o.view; st.text = o.text; } break;
      case "question": if (st) { st.question = o; if (!o.ahead) st.step = o.step; } showInfo(""); break;
      case "event": if (st) { st.events.push(o); if (st.events.length > 40) st.events.shift(); } break;
      case "info": if (st) { st.info.push(o); } showInfo(o.text); break;
      case "confirm": if (st) st.confirm = o.id ? o : null; break;
      case "answers": if (st) st.answers = o.answers; break;
      case "end": if (st) { st.end = o; st.question = null; } break;
      case "exit": if (st) { st.exit = o; st.question = null; } if (es) es.close(); $("conn").textContent = t(st && st.end ? "web.page.conn.over" : "web.page.conn.stopped"); awaitResume(); break;
      case "seats": if (st) st.seats = o.seats; break;
    }
    if (st) render();
  }

  function render() {
    $("title").textContent = pageName();
    $("stepinfo").textContent = st.end ? "" : t("web.page.step", st.step + 1);
    renderOver();
    renderTurn();
    renderQuestion();
    renderConfirm();
    renderEvents();
    renderEnd();
    keepAwake(!(st.end || st.exit) && !gone);
    if (page === "table") { renderBoard(); renderTable($("state")); }
    else { renderSecrets(); renderAnswers(); renderTable($("state")); renderSeatBoard(); }
    renderSeats();
    placed();
  }
  function placed() { questionTaps.place(); confirmTaps.place(); }
  // pageName is the page's title: the game's and whose page it is.
  function pageName() { return page === "seat" ? t("web.page.title.seat", st.title || "rumref", st.name) : t("web.page.title.table", st.title || "rumref"); }

  function mayAnswer(q) {
    if (!q) return false;
    if (page === "table") return !q.secret;
    return q.actor === st.viewer;
  }

  // taps guards a box of buttons (the question, the confirmation): it
  // is redrawn only when what it shows changes, so a button is never
  // replaced between a finger's touch and its release; a tap counts only
  // once its content has been on screen for GUARD_MS at the same place;
  // and once tapped, its buttons stay disabled until the reply (again
  // enabled if the answer was refused).
  function taps(box) {
    const g = { box, key: "", drawn: "", since: 0, top: NaN, sent: "", pick: "", timer: 0 };
    // show redraws the box with build when drawn changed. key names what
    // is asked (not how it is drawn): a new key, or the box moved on the
    // screen, starts the guard.
    g.show = (key, drawn, build) => {
      if (drawn !== g.drawn) { g.drawn = drawn; build(clear(box)); }
      if (key !== g.key) { g.key = key; g.sent = ""; g.pick = ""; g.start(); } else g.update();
    };
    // place starts the guard again when the box moved on the page (a
    // confirmation or a longer line above it came up): a finger on its
    // way to one button would land on another.
    g.place = () => {
      const top = box.getBoundingClientRect().top + window.scrollY;
      if (top !== g.top && !Number.isNaN(g.top) && g.key !== "") g.start();
      g.top = top;
    };
    g.start = () => { g.since = performance.now(); g.tick(); };
    // tick redraws the buttons and comes again while the guard lasts. It
    // decides on the next tick before update reads the clock again, so
    // the guard's end cannot fall between the two and leave the buttons
    // disabled.
    g.tick = () => {
      clearTimeout(g.timer);
      const left = g.since + GUARD_MS - performance.now();
      if (left > 0) g.timer = setTimeout(g.tick, left + 1);
      g.update();
    };
    // waiting reports whether the guard lasts at time at (now when not
    // given). A tap is judged by when the finger came down (its event's
    // timeStamp), not by when a busy page got to it: a tap made before
    // the question came up, or during its guard, and handled after,
    // does not count.
    g.waiting = (at) => (at === undefined ? performance.now() : at) < g.since + GUARD_MS;
    g.live = (key, at) => key === g.key && g.sent !== key && !g.waiting() && !g.waiting(at);
    g.update = () => {
      const wait = g.waiting();
      const off = wait || (g.key !== "" && g.sent === g.key);
      box.classList.toggle("guard", wait);
      for (const b of box.querySelectorAll("button")) {
        b.disabled = off;
        b.classList.toggle("chosen", off && !wait && b.dataset.key !== undefined && b.dataset.key === g.pick);
      }
    };
    // send posts what a tap gave for key, once: it returns the reply,
    // or null when the tap did not count. keep leaves the buttons
    // disabled after a success (the next question is on its way).
    g.send = async (key, pick, what, body, keep, at) => {
      if (!g.live(key, at)) return null;
      g.sent = key; g.pick = pick; g.update();
      const r = await post(what, body);
      if (g.key === key && (!r.ok || !keep)) { g.sent = ""; g.pick = ""; g.update(); }
      return r;
    };
    return g;
  }
  const questionTaps = taps($("question"));
  const confirmTaps = taps($("confirm"));

  // answer sends the answer key to q from a tap.
  async function answer(q, key, at) {
    if (key === "") { showInfo(t("web.page.empty"), true); return; }
    const k = questionKey(q);
    const r = await questionTaps.send(k, key, "answer", { step: q.step, question: q.id, answer: key }, !q.ahead, at);
    if (r && r.ok && !q.ahead) {
      // The streams have the next question before the reply comes; if
      // this page's stream is down, fetch it.
      if (!es || es.readyState !== EventSource.OPEN) refresh();
      setTimeout(() => { if (questionTaps.key === k && questionTaps.sent === k) refresh(); }, 3000);
    }
  }
  // questionKey names what a question asks; an answer kept ahead of its
  // turn (queued) makes it new, so the line that says so, which moves
  // the buttons down, comes with a guard too.
  function questionKey(q) { return q ? JSON.stringify([q.step, q.id, q.actor, !!q.ahead, q.queued || "", q.kind, q.text, q.options, q.min, q.max]) : ""; }

  function renderQuestion() {
    const q = st.exit ? null : st.question;
    const mine = mayAnswer(q);
    questionTaps.show(questionKey(q), JSON.stringify([q, mine, st.exit, !!st.end]), (box) => {
      delete box.dataset.step; delete box.dataset.rule;
      box.classList.toggle("mine", mine);
      if (st.exit) { box.append(el("p", {}, t("web.page.stopped", reason(st.exit.reason)))); return; }
      if (!q) { box.append(el("p", {}, t(st.end ? "web.page.over" : "web.page.waiting"))); return; }
      box.dataset.step = String(q.step);
      box.append(el("div", { class: "who" }, q.ahead ? t("web.page.who.ahead", q.actor_name) : t(q.secret ? "web.page.who.secret" : "web.page.who", cap(q.actor_name))));
      box.append(el("p", { class: "qtext" }, q.text));
      if (q.rule) box.dataset.rule = q.rule; // the rule's ID, for Help and Rules; not shown: words, not keys
      if (!mine) {
        box.append(el("p", {}, page === "seat" ? t("web.page.notyours", q.actor_name) : (q.secret ? t("web.page.onphone", q.actor_name) : "")));
        return;
      }
      if (q.queued) { box.append(el("p", {}, t("web.page.queued", labelOf(q, q.queued)))); }
      const send = (key, ev) => answer(q, key, ev && ev.timeStamp);
      if (q.kind === "number") {
        const grid = el("div", { class: "choices" });
        if (q.max - q.min <= 11) {
          for (let n = q.min; n <= q.max; n++) grid.append(el("button", { class: "choice", type: "button", "data-key": String(n), onclick: (ev) => send(String(n), ev) }, String(n)));
          box.append(grid);
        } else {
          const inp = el("input", { type: "number", min: q.min, max: q.max, inputmode: "numeric", "aria-label": t("web.page.aria.number") });
          const f = el("form", { class: "row" }, inp, el("button", { type: "submit" }, t("web.page.send")));
          f.addEventListener("submit", (ev) => { ev.preventDefault(); send(inp.value.trim(), ev); });
          box.append(el("p", {}, t("web.page.range", q.min, q.max)), f);
        }
        return;
      }
      if (q.kind === "text") {
        const inp = el("input", { type: "text", maxlength: "200", autocomplete: "off", "aria-label": t("web.page.aria.answer") });
        const f = el("form", { class: "row" }, inp, el("button", { type: "submit" }, t("web.page.send")));
        f.addEventListener("submit", (ev) => { ev.preventDefault(); send(inp.value.trim(), ev); });
        box.append(f);
        return;
      }
      const grid = el("div", { class: "choices" });
      q.options.forEach((o, i) => grid.append(el("button", { class: "choice", type: "button", "data-key": o.key, "data-n": String(i + 1), onclick: (ev) => send(o.key, ev) }, o.label || o.key)));
      box.append(grid);
    });
  }
  function labelOf(q, key) { const o = (q.options || []).find((o) => o.key === key); return o ? o.label : key; }
  // reason is why the game stopped, in words when the catalog has them.
  function reason(r) { return MSG["web.page.reason." + r] !== undefined ? t("web.page.reason." + r) : r; }

  function renderConfirm() {
    const box = $("confirm");
    const c = st.confirm;
    box.hidden = !c;
    const key = c ? JSON.stringify([c.id, c.text, c.seat, c.mine, c.value || null]) : "";
    const reply = (yes, ev) => confirmTaps.send(key, yes ? "yes" : "no", "confirm", { step: st.step, id: c.id, yes }, true, ev.timeStamp);
    // A value request (a correction's new value) offers the answer's
    // choices, or a field, and Keep it; the reply names the value.
    const choose = (value, ev) => value === "" ? reply(false, ev) : confirmTaps.send(key, value, "confirm", { step: st.step, id: c.id, yes: true, value }, true, ev.timeStamp);
    confirmTaps.show(key, key, (box) => {
      if (!c) return;
      box.append(el("p", {}, c.text));
      if (c.mine && c.value) {
        const v = c.value;
        if (v.kind === "choice") {
          const grid = el("div", { class: "choices" });
          for (const o of v.options) grid.append(el("button", { class: "choice", type: "button", "data-key": o.key, onclick: (ev) => choose(o.key, ev) }, o.label || o.key));
          box.append(grid);
        } else {
          const inp = v.kind === "number" ? el("input", { type: "number", min: v.min, max: v.max, inputmode: "numeric", "aria-label": t("web.page.aria.value") })
            : el("input", { type: "text", maxlength: "200", autocomplete: "off", "aria-label": t("web.page.aria.value") });
          const f = el("form", { class: "row" }, inp, el("button", { type: "submit", "data-key": "value" }, t("web.page.send")));
          f.addEventListener("submit", (ev) => { ev.preventDefault(); choose(inp.value.trim(), ev); });
          box.append(f);
        }
        box.append(el("div", { class: "row" }, el("button", { type: "button", id: "confirm-keep", "data-key": "keep", onclick: (ev) => reply(false, ev) }, t("web.page.keep"))));
        return;
      }
      if (c.mine || (c.seat < 0 && page === "table")) {
        box.append(el("div", { class: "row" },
          el("button", { type: "button", id: "confirm-yes", "data-key": "yes", onclick: (ev) => reply(true, ev) }, t("web.page.yes")),
          el("button", { type: "button", id: "confirm-no", "data-key": "no", onclick: (ev) => reply(false, ev) }, t("web.page.no"))));
      } else {
        box.append(el("p", {}, t("web.page.confirm.waiting", st.players[c.seat] || t("web.page.thetable"))));
      }
    });
  }

  function renderEvents() {
    const ol = clear($("events"));
    for (const e of st.events.slice().reverse().slice(0, 20)) ol.append(el("li", { "data-rule": e.rule || "" }, e.text));
  }

  function renderEnd() {
    const box = $("end");
    if (!st.end) { box.hidden = true; return; }
    box.hidden = false;
    clear(box).className = "end";
    box.append(el("h2", {}, t("web.page.end")));
    const v = st.end.status || st.view;
    if (v && v.final) {
      const cats = Object.keys(v.final.players[0].categories || {});
      const head = el("tr", {}, el("th", {}, ""), ...v.final.players.map((p) => el("th", {}, p.name)));
      const rows = cats.map((c) => el("tr", {}, el("td", {}, named("web.page.category.", c)), ...v.final.players.map((p) => el("td", {}, p.categories[c]))));
      const total = el("tr", {}, el("th", {}, t("web.page.end.total")), ...v.final.players.map((p) => el("th", {}, p.total)));
      const place = el("tr", {}, el("td", {}, t("web.page.end.place")), ...v.final.players.map((p) => el("td", {}, p.place)));
      box.append(el("div", { class: "scroll" }, el("table", { id: "scorepad" }, head, ...rows, total, place)));
      if (v.final.winners) box.append(el("p", {}, t("web.page.end.winner", v.final.winners.join(t("web.page.and")))));
    } else if (v && v.players) {
      box.append(el("table", { id: "scorepad" }, ...v.players.map((p) => el("tr", {}, el("td", {}, t("web.page.runner.side", p.name, named("web.page.side.", p.side))), el("td", {}, t("web.page.n.point", p.points))))));
      if (v.result) box.append(el("p", {}, v.result));
    }
    if (st.end.play && st.end.play.url) {
      const q = el("div", { class: "qr", id: "playqr" });
      if (st.end.play.qr) q.innerHTML = st.end.play.qr; // drawn by rumref
      q.append(el("a", { href: st.end.play.url, rel: "noreferrer" }, t("web.page.play.link")));
      box.append(el("h2", {}, t("web.page.play")), q);
    }
  }

  // renderAnswers lists this seat's own latest answers in words, the
  // newest first; a tap on one asks to change it (POST correct without a
  // value): the table sends this page a value request with the answer's
  // choices, shown in the confirmation box. It is redrawn only when the
  // list changes, so a button is never replaced under a finger.
  let answersDrawn = "";
  function renderAnswers() {
    const list = (st.answers || []).slice().reverse();
    const over = !!(st.end || st.exit);
    const drawn = JSON.stringify([list, over]);
    $("mine").hidden = list.length === 0;
    if (drawn === answersDrawn) return;
    answersDrawn = drawn;
    const ol = clear($("answers"));
    for (const a of list) {
      const b = el("button", { type: "button", "data-n": String(a.n), onclick: (ev) => changeAnswer(a, ev.currentTarget) },
        t("web.page.answer", a.n, a.text) + " ", el("span", { class: "was" }, a.answer), a.secret ? t("web.page.answer.secret") : "");
      b.disabled = over;
      ol.append(el("li", {}, b));
    }
  }
  function changeAnswer(a, btn) {
    if (!st || st.end || st.exit) return;
    once(btn, async () => {
      const r = await post("correct", { step: st.step, n: a.n, value: "" });
      if (r.ok && r.out.text) showInfo(r.out.text);
    });
  }

  // ---- The end: nothing that cannot be used any more (issue 22) ----
  // Once the game is over (or stopped, or this page's code is no longer
  // valid) the page hides what cannot be used any more: the elements of
  // class live-only (Undo, Correct, Help, the join codes).
  function renderOver() {
    document.body.classList.toggle("over", !!(st.end || st.exit) || gone);
    if (st.end) $("conn").textContent = t("web.page.conn.over");
    else if ($("conn").textContent === t("web.page.conn.over") && es && es.readyState === EventSource.OPEN) $("conn").textContent = t("web.page.conn.live"); // an undo at the laptop
  }

  // ---- Your turn (issue 22) ----
  // When a question this seat may answer comes up, the title and the
  // favicon say so while it waits, the phone vibrates (where the browser
  // allows it: once the player has touched the page), a short tone plays
  // if the player turned it on (off by default; made with WebAudio, no
  // file) and screen readers read the question out (#announce is
  // aria-live).
  const icon = (fill, mark) => "data:image/svg+xml," + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="' + fill + '"/>' + mark + "</svg>");
  const ICON_IDLE = icon("#1d2330", "");
  const ICON_TURN = icon("#e76f51", '<path d="M14 7h4v12h-4zM14 22h4v4h-4z" fill="#fff"/>');
  let turnKey = "";
  function renderTurn() {
    const q = st.end || st.exit || gone ? null : st.question;
    const mine = page === "seat" && mayAnswer(q) && !q.queued;
    const name = pageName();
    document.title = mine ? t("web.page.turn.title", name) : name;
    const link = $("favicon");
    if (link && link.getAttribute("href") !== (mine ? ICON_TURN : ICON_IDLE)) link.setAttribute("href", mine ? ICON_TURN : ICON_IDLE);
    const k = mine ? questionKey(q) : "";
    if (k && k !== turnKey) notify(q);
    turnKey = k;
  }
  function notify(q) {
    $("announce").textContent = t(q.ahead ? "web.page.turn.ahead" : "web.page.turn", q.text);
    // Chromium refuses (and complains in the console) before the page
    // has had a touch; it would not vibrate anyway.
    const active = !navigator.userActivation || navigator.userActivation.hasBeenActive;
    if (typeof navigator.vibrate === "function" && active) {
      try { navigator.vibrate([200, 100, 200]); } catch (e) { /* not on this phone */ }
    }
    if (sound.on) beep();
  }

  // The tone: two short notes, made with WebAudio. An AudioContext may
  // start only from a touch, so it is made at the first touch after the
  // sound is on (or by the tap that turns it on).
  const sound = { on: false, ctx: null };
  try { sound.on = localStorage.getItem("rumref.sound") === "on"; } catch (e) { /* no storage */ }
  function audio() {
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!sound.ctx && AC) { try { sound.ctx = new AC(); } catch (e) { sound.ctx = null; } }
    return sound.ctx;
  }
  function beep() {
    const ctx = sound.ctx;
    if (!ctx) return;
    if (ctx.state === "suspended") ctx.resume().catch(() => {});
    const t = ctx.currentTime + 0.02;
    [[660, 0], [880, 0.16]].forEach(([f, at]) => {
      const o = ctx.createOscillator(), g = ctx.createGain();
      o.frequency.value = f;
      g.gain.setValueAtTime(0.0001, t + at);
      g.gain.exponentialRampToValueAtTime(0.25, t + at + 0.02);
      g.gain.exponentialRampToValueAtTime(0.0001, t + at + 0.14);
      o.connect(g).connect(ctx.destination);
      o.start(t + at);
      o.stop(t + at + 0.15);
    });
  }
  function soundButton() {
    const b = $("soundbtn");
    if (!b) return;
    b.textContent = t(sound.on ? "web.page.sound.on" : "web.page.sound.off");
    b.setAttribute("aria-pressed", String(sound.on));
  }
  function wireTurn() {
    if (page !== "seat") return;
    const b = $("soundbtn");
    b.addEventListener("click", () => {
      sound.on = !sound.on;
      try { localStorage.setItem("rumref.sound", sound.on ? "on" : "off"); } catch (e) { /* no storage */ }
      if (sound.on && audio()) beep(); // what it sounds like
      soundButton();
    });
    document.addEventListener("pointerdown", () => { if (sound.on) audio(); }, { capture: true, once: true });
    soundButton();
  }

  // ---- Keep the screen awake (docs/phones.md) ----
  // While the game goes on the page asks the phone not to lock: with the
  // Screen Wake Lock API where the browser offers it (a secure context:
  // https, or 127.0.0.1), else by playing a muted, invisible video of a
  // canvas, which Chromium holds a screen wake lock for on plain http
  // too (measured: docs/phones.md). body[data-awake] says which.
  const awake = { want: false, lock: null, video: null, asking: false };
  async function keepAwake(want) {
    awake.want = want;
    if (!want) {
      if (awake.lock) { awake.lock.release().catch(() => {}); awake.lock = null; }
      if (awake.video) { awake.video.pause(); awake.video.remove(); awake.video = null; }
      document.body.dataset.awake = "";
      return;
    }
    if (awake.lock || awake.video || awake.asking || document.visibilityState !== "visible") return;
    if (navigator.wakeLock && navigator.wakeLock.request) {
      awake.asking = true;
      try {
        awake.lock = await navigator.wakeLock.request("screen");
        awake.lock.addEventListener("release", () => { awake.lock = null; document.body.dataset.awake = ""; });
        document.body.dataset.awake = "wakelock";
        if (!awake.want) keepAwake(false);
        return;
      } catch (e) {
        awake.lock = null; // refused: the video below
      } finally {
        awake.asking = false;
      }
    }
    const c = document.createElement("canvas");
    if (!c.captureStream) return;
    c.width = 2; c.height = 2;
    c.getContext("2d").fillRect(0, 0, 2, 2);
    const v = el("video", { id: "awake", "aria-hidden": "true", tabindex: "-1" });
    v.muted = true;
    v.playsInline = true;
    v.srcObject = c.captureStream(0);
    document.body.append(v);
    awake.video = v;
    try {
      await v.play();
      document.body.dataset.awake = "video";
    } catch (e) {
      v.remove();
      awake.video = null;
    }
  }
  document.addEventListener("visibilitychange", () => { if (awake.want && document.visibilityState === "visible") keepAwake(true); });

  function tiles(list) { return el("span", { class: "tiles" }, ...(list && list.length ? list.map((x) => el("span", { class: "tile" }, x)) : [t("web.page.none")])); }

  function renderSecrets() {
    const box = clear($("secrets"));
    const v = st.view;
    if (!v || !v.players) return;
    const me = v.players[st.viewer];
    if (!me) return;
    if (st.game === "pirates") {
      box.append(el("p", {}, t("web.page.secret.coins") + " ", el("b", { id: "my-coins" }, me.coins === undefined ? "?" : me.coins)));
      // Face-down holdings are what they are: counted, named later.
      const wares = (me.wares || []).slice(), targets = (me.targets || []).slice();
      const unnamed = (me.wares_kept || 0) - wares.length, faceDown = (me.rendezvous_face_down || 0) - targets.length;
      if (unnamed > 0) wares.push(t("web.page.secret.wares.down", unnamed));
      if (faceDown > 0) targets.push(t("web.page.secret.targets.down", faceDown));
      box.append(el("p", {}, t("web.page.secret.wares") + " ", tiles(wares)));
      box.append(el("p", {}, t("web.page.secret.targets") + " ", tiles(targets)));
    } else {
      const hand = (me.hand || []).slice();
      if (me.unnamed) hand.push(t("web.page.secret.drawn", me.unnamed));
      box.append(el("p", {}, t("web.page.secret.hand") + " ", tiles(hand)));
      const hidden = [];
      for (const is of v.islands || []) {
        for (const c of [is.card, ...(is.hazards || [])]) if (c && !c.face_up && c.name) hidden.push(is.name + ": " + c.name);
      }
      if (hidden.length) box.append(el("p", {}, t("web.page.secret.down") + " ", tiles(hidden)));
      if (v.peeked && v.peeked.length) box.append(el("p", {}, t("web.page.secret.seen") + " ", tiles(v.peeked)));
    }
  }

  // named is an id of the game's view (a phase, a side) in words, when
  // the catalog has them (key prefix + id), else the id.
  function named(prefix, id) { return MSG[prefix + id] !== undefined ? t(prefix + id) : id; }
  const row = (cells, tag) => el("tr", {}, ...cells.map((c) => el(tag || "td", {}, c)));
  const head = (...keys) => row(keys.map((k) => t("web.page.col." + k)), "th");

  function renderTable(box) {
    clear(box);
    const v = st.view;
    if (!v) return;
    if (st.game === "pirates") {
      box.append(el("p", {}, t("web.page.pirates.round", v.round, named("web.page.phase.", v.phase)) + (v.turn ? t("web.page.pirates.turn", v.turn) : "") + t("web.page.pirates.start", v.start_player, v.captain)));
      box.append(el("p", {}, t("web.page.pirates.pubs") + " ", tiles(v.pubs)), el("p", {}, t("web.page.pirates.maps") + " ", tiles(v.maps)));
      box.append(el("p", {}, t("web.page.pirates.chest") + " ", tiles(v.chest ? [v.chest] : []), " " + t("web.page.pirates.scorpion") + " ", tiles(v.scorpion ? [v.scorpion] : [])));
      box.append(el("p", {}, t("web.page.pirates.ship") + " ", tiles([v.bunk, v.hammock, v.bedroll].filter(Boolean))));
      if (v.mast && v.mast.length) {
        box.append(el("h2", {}, t("web.page.pirates.mast")), el("table", { id: "mast" }, head("player", "left", "right"),
          ...v.mast.map((m) => row([m.player, m.left, m.right]))));
      }
      box.append(el("div", { class: "scroll" }, el("table", { id: "players" },
        head("player", "pirates", "office", "rum", "won", "down"),
        ...v.players.map((p) => el("tr", {}, el("td", {}, el("span", { class: "dot", "data-color": p.color }), " " + (p.out ? t("web.page.pirates.out", p.name) : p.name)),
          el("td", {}, p.supply), el("td", {}, p.office), el("td", {}, p.rum), el("td", {}, tiles(p.won)),
          el("td", {}, t("web.page.pirates.down", t("web.page.n.ware", p.wares_kept), t("web.page.n.rendezvous", p.rendezvous_face_down))))))));
      for (const d of box.querySelectorAll(".dot")) {
        const c = PIRATE_COLORS[d.dataset.color] || "#999";
        d.style.background = c;
        d.style.borderColor = outlineOf(c);
      }
      box.append(el("p", {}, t("web.page.pirates.stacks", v.stacks.map((s) => t("web.page.pirates.stack", named("web.page.stack.", s.sort.replace(/ /g, "-")), s.size)).join(", "), v.rum_pool)));
      return;
    }
    box.append(el("p", {}, t("web.page.runner.turn", v.turn) + (v.active ? t("web.page.runner.active", v.active) : "") + (v.raid ? "; " + v.raid : "")));
    box.append(el("div", { class: "scroll" }, el("table", { id: "players" },
      head("player", "coins", "hand", "deck", "discard", "score"),
      ...v.players.map((p) => el("tr", {}, el("td", {}, t("web.page.runner.side", p.name, named("web.page.side.", p.side))), el("td", {}, p.supply), el("td", {}, p.hand_size),
        el("td", {}, p.deck), el("td", {}, tiles(p.discard)), el("td", {}, t("web.page.n.point", p.points) + ": ", tiles((p.score || []).map((s) => t("web.page.runner.scored", s.name, t("web.page.n.point", s.points))))))))));
    box.append(el("h2", {}, t("web.page.runner.islands")));
    for (const is of v.islands || []) {
      const coins = (n) => t("web.page.n.coin", n);
      const card = is.card ? t("web.page.runner.card", is.card.face_up ? is.card.name : t("web.page.runner.facedown"), coins(is.card.coins)) : (is.home_port ? t("web.page.runner.crowns", t("web.page.n.card", is.deck)) : t("web.page.runner.nocard"));
      box.append(el("div", { class: "card island" }, el("b", {}, is.name), ": " + card, " | " + t("web.page.runner.hazards") + " ",
        tiles((is.hazards || []).map((h) => t("web.page.runner.card", h.face_up ? h.name : t("web.page.runner.down"), coins(h.coins))))));
    }
    box.append(el("h2", {}, t("web.page.runner.ships")));
    for (const s of v.ships || []) box.append(el("div", { class: "card ship" }, el("b", {}, s.name + " #" + s.id), " " + t("web.page.runner.crew", t("web.page.n.coin", s.coins), s.crew.length, s.slots) + " ", tiles(s.crew)));
    if (v.removed_unseen) box.append(el("p", {}, t("web.page.runner.unseen", v.removed_unseen)));
  }

  // renderBoard draws the board with the pieces in wrap (the table
  // page's #board, or a seat's #seatboard), the offered alleys (a seat's
  // choices that are places on it) marked with their answers' numbers.
  async function renderBoard(wrap, offered) {
    wrap = wrap || $("board");
    offered = offered || [];
    if (st.game !== "pirates") { if ($("boardwrap")) $("boardwrap").hidden = true; return; }
    if (!wrap.dataset.loaded) {
      wrap.dataset.loaded = "loading";
      try {
        const res = await fetch(base + "/board.svg");
        if (res.ok) wrap.innerHTML = await res.text(); // drawn by rumref
        else delete wrap.dataset.loaded;
      } catch (e) {
        delete wrap.dataset.loaded; // tried again at the next render
      }
      placed();
    }
    const svg = wrap.querySelector("svg");
    if (!svg || !st.view) return;
    markOffered(svg, offered);
    const colorOf = {};
    for (const p of st.view.players) colorOf[p.name] = PIRATE_COLORS[p.color] || "#999";
    const taken = {};
    for (const a of st.view.alleys || []) taken[a.alley] = a;
    for (const pl of svg.querySelectorAll("polyline.alley")) {
      const t = pl.querySelector("title");
      // Its tooltip is "alley N: " and then its name as the view names
      // it (setup.BoardSVGIn), in the page's language.
      const name = t ? t.textContent.replace(/^[^:]*: \u2069?/u, "") : "";
      if (!pl.dataset.stroke) { pl.dataset.stroke = pl.getAttribute("stroke"); pl.dataset.width = pl.getAttribute("stroke-width"); }
      const a = taken[name];
      pl.setAttribute("stroke", a ? colorOf[a.player] : pl.dataset.stroke);
      pl.setAttribute("stroke-width", a ? "9" : pl.dataset.width);
      pl.setAttribute("stroke-dasharray", a ? "none" : (pl.classList.contains("dark") ? "5 3" : "none"));
      pl.classList.toggle("taken", !!a);
      // The pieces' outline, under them: black or white, whichever
      // stands out from their color (black pirates on a dark alley).
      let casing = pl.previousElementSibling;
      if (!casing || !casing.classList.contains("casing")) {
        casing = document.createElementNS("http://www.w3.org/2000/svg", "polyline");
        casing.setAttribute("class", "casing");
        casing.setAttribute("fill", "none");
        casing.setAttribute("stroke-linecap", "round");
        casing.setAttribute("points", pl.getAttribute("points"));
        pl.before(casing);
      }
      casing.setAttribute("stroke", a ? outlineOf(colorOf[a.player]) : "none");
      casing.setAttribute("stroke-width", a ? "15" : "0");
    }
    let cap = svg.querySelector("#captain");
    for (const c of svg.querySelectorAll("circle.intersection")) {
      const label = c.nextElementSibling && c.nextElementSibling.tagName === "text" && !c.nextElementSibling.getAttribute("font-weight") ? c.nextElementSibling : c.nextElementSibling && c.nextElementSibling.nextElementSibling;
      if (label && label.textContent === st.view.captain) {
        if (!cap) {
          cap = document.createElementNS("http://www.w3.org/2000/svg", "circle");
          cap.setAttribute("id", "captain");
          cap.setAttribute("r", "20");
          cap.setAttribute("fill", "none");
          cap.setAttribute("stroke", "#d62828");
          cap.setAttribute("stroke-width", "5");
          svg.append(cap);
        }
        cap.setAttribute("cx", c.getAttribute("cx"));
        cap.setAttribute("cy", c.getAttribute("cy"));
      }
    }
  }

  // markOffered marks the alleys a seat may choose (options keyed aN,
  // the board's alley N) with their answers' numbers, as on the buttons.
  function markOffered(svg, offered) {
    for (const m of svg.querySelectorAll(".offer")) m.remove();
    offered.forEach((o) => {
      const pl = svg.querySelector("#alley-" + o.key.slice(1));
      if (!pl) return;
      const pts = pl.getAttribute("points").split(" ").map((p) => p.split(",").map(Number));
      const [x, y] = pts.length > 2 ? pts[1] : [(pts[0][0] + pts[pts.length - 1][0]) / 2, (pts[0][1] + pts[pts.length - 1][1]) / 2];
      const ns = "http://www.w3.org/2000/svg";
      const line = document.createElementNS(ns, "polyline");
      for (const [k, v] of Object.entries({ class: "offer", points: pl.getAttribute("points"), fill: "none", stroke: "#2a9d8f", "stroke-width": "7", "stroke-opacity": "0.8" })) line.setAttribute(k, v);
      const dot = document.createElementNS(ns, "circle");
      for (const [k, v] of Object.entries({ class: "offer", cx: x, cy: y, r: "13", fill: "#2a9d8f", stroke: "#fff", "stroke-width": "2" })) dot.setAttribute(k, v);
      const num = document.createElementNS(ns, "text");
      for (const [k, v] of Object.entries({ class: "offer", x, y, "font-size": "15", "font-weight": "bold", fill: "#fff", "text-anchor": "middle", "dominant-baseline": "central" })) num.setAttribute(k, v);
      num.textContent = String(o.n);
      svg.append(line, dot, num);
    });
  }

  // ---- The board on a seat's page (issue 22) ----
  // When the seat's choices are places on the board (alleys), its page
  // shows the board under the question with them marked, and numbers the
  // buttons to match.
  function renderSeatBoard() {
    if (page !== "seat" || st.game !== "pirates") return;
    const q = st.exit || st.end ? null : st.question;
    const offered = [];
    if (mayAnswer(q) && q.kind === "choice") q.options.forEach((o, i) => { if (/^a\d+$/.test(o.key)) offered.push({ key: o.key, n: i + 1 }); });
    let box = $("seatboard");
    if (!box) { box = el("div", { id: "seatboard", class: "panel seatboard" }); box.hidden = true; $("question").after(box); }
    const shown = offered.length > 0;
    $("question").classList.toggle("onboard", shown);
    box.hidden = !shown;
    if (shown) renderBoard(box, offered);
  }

  // Joining. The table page shows the one join code (GET U/join: its
  // URL and QR code) while a seat is free, or when asked, and each
  // seat's devices; a seat page says when it is open on more than one
  // device. No page is ever given a seat's token.
  let joinCode = null; // {url, qr} once fetched
  let joinShown = null; // the table's choice: null follows the seats
  async function fetchJoin() {
    try {
      const res = await fetch(base + "/join");
      joinCode = res.ok ? await res.json() : null;
    } catch (e) { joinCode = null; /* tried again at the next render */ }
    if (joinCode) renderSeats();
  }
  function renderSeats() {
    const seats = (st && st.seats) || [];
    if (page === "seat") {
      const me = seats.find((s) => s.seat === st.viewer);
      let d = $("devices");
      if (!d) { d = el("p", { id: "devices", class: "devices" }); $("info").after(d); }
      const n = me ? me.devices.length : 0;
      d.hidden = n < 2;
      d.textContent = n < 2 ? "" : t("web.page.devices", n, me.devices.join("; "));
      return;
    }
    const box = $("join");
    const free = seats.some((s) => !s.taken && !s.devices.length);
    const show = joinShown === null ? free : joinShown;
    box.hidden = !show;
    $("joinbtn").textContent = t(show ? "web.page.join.hide" : "web.page.join.show");
    if (!show) return;
    if (!joinCode) { if (joinCode === null) { joinCode = false; fetchJoin(); } return; }
    const key = JSON.stringify([joinCode.url, seats]);
    if (box.dataset.key === key) return;
    box.dataset.key = key;
    clear(box);
    const q = el("div", { class: "qr", id: "joinqr" });
    q.innerHTML = joinCode.qr; // drawn by rumref
    q.append(el("a", { href: joinCode.url, rel: "noreferrer", id: "joinurl" }, joinCode.url));
    const list = el("ul", { id: "seatlist", class: "seatlist" }, ...seats.map((s) => el("li", {}, el("b", {}, s.name), ": " +
      (s.devices.length ? t("web.page.seat.devices", s.devices.length, s.devices.join("; ")) : t(s.taken ? "web.page.seat.away" : "web.page.seat.free")))));
    box.append(q, el("div", {}, el("h2", {}, t("web.page.join.head")), el("p", {}, t("web.page.join.how")), list));
  }
  function toggleJoin() {
    joinShown = $("join").hidden;
    renderSeats();
  }

  async function showHelp(url) {
    const pre = $("helptext");
    let h;
    try {
      const res = await fetch(url);
      if (!res.ok) { showInfo(t("web.page.help.refused", res.status), true); return; }
      h = await res.json();
    } catch (e) {
      showInfo(t("web.page.offline"), true);
      return;
    }
    pre.textContent = [h.text, h.commands, h.rules].filter(Boolean).join("\n\n");
    pre.hidden = false;
  }

  // once disables a tool's button while its command is on its way.
  async function once(btn, send) {
    if (btn.disabled) return;
    btn.disabled = true;
    try { await send(); } finally { btn.disabled = false; }
  }

  function wire() {
    // A tap on Undo within GUARD_MS of the last one (by when the finger
    // came down) is the same tap: after the first undo the page shows
    // the answer before, and a second would take that one back too.
    let undoAt = -Infinity;
    $("undo").addEventListener("click", (ev) => {
      if (!st || ev.timeStamp < undoAt + GUARD_MS) return;
      undoAt = ev.timeStamp;
      once(ev.currentTarget, () => post("undo", { step: st.step }));
    });
    $("helpbtn").addEventListener("click", () => showHelp(api("/help")));
    $("rulesform").addEventListener("submit", (ev) => { ev.preventDefault(); showHelp(api("/rules?q=" + encodeURIComponent($("rulesq").value))); });
    // The language chosen is kept for the next pages of this browser,
    // and the page comes again in it.
    $("lang").addEventListener("change", (ev) => {
      try { localStorage.setItem("rumref.lang", ev.target.value); } catch (e) { /* no storage: this page only */ }
      location.replace(base + "?lang=" + encodeURIComponent(ev.target.value));
    });
    if (page === "table") $("joinbtn").addEventListener("click", toggleJoin);
    if (page === "seat") {
      $("reveal").addEventListener("click", () => {
        const s = $("secrets");
        s.hidden = !s.hidden;
        $("reveal").textContent = t(s.hidden ? "web.page.reveal.show" : "web.page.reveal.hide");
        $("reveal").setAttribute("aria-expanded", String(!s.hidden));
      });
    }
  }

  wire();
  wireTurn();
  refresh().then(connect);
})();
