// rumref's join page: the one address every phone opens. It lists the
// seats (GET J/seats); a tap takes a free seat, or asks the owner of a
// taken one (POST J/claim). Once this browser has a seat (a cookie the
// script never sees), the same address opens that seat's page.
"use strict";
(function () {
  const base = location.pathname.replace(/\/+$/, "");
  const $ = (id) => document.getElementById(id);
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
  function open() { location.replace(base); }

  async function load() {
    clearTimeout(timer);
    let j;
    try {
      const res = await fetch(base + "/seats");
      if (!res.ok) { info("This code is not valid any more: ask the laptop for the new one.", true); return; }
      j = await res.json();
    } catch (e) {
      info("No connection to the laptop: check the Wi-Fi; trying again.", true);
      timer = setTimeout(load, 3000);
      return;
    }
    if (j.mine >= 0) { info(j.text || "Opening your page."); open(); return; }
    document.title = (j.title || "rumref") + ": take your seat";
    $("title").textContent = (j.title || "rumref") + ": take your seat";
    waiting = j.asked >= 0;
    const box = $("seats");
    box.replaceChildren();
    for (const s of j.seats) {
      const label = s.taken || s.devices.length ? s.name + " (taken" + (s.devices.length ? ": " + s.devices.join("; ") : "") + "): ask to join" : s.name;
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
      res = await fetch(base + "/claim", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ seat: s.seat }) });
      out = await res.json();
    } catch (e) {
      info("No connection to the laptop: check the Wi-Fi, then try again.", true);
      load();
      return;
    }
    if (!res.ok) { info(out.error || "refused", true); load(); return; }
    if (!out.pending) { info(out.text || "Opening your page."); open(); return; }
    info(out.text);
    waiting = true;
    timer = setTimeout(load, 1500);
  }

  load();
})();
