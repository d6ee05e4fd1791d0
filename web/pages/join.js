// rumref's join page: the one address every phone opens. It lists the
// seats (GET J/seats); a tap takes a free seat, or asks the owner of a
// taken one (POST J/claim). Once this browser has a seat (a cookie the
// script never sees), the same address opens that seat's page. Its words
// come from the catalog (t), in the language chosen on a seat's page
// (localStorage) or else the browser's.
"use strict";
(function () {
  const base = location.pathname.replace(/\/+$/, "");
  const $ = (id) => document.getElementById(id);
  const LANG = document.documentElement.lang || "en";
  const MSG = JSON.parse(document.body.dataset.messages || "{}");
  const CHECK = document.body.dataset.check === "1";
  let chosen = "";
  try { chosen = localStorage.getItem("rumref.lang") || ""; } catch (e) { /* no storage */ }
  const asked = new URLSearchParams(location.search).get("lang") || "";
  if (chosen && chosen !== LANG && chosen !== asked) {
    location.replace(base + "?lang=" + encodeURIComponent(chosen));
    return;
  }
  const api = (path) => base + path + (chosen || asked ? "?lang=" + encodeURIComponent(chosen || asked) : "");
  // t is the catalog's message key with its %s filled (see app.js).
  function t(key, ...args) {
    const m = MSG[key];
    if (m === undefined) return CHECK ? "\u27e6MISSING " + key + "\u27e7" : key;
    let i = 0;
    const out = m.replace(/%(?:\[(\d+)\])?([sdvq%])/g, (all, n, verb) => {
      if (verb === "%") return "%";
      if (n) i = Number(n) - 1;
      return String(args[i++]);
    });
    return CHECK ? "\u2068" + out + "\u2069" : out;
  }
  let waiting = false; // a request for a taken seat waits for its owner
  let timer = 0;

  function el(tag, attrs, ...kids) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k.startsWith("on")) e.addEventListener(k.slice(2), v); else e.setAttribute(k, v);
    }
    for (const k of kids) e.append(k instanceof Node ? k : document.createTextNode(String(k)));
    return e;
  }
  function info(text, bad) { $("info").textContent = text || ""; $("info").classList.toggle("error", !!bad); }
  // open goes to this browser's seat page: a navigation the page makes
  // itself, so the seat's cookie goes with it.
  function open() { location.replace(base + location.search); }

  async function load() {
    clearTimeout(timer);
    let j;
    try {
      const res = await fetch(api("/seats"));
      if (!res.ok) { info(t("web.page.join.gone"), true); return; }
      j = await res.json();
    } catch (e) {
      info(t("web.page.join.offline"), true);
      timer = setTimeout(load, 3000);
      return;
    }
    if (j.mine >= 0) { info(j.text || t("web.page.join.opening")); open(); return; }
    document.title = t("web.page.join.title", j.title || "rumref");
    $("title").textContent = t("web.page.join.title", j.title || "rumref");
    waiting = j.asked >= 0;
    const box = $("seats");
    box.replaceChildren();
    for (const s of j.seats) {
      const label = s.devices.length ? t("web.page.join.taken.by", s.name, s.devices.join("; ")) : s.taken ? t("web.page.join.taken", s.name) : s.name;
      const b = el("button", { class: "choice", type: "button", "data-seat": String(s.seat), onclick: () => claim(s) }, label);
      if (s.taken || s.devices.length) b.classList.add("taken");
      b.disabled = waiting;
      box.append(b);
    }
    if (j.text) info(j.text, !waiting && j.mine < 0);
    if (waiting) timer = setTimeout(load, 1500);
  }

  async function claim(s) {
    if (waiting) return;
    for (const b of $("seats").querySelectorAll("button")) b.disabled = true;
    let res, out = {};
    try {
      res = await fetch(api("/claim"), { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ seat: s.seat }) });
      out = await res.json();
    } catch (e) {
      info(t("web.page.offline"), true);
      load();
      return;
    }
    if (!res.ok) { info(out.error || t("web.page.join.refused"), true); load(); return; }
    if (!out.pending) { info(out.text || t("web.page.join.opening")); open(); return; }
    info(out.text);
    waiting = true;
    timer = setTimeout(load, 1500);
  }

  load();
})();
