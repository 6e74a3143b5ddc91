// A seat's private hand on a phone. It draws what the table sends (companion/PHONES.md) and sends back
// the text of one of the actions it was offered; it never takes an action's notation apart: renderers
// match offered actions on their type and fields. Every word it shows of the game is the table's: an
// action's `label` (and the `ask` it answers), a card's `cards` words, an event's `text` and board steps,
// the log's sentences. Chronomage's spell and dice forms write the text of what they compose when no
// offered action matches (a constant spell is never offered, CM-13).
"use strict";

const $ = (id) => document.getElementById(id);
const token = (location.pathname.match(/^\/s\/([A-Za-z0-9_-]{16,64})$/) || [])[1];
const pendingKey = "pending:" + token;
let ws = null, state = null, backoff = 500, gone = false, chosen = [];
let forms = {}, formSent = null;  // a form's values across redraws (a push redraws the page); the form a play came from
// The action lists last received whole, by offer: a state whose list is one of these comes without it. The
// table keeps the same account for this socket (the last HELD lists it sent whole, PHONES.md), so both
// start empty with each socket.
const HELD = 4;
let lists = new Map();

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function words(id) {  // a card or legend id as words for the screen: "defensive-pivot" -> "Defensive pivot"
  const s = String(id).replace(/-/g, " ");
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function name(seat) { return state.names[seat - 1] || "Seat " + seat; }

function cardName(code) { return (state.cards[code] || {}).name || words(code); }

// -- talking to the table -----------------------------------------------------------------------------
function newId() {
  const bytes = new Uint8Array(9);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function send(action, form) {
  formSent = form || null;
  const play = { op: "play", id: newId(), action: action.text, offer: state.offer };
  sessionStorage.setItem(pendingKey, JSON.stringify(play));  // resent after a drop, answered once
  showRefusal(null);
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(play));
}

function connect() {
  if (gone || (ws && ws.readyState <= WebSocket.OPEN)) return;
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  ws = new WebSocket(scheme + location.host + "/s/" + token + "/ws");
  let opened = false;
  ws.onopen = () => { opened = true; backoff = 500; lists = new Map(); $("link").classList.add("on"); resend(); };
  ws.onmessage = (event) => receive(JSON.parse(event.data));
  ws.onclose = () => {
    $("link").classList.remove("on");
    if (!opened) linkStillOpens();  // a socket refused at once: was the link replaced while the phone slept?
    if (!gone) setTimeout(connect, backoff);
    backoff = Math.min(backoff * 2, 5000);
  };
}

async function linkStillOpens() {
  try {
    const answer = await fetch(location.pathname, { method: "GET", cache: "no-store" });
    if (answer.status === 403) receive({ type: "gone", error: { code: "link-replaced",
      reason: "This link no longer opens a seat. Ask the table for its QR code again." } });
  } catch (e) { /* the table is out of reach: keep trying */ }
}

function resend() {
  const play = sessionStorage.getItem(pendingKey);
  if (play) ws.send(play);
}

function receive(message) {
  const pending = JSON.parse(sessionStorage.getItem(pendingKey) || "null");
  if (message.type === "state") {
    if (!withActions(message)) return;
    state = message;
    draw();
    if ($("log").open) askLog();
  } else if (message.type === "log") {
    drawLog(message.lines);
  } else if (message.type === "done" || message.type === "refused") {
    if (pending && pending.id === message.id) sessionStorage.removeItem(pendingKey);
    if (message.type === "done") {
      chosen = [];
      if (formSent) { delete forms[formSent]; formSent = null; if (state) draw(); }  // the next one starts afresh
    } else showRefusal(message.error);
  } else if (message.type === "error") {
    showRefusal(message.error);
  } else if (message.type === "gone") {
    // a replaced link is over for good; a game that left the table may come back: look again now and then
    gone = message.error.code !== "not-on-table";
    backoff = 5000;
    sessionStorage.removeItem(pendingKey);
    $("seat").hidden = true;
    $("gone").hidden = false;
    $("gone-text").textContent = message.error.reason;
  }
}

// Gives a state its action list: the one it carries (kept by its offer), or the one held for its offer.
// A list not held (never the table's intent) is asked for again whole.
function withActions(message) {
  if (message.actions) {
    if (!lists.has(message.offer)) lists.set(message.offer, message.actions);
    while (lists.size > HELD) lists.delete(lists.keys().next().value);
  } else if (lists.has(message.offer)) {
    message.actions = lists.get(message.offer);
  } else {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ op: "sync" }));
    return false;
  }
  return true;
}

function showRefusal(error) {
  const box = $("refusal");
  box.hidden = !error;
  box.textContent = "";
  if (!error) return;
  box.append(error.reason);
  if (error.rule_text) box.append(el("span", "rule", error.rule_text));
}

// -- drawing ------------------------------------------------------------------------------------------
function draw() {
  $("join").hidden = true;
  $("gone").hidden = true;
  $("seat").hidden = false;
  $("title").textContent = state.game.title;
  $("who").textContent = name(state.seat);
  const turn = $("turn");
  turn.textContent = turnText();
  turn.classList.toggle("mine", state.actions.length > 0);
  const outcome = $("outcome");
  outcome.hidden = !state.outcome;
  if (state.outcome) outcome.textContent = outcomeText(state.outcome);
  $("hand").textContent = "";
  $("actions").textContent = "";
  (RENDERERS[state.game.id] || generic)(state);
  drawEvents();
}

function turnText() {
  const t = state.turn, mine = state.actions.length > 0;
  if (t.kind === "over") return "The game is over.";
  if (t.kind === "seat") return t.seats[0] === state.seat ? "Your turn." : name(t.seats[0]) + "'s turn." + (mine ? " You may act now too." : "");
  if (t.kind === "seats") return mine ? "Your choice: everyone chooses at the same time." : "Waiting for " + t.seats.filter((s) => s !== state.seat).map(name).join(", ") + ".";
  return mine ? "The table is deciding; these are yours." : "The table is deciding.";
}

function outcomeText(o) {
  if (o.result) return o.result === "victory" ? "Victory!" : "Defeat.";
  if (!o.winners.length) return "The game is over: nobody won.";
  const mine = o.winners.includes(state.seat);
  return (mine ? "You won! " : "") + o.winners.map(name).join(" and ") + (o.winners.length > 1 ? " win." : " wins.");
}

// An event as the table tells it: its sentence, then what to do on the board.
function told(text, board) {
  const item = el("li", "", text);
  if (board.length) {
    const steps = el("ul", "board");
    for (const step of board) steps.append(el("li", "", step));
    item.append(steps);
  }
  return item;
}

function drawEvents() {
  const list = $("events");
  list.textContent = "";
  for (const e of state.events) list.append(told(e.text, e.board.map((s) => s.text)));
  $("happened").hidden = !state.events.length;
}

function askLog() {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ op: "log" }));
}

function drawLog(lines) {
  const list = $("lines");
  list.textContent = "";
  for (const line of lines) list.append(told(line.text, line.board));
  if (!lines.length) list.append(el("li", "", "Nothing has happened yet."));
  list.scrollTop = list.scrollHeight;  // the newest at the bottom, in view
}

function heading(text, where) { where.append(el("h2", "", text)); }

function button(text, onTap, cls) {
  const b = el("button", cls || "", text);
  b.addEventListener("click", onTap);
  return b;
}

// The actions as buttons in their words, under the question they answer when they answer one.
function actionList(actions, where) {
  let list = null, ask;
  for (const a of actions) {
    if (!list || a.ask !== ask) {
      ask = a.ask;
      if (ask) where.append(el("div", "ask", ask));
      list = el("div", "list");
      where.append(list);
    }
    list.append(button(a.label, () => send(a)));
  }
}

// A select of [value, label] options showing `value`; `onChange(value)` when the player picks another.
function select(options, value, onChange, label) {
  const box = el("select");
  if (label) box.setAttribute("aria-label", label);
  for (const [v, text] of options) {
    const option = el("option", "", text);
    option.value = String(v);
    box.append(option);
  }
  box.value = String(value);
  box.addEventListener("change", () => onChange(box.value));
  return box;
}

// A card as printed: its name, and under it what kind of card it is (Speed and kind, an Instant).
function cardButton(code, onTap, cls) {
  const b = button("", onTap, cls);
  const words = state.cards[code] || { name: cardName(code) };
  b.append(el("span", "name", words.name));
  if (words.note) b.append(el("span", "kind", words.note));
  return b;
}

function plural(n, one, many = one + "s") {
  return n + " " + (n === 1 ? one : many);
}

// A form's button before it is complete: "Choose 3 cards" while none is chosen, then "Choose 2 more cards".
function toChoose(left, total, one) {
  return "Choose " + (left === total ? plural(left, one) : plural(left, "more " + one));
}

function field(label, control) {
  const row = el("label", "field");
  row.append(el("span", "", label), control);
  return row;
}

function facts(pairs, where) {
  const box = el("div", "facts");
  for (const [k, v] of pairs) box.append(el("span", "", k), el("span", "", String(v)));
  where.append(box);
}

// Any game without a renderer of its own: the seat's choices as buttons.
function generic(s) {
  if (s.actions.length) {
    heading("Your choices", $("actions"));
    actionList(s.actions, $("actions"));
  }
}

// Legends of the Arena: tap the cards of your picks in order, then lock them in; every seat at once.
function legends(s) {
  const picks = s.actions.filter((a) => a.type === "Pick");
  const hand = s.view.hand || [];
  const where = $("hand");
  if (picks.length) {
    const size = picks[0].fields.cards.length;
    heading("Pick " + size + " cards, in the order they play", where);
    chosen = chosen.filter((c, i) => hand.includes(c) && chosen.indexOf(c) === i).slice(0, size);
    const grid = el("div", "cards");
    for (const card of hand) {
      const b = cardButton(card, () => {
        chosen = chosen.includes(card) ? chosen.filter((c) => c !== card) : chosen.length < size ? [...chosen, card] : chosen;
        draw();
      }, "card" + (chosen.includes(card) ? " chosen" : ""));
      if (chosen.includes(card)) b.prepend(el("span", "order", String(chosen.indexOf(card) + 1)));
      grid.append(b);
    }
    where.append(grid);
    const match = picks.find((a) => a.fields.cards.length === chosen.length && a.fields.cards.every((c, i) => c === chosen[i]));
    const lock = button(match ? "Lock in my picks" : toChoose(size - chosen.length, size, "card"), () => match && send(match), "primary");
    lock.disabled = !match;
    where.append(lock);
    if (chosen.length) where.append(button("Clear", () => { chosen = []; draw(); }, "big"));
  } else {
    if (hand.length) { heading("Your hand", where); facts(hand.map((c, i) => [String(i + 1), cardName(c)]), where); }
    const picked = [...(s.view.my_edit ? [s.view.my_edit] : []), ...(s.view.my_picks || [])];  // an Edit (LA-12) first
    if (picked.length) { heading("Your picks", where); facts(picked.map((c, i) => [String(i + 1), cardName(c)]), where); }
  }
  const rest = s.actions.filter((a) => a.type !== "Pick");
  if (rest.length) { heading("Your choices", $("actions")); actionList(rest, $("actions")); }
}

// Time Runners: your hand, each card you may play now lit (Instants even in another runner's turn).
function timeRunners(s) {
  const where = $("hand"), hand = s.view.hand || [];
  const me = s.seat - 1;
  facts([["Space", s.view.positions[me]], ["Zone", s.view.zones[me]], ["Hour", s.view.hour],
         ["Running", s.view.backward[me] ? "backward" : "forward"]], where);
  heading("Your hand", where);
  const plays = s.actions.filter((a) => a.type === "Play");
  const grid = el("div", "cards");
  hand.forEach((code, i) => {
    const mine = plays.filter((a) => a.fields.code === code);
    const b = cardButton(code, () => {
      if (mine.length === 1) send(mine[0]);
      else if (mine.length > 1) { chosen = [code]; draw(); }
    }, "card" + (mine.length ? " playable" : ""));
    b.append(el("span", "note", mine.length ? "tap to play" : "not now"));
    b.disabled = !mine.length;
    grid.append(b);
  });
  where.append(grid);
  const choosing = plays.filter((a) => chosen.length === 1 && a.fields.code === chosen[0]);
  if (choosing.length > 1) {
    heading("Play " + cardName(chosen[0]), where);
    actionList(choosing, where);
  }
  const rest = s.actions.filter((a) => a.type !== "Play");
  if (rest.length) { heading("Your turn", $("actions")); actionList(rest, $("actions")); }
}

// Chronomage: your hand, spellbook and loot at a glance, and your choices grouped by kind.
function chronomage(s) {
  const v = s.view, me = s.seat - 1;
  const items = v.loot_items ? v.loot_items[me].map(words).join(", ") : "";
  const pairs = [["Hand", v.hands[me]], ["Spellbook", v.spellbook[me]], ["Formation", v.formation[me]],
                 ["Loot", v.loot[me] + (items ? " (" + items + ")" : "")], ["Time units left", v.time_units_left[me]]];
  if (v.dice_count) pairs.push(["Dice you roll", v.dice_count[me]]);  // a constant spell changes it (CM-13)
  for (const w of v.warnings || []) pairs.push(["Note", w]);  // a saved-cards file left out, and why
  facts(pairs, $("hand"));
  const groups = {};
  for (const a of s.actions) (groups[a.type] = groups[a.type] || []).push(a);
  const titles = { Book: "Cards in your spellbook", Form: "Formation", Spell: "Cast a spell", Dice: "Dice",
                   Choose: "Choose", Assist: "Assist", Exploit: "Exploit", Word: "Words", Discard: "Your loot" };
  for (const [type, actions] of Object.entries(groups)) {
    heading(titles[type] || words(type), $("actions"));
    if (type === "Spell") spellForm(s, actions, $("actions"));
    else if (type === "Dice") diceForm(s, actions, $("actions"));
    else actionList(actions, $("actions"));
  }
}

// A spell offered is told in the table's words (its label); a constant spell composed here, never offered,
// is told the same way from its fields.
function spellWords(a) {
  if (a.label) return a.label;
  const f = a.fields;
  return "Cost " + f.cost + ", " + plural(f.runes, "rune", "runes") + (f.bonus ? ", +" + f.bonus + " damage" : "")
    + f.resistance.map(([c, n]) => ", " + words(c) + " " + plural(n, "die", "dice")).join("");
}

const COLOURS = ["orange", "blue", "green", "purple"];  // the order a spell's resistances are written in
const upTo = (n, label) => Array.from({ length: n + 1 }, (_, i) => [i, label ? label(i) : String(i)]);

// A spell as a form: cost, runes and bonus within the listed spells' ranges, and what a CONSTANT spell sets
// each table colour's resistance to (CM-13; never listed, so its text is written here). The engine checks it.
function spellForm(s, spells, where) {
  const top = (k) => Math.max(...spells.map((a) => a.fields[k] || 0));
  const f = forms.spell = forms.spell || { cost: 0, runes: 0, bonus: 0, sets: {} };
  for (const k of ["cost", "runes", "bonus"]) f[k] = Math.min(f[k], top(k));
  const colours = COLOURS.filter((c) => (s.view.colors || []).includes(c));
  const composed = () => {
    const resistance = colours.filter((c) => f.sets[c] !== undefined).map((c) => [c, f.sets[c]]);
    const fields = { seat: s.seat, cost: f.cost, runes: f.runes, bonus: f.bonus, resistance };
    const listed = !resistance.length && spells.find((a) => ["cost", "runes", "bonus"].every((k) => (a.fields[k] || 0) === f[k]));
    return listed || { fields, text: "spell " + s.seat + " " + f.cost + " " + f.runes + (f.bonus ? " " + f.bonus : "")
                                        + resistance.map(([c, n]) => " " + c + "=" + n).join("") };
  };
  const box = el("div", "form");
  const cast = button("", () => send(composed(), "spell"), "primary");
  const show = () => { cast.textContent = "Cast: " + spellWords(composed()); };
  const number = (k, text, unit) => box.append(field(text, select(upTo(top(k), unit), f[k], (v) => { f[k] = +v; show(); }, text)));
  number("cost", "Cost", (n) => n + " time unit" + (n === 1 ? "" : "s"));
  number("runes", "Runes");
  if (top("bonus") > 0) number("bonus", "Bonus damage", (n) => "+" + n);  // a preparation spell adds none (X-10)
  box.append(el("div", "sub", "A constant spell sets"));
  const dice = (n) => n + (n === 1 ? " die" : " dice");
  for (const c of colours) {
    box.append(field(words(c), select([["", "as the card"], ...upTo(3, dice)], f.sets[c] === undefined ? "" : f.sets[c], (v) => {
      if (v === "") delete f.sets[c]; else f.sets[c] = +v;
      show();
    }, words(c) + " resistance")));
  }
  show();
  box.append(cast);
  where.append(box);
}

// Dice: the referee rolls them (the bare `dice SEAT`), or the player enters the faces the real dice show.
function diceForm(s, dice, where) {
  const bare = dice.find((a) => !a.fields.faces);
  if (bare) where.append(button(bare.label, () => send(bare), "big"));
  const typed = dice.filter((a) => a.fields.faces);
  if (!typed.length) return;
  const own = typed[0].fields.faces.length, chal = typed[0].fields.challenge ? typed[0].fields.challenge.length : 0;
  const shape = own + "/" + chal;
  if (!forms.dice || forms.dice.shape !== shape) forms.dice = { shape, own: Array(own).fill(""), chal: Array(chal).fill("") };
  const f = forms.dice;
  const box = el("div", "form");
  const enter = button("", () => send(composed(), "dice"), "primary");
  const sorted = (faces) => faces.map(Number).sort((a, b) => a - b);
  const composed = () => {
    const faces = sorted(f.own), challenge = typed[0].fields.challenge ? sorted(f.chal) : null;
    const same = (a, b) => a === b || (a && b && a.length === b.length && a.every((x, i) => x === b[i]));
    return typed.find((a) => same(a.fields.faces, faces) && same(a.fields.challenge, challenge))
      || { text: "dice " + s.seat + faces.map((x) => " " + x).join("") + (challenge ? " / " + challenge.join(" ") : "") };
  };
  const show = () => {
    const missing = [...f.own, ...f.chal].filter((x) => x === "").length;
    enter.disabled = missing > 0;
    enter.textContent = missing ? toChoose(missing, own + chal, "face")
      : "Enter " + sorted(f.own).join(" ") + (chal ? (own ? " / " : "/ ") + sorted(f.chal).join(" ") : "");
  };
  const faces = (list, title) => {
    box.append(el("div", "sub", title));
    const row = el("div", "faces");
    list.forEach((v, i) => row.append(select([["", "?"], ...upTo(6).slice(1)], v, (x) => { list[i] = x; show(); },
                                             title + " " + (i + 1))));
    box.append(row);
  };
  box.append(el("div", "sub", bare ? "Or enter the faces the dice show" : "Enter the faces the dice show"));
  if (own) faces(f.own, own === 1 ? "Your die" : "Your " + own + " dice");
  if (chal) faces(f.chal, chal === 1 ? "The challenge die" : "The " + chal + " challenge dice");
  show();
  box.append(enter);
  where.append(box);
}

const RENDERERS = { "legends-of-the-arena": legends, "time-runners": timeRunners, "chronomage": chronomage };

// -- joining by code ----------------------------------------------------------------------------------
function joinByCode() {
  $("join").hidden = false;
  $("join-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const answer = await fetch("/join", { method: "POST", headers: { "Content-Type": "application/json" },
                                         body: JSON.stringify({ code: $("code").value }) });
    const body = await answer.json();
    if (answer.ok) location.replace(body.url);
    else { $("join-error").hidden = false; $("join-error").textContent = body.error.reason; }
  });
}

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState !== "visible" || !token) return;
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ op: "sync" }));
  else { backoff = 500; connect(); }
});

$("log").addEventListener("toggle", () => { if ($("log").open) askLog(); });

if (token) connect(); else joinByCode();
