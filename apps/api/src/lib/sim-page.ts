import type { FastifyPluginCallback } from 'fastify';
import { escapeHtml, htmlPage } from './html.ts';
import { COFFEE_MARKUP, COFFEE_SCRIPT, COFFEE_STYLE } from './sim-coffee-page.ts';

/** Where the device simulators' controls and page live, on the API and on the station process. */
export const SIM_DEVICES_PATH = '/api/dev/sim';

const STYLE = `body{background:#f3f5f7;font-size:16px;line-height:1.45}
main{max-width:32rem}
h1{margin:0 0 8px;font-size:22px}
h2{margin:24px 0 8px;font-size:18px}
.note{margin:0 0 16px;color:#47525c;font-size:14px}
.bar{display:grid;gap:12px;padding:16px;border-radius:16px;background:#fff;box-shadow:0 1px 3px #0002}
label{display:grid;gap:6px;min-width:0;font-size:14px;font-weight:600}
select,input{width:100%;min-width:0;min-height:48px;padding:10px 12px;border:1px solid #6b7680;border-radius:10px;font:inherit;background:#fff;color:inherit}
.list{display:grid;gap:12px;margin:0;padding:0;list-style:none}
.device{display:grid;gap:10px;padding:16px;border-radius:16px;background:#fff;box-shadow:0 1px 3px #0002}
.head{display:flex;flex-wrap:wrap;gap:8px;align-items:baseline;justify-content:space-between}
.name{font-weight:700}
.state{padding:2px 10px;border-radius:999px;background:#e3e8ec;font-size:14px;font-weight:600}
.state[data-state=fuelling],.state[data-state=washing],.state[data-state=countdown]{background:#0b6e69;color:#fff}
.state[data-state=authorised],.state[data-state=ready],.state[data-state=finished]{background:#d6efe9;color:#064a46}
.state[data-state=inactive],.state[data-state=fault],.state[data-state=offline],.state[data-state=stopped]{background:#fde4e1;color:#8a1c12}
.state[data-state=Charging]{background:#0b6e69;color:#fff}
.state[data-state=Preparing],.state[data-state=Finishing],.state[data-state=SuspendedEV],.state[data-state=SuspendedEVSE]{background:#d6efe9;color:#064a46}
.state[data-state=Faulted],.state[data-state=Unavailable],.state[data-state=Offline]{background:#fde4e1;color:#8a1c12}
.detail{margin:0;color:#47525c;font-size:14px;font-variant-numeric:tabular-nums}
.actions{display:grid;grid-template-columns:repeat(auto-fit,minmax(5.5rem,1fr));gap:8px}
button{min-height:44px;padding:6px 10px;border:1px solid #0b6e69;border-radius:12px;background:#fff;color:#0b6e69;font:inherit;font-size:15px;font-weight:600;cursor:pointer}
button.primary{border:0;background:#0b6e69;color:#fff}
.empty{margin:0;color:#47525c}
.message{min-height:1.5em;margin:12px 0 0;color:#b42318;font-weight:600}
${COFFEE_STYLE}`;

/** The page's behaviour, served as a file of its own: the CSP allows scripts from 'self' only. */
const SCRIPT = `'use strict';
(() => {
  const root = document.getElementById('sim');
  const base = root.dataset.base;
  const select = document.getElementById('station');
  const litres = document.getElementById('litres');
  const lists = {
    pump: document.getElementById('pumps'),
    bay: document.getElementById('bays'),
    charger: document.getElementById('chargers'),
  };
  const message = document.getElementById('message');
  const cards = new Map();
  const buttons = {
    pump: [['lift', 'Lift', true], ['hangup', 'Hang up'], ['fault', 'Fault'], ['offline', 'Offline'], ['online', 'Online']],
    bay: [['fault', 'Fault'], ['offline', 'Offline'], ['online', 'Online']],
    charger: [['plug', 'Plug in', true], ['unplug', 'Unplug'], ['fault', 'Fault'], ['unavailable', 'Unavailable'],
      ['offline', 'Offline'], ['online', 'Online'], ['tag', 'Present card']],
  };
  const names = { pump: 'Pump ', bay: 'Bay ' };
  const kr = (ore) => (ore / 100).toFixed(2).replace('.', ',') + ' kr';
  const litre = (ml) => (ml / 1000).toFixed(3).replace('.', ',') + ' L';
  const clock = (s) => Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0');
  const kwh = (wh) => (wh / 1000).toFixed(3).replace('.', ',') + ' kWh';
  const kw = (w) => (w / 1000).toFixed(1).replace('.', ',') + ' kW';
  const say = (text) => { message.textContent = text; };

  /** A charger's card is one connector: its number is the connector, its identity the charger. */
  function card(kind, number, identity) {
    const id = kind + ':' + (identity || '') + ':' + number;
    if (cards.has(id)) return cards.get(id);
    const item = document.createElement('li');
    item.className = 'device';
    const head = document.createElement('div');
    head.className = 'head';
    const name = document.createElement('span');
    name.className = 'name';
    name.textContent = kind === 'charger' ? identity + ' · connector ' + number : names[kind] + number;
    const state = document.createElement('span');
    state.className = 'state';
    head.append(name, state);
    const detail = document.createElement('p');
    detail.className = 'detail';
    const actions = document.createElement('div');
    actions.className = 'actions';
    for (const [action, label, primary] of buttons[kind]) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = label;
      if (primary) button.className = 'primary';
      button.dataset.kind = kind;
      button.dataset.number = String(number);
      if (identity) button.dataset.identity = identity;
      button.dataset.action = action;
      actions.append(button);
    }
    item.append(head, detail, actions);
    lists[kind].append(item);
    const parts = { state, detail };
    cards.set(id, parts);
    return parts;
  }

  function pumpText(p) {
    if (!p.reference) return 'No authorisation';
    return [p.grade, litre(p.volumeMl), kr(p.amount), 'limit ' + kr(p.limit), 'ref ' + p.reference]
      .filter(Boolean).join(' · ');
  }
  function bayText(b) {
    const parts = [b.programme, b.remainingSeconds === null ? null : clock(b.remainingSeconds) + ' left',
      b.reference ? 'ref ' + b.reference : null].filter(Boolean);
    return parts.length ? parts.join(' · ') : 'No programme';
  }
  function chargerText(charger, c) {
    return [charger.connected ? null : c.status + ', not connected', charger.protocol, kwh(c.energyWh), kw(c.powerW),
      c.soc === null ? null : 'SoC ' + c.soc + ' %', c.plugged ? 'car plugged in' : 'no car',
      c.transactionId ? 'tx ' + c.transactionId : null].filter(Boolean).join(' · ');
  }
  function show(kind, number, state, text, identity) {
    const parts = card(kind, number, identity);
    parts.state.textContent = state;
    parts.state.dataset.state = state;
    parts.detail.textContent = text;
  }
  const nothing = { pump: 'No pumps here.', bay: 'No wash bays here.', charger: 'No simulated chargers run.' };
  function empty(kind, count) {
    const none = lists[kind].querySelector('.empty');
    if (count > 0) { if (none) none.remove(); return; }
    if (!lists[kind].firstChild) {
      const item = document.createElement('li');
      item.className = 'empty';
      item.textContent = nothing[kind];
      lists[kind].append(item);
    }
  }

  async function refresh() {
    const shown = select.value;
    const url = shown ? base + '/state?stationId=' + encodeURIComponent(shown) : base + '/state';
    const res = await fetch(url);
    if (shown !== select.value) return;
    if (!res.ok) { say('Could not read the devices (' + res.status + ').'); return; }
    const state = await res.json();
    if (shown) {
      for (const p of state.pumps) show('pump', p.pump, p.state, pumpText(p));
      for (const b of state.bays) show('bay', b.bay, b.state, bayText(b));
      empty('pump', state.pumps.length);
      empty('bay', state.bays.length);
    }
    // The coffee machine panel listens: it has a script of its own, below.
    root.dispatchEvent(new CustomEvent('sim:state', { detail: state }));
    for (const charger of state.chargers)
      for (const c of charger.connectors)
        show('charger', c.connectorId, charger.connected ? c.status : 'Offline', chargerText(charger, c), charger.identity);
    empty('charger', state.chargers.length);
  }

  function choose() {
    for (const id of [...cards.keys()]) if (!id.startsWith('charger:')) cards.delete(id);
    lists.pump.replaceChildren();
    lists.bay.replaceChildren();
    say('');
    const url = new URL(location.href);
    url.searchParams.set('stationId', select.value);
    history.replaceState(null, '', url);
    refresh().catch(() => say('Could not read the devices.'));
  }

  function request(kind, number, action, identity) {
    if (kind === 'charger') return ['/chargers', { identity, connectorId: Number(number), action }];
    const body = { stationId: Number(select.value), action };
    body[kind === 'pump' ? 'pumpNumber' : 'bayNumber'] = Number(number);
    if (action === 'lift' && litres.value.trim() !== '') body.litres = Number(litres.value.replace(',', '.'));
    return [kind === 'pump' ? '/pumps' : '/bays', body];
  }

  async function act(button) {
    const { kind, number, action, identity } = button.dataset;
    const [path, body] = request(kind, number, action, identity);
    button.disabled = true;
    try {
      const res = await fetch(base + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = await res.json().catch(() => ({}));
      if (!res.ok) {
        const fields = answer.fieldErrors ? ' ' + Object.entries(answer.fieldErrors).map((e) => e.join(': ')).join(', ') : '';
        say((answer.message || 'Refused (' + res.status + ').') + fields);
      } else say('');
    } finally {
      button.disabled = false;
      await refresh().catch(() => undefined);
    }
  }

  root.addEventListener('click', (event) => {
    const button = event.target.closest('button[data-action]');
    if (button) act(button).catch(() => say('The request failed.'));
  });
  select.addEventListener('change', choose);

  (async () => {
    const res = await fetch(root.dataset.stations);
    const { items } = await res.json();
    const wanted = new URL(location.href).searchParams.get('stationId');
    for (const s of items) {
      if (s.pumps.length === 0 && s.carwashBays.length === 0 && !s.services.includes('food')) continue;
      const option = document.createElement('option');
      option.value = String(s.id);
      option.textContent = s.name + ' (' + s.tokheim_station_id + ')';
      select.append(option);
    }
    if (wanted && [...select.options].some((o) => o.value === wanted)) select.value = wanted;
    if (select.value) choose();
    else say('No station has pumps, bays or a kitchen.');
  })().catch(() => say('Could not read the stations.'));
  // The chargers need no station: they are read from the start, whatever the stations say.
  refresh().catch(() => say('Could not read the devices.'));
  setInterval(() => { refresh().catch(() => say('Could not read the devices.')); }, 1000);
})();
${COFFEE_SCRIPT}`;

/** The simulator page: a person playing the customer at the station presses the buttons. */
function page(base: string, { stationsUrl, beveragesUrl }: SimPageOptions) {
  return htmlPage({
    lang: 'en',
    title: 'Device simulator',
    style: STYLE,
    body: `<div id="sim" data-base="${escapeHtml(base)}" data-stations="${escapeHtml(stationsUrl)}" data-beverages="${escapeHtml(beveragesUrl)}">
<h1>Device simulator</h1>
<p class="note">Development only. Play the customer at the pumps, the wash bays, the coffee machine and the chargers: the app sees what a real forecourt, wash controller, coffee machine or charger would report.</p>
<div class="bar">
<label>Station<select id="station"></select></label>
<label>Litres to stop at on the next lift (optional)<input id="litres" inputmode="decimal" autocomplete="off" placeholder="20"></label>
</div>
<p class="message" id="message" role="status" aria-live="polite"></p>
<h2>Pumps</h2>
<ul class="list" id="pumps"></ul>
<h2>Wash bays</h2>
<ul class="list" id="bays"></ul>
${COFFEE_MARKUP}
<h2>Chargers</h2>
<p class="note">The chargers speak OCPP to the API over their own connections. Plug in, then unplug, clears a faulted or unavailable connector; offline and online act on the whole charger. Present card shows the demo user's provider card: it starts a charge billed to them once a car is plugged in, and stops it when shown again.</p>
<ul class="list" id="chargers"></ul>
</div>
<script src="${escapeHtml(base)}/page.js" defer></script>`,
  });
}

export interface SimPageOptions {
  /** Where the page reads the stations to choose from. */
  stationsUrl: string;
  /** Where the coffee machine panel reads the drinks. */
  beveragesUrl: string;
}

/** Serves the simulator page and its script under the prefix it is registered with. */
export const simPage: FastifyPluginCallback<SimPageOptions> = (app, options, done) => {
  const base = app.prefix;
  const html = page(base, options);
  app.get('/', { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html),
  );
  app.get('/page.js', { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(SCRIPT),
  );
  done();
};
