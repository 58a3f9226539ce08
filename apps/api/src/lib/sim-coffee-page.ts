/** The side of a drink's QR code on the simulator page, in pixels. */
export const QR_SIZE = 288;

/** The coffee machine panel of the simulator page: its style, markup and script. */

export const COFFEE_STYLE = `.state[data-state="awaiting payment"],.state[data-state=done]{background:#d6efe9;color:#064a46}
.state[data-state=pouring]{background:#0b6e69;color:#fff}
.state[data-state="out of order"],.state[data-state=offline]{background:#fde4e1;color:#8a1c12}
.code{display:grid;justify-items:center;gap:8px;margin:0}
.code img{display:block;width:100%;max-width:${String(QR_SIZE)}px;height:auto;aspect-ratio:1;border:1px solid #e3e8ec;background:#fff}
.code figcaption{display:grid;justify-items:center;gap:8px;text-align:center}
.code a{color:#0b6e69;font-size:14px;word-break:break-all}
.left{font-weight:700;font-variant-numeric:tabular-nums}
.typed{font:700 28px/1 ui-monospace,monospace;letter-spacing:.12em;color:#0f172a}
#drinks{display:flex;flex-wrap:wrap;gap:8px}
#drinks button{flex:1 1 9.5rem;overflow-wrap:normal}`;

export const COFFEE_MARKUP = `<h2>Coffee machine</h2>
<section id="coffee" class="bar" aria-labelledby="coffee-drinks" hidden>
<p class="note" id="coffee-drinks">Choose a drink as the customer does on the machine: it shows the drink's QR code, which a phone (or a test) scans. The code pours once and expires on its own. A machine can be out of order, or lose its connection to the app.</p>
<div class="actions" id="drinks"></div>
<ul class="list" id="machines"></ul>
</section>
<p class="empty" id="no-coffee" hidden>No coffee machine at this station.</p>`;

/** Runs after the page's own script, which tells it each state it reads (`sim:state`). */
export const COFFEE_SCRIPT = `(() => {
  const root = document.getElementById('sim');
  const base = root.dataset.base;
  const select = document.getElementById('station');
  const panel = document.getElementById('coffee');
  const none = document.getElementById('no-coffee');
  const drinks = document.getElementById('drinks');
  const list = document.getElementById('machines');
  const message = document.getElementById('message');
  const cards = new Map();
  const say = (text) => { message.textContent = text; };
  const kr = (ore) => (ore / 100).toFixed(2).replace('.', ',') + ' kr';
  const element = (tag, className, text) => {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text) node.textContent = text;
    return node;
  };

  function card(m) {
    if (cards.has(m.machineId)) return cards.get(m.machineId);
    const item = element('li', 'device');
    item.dataset.machine = m.machineId;
    const head = element('div', 'head');
    const state = element('span', 'state');
    head.append(element('span', 'name', m.name), state);
    const detail = element('p', 'detail');
    const code = element('figure', 'code');
    code.hidden = true;
    const img = element('img');
    img.width = ${String(QR_SIZE)};
    img.height = ${String(QR_SIZE)};
    img.alt = 'QR code of the drink';
    const caption = element('figcaption');
    const typed = element('span', 'typed');
    typed.dataset.coffee = 'typed-code';
    const link = element('a');
    link.target = '_blank';
    link.rel = 'noopener';
    const left = element('span', 'left');
    const copy = element('button', null, 'Copy link');
    copy.type = 'button';
    copy.dataset.coffee = 'copy';
    caption.append(typed, link, left, copy);
    code.append(img, caption);
    const actions = element('div', 'actions');
    const order = element('button');
    order.type = 'button';
    order.dataset.coffee = 'order';
    order.dataset.machine = m.machineId;
    const link2 = element('button');
    link2.type = 'button';
    link2.dataset.coffee = 'connection';
    link2.dataset.machine = m.machineId;
    actions.append(order, link2);
    item.append(head, detail, code, actions);
    list.append(item);
    const parts = { state, detail, code, img, typed, link, left, copy, order, connection: link2, last: null, note: '' };
    cards.set(m.machineId, parts);
    return parts;
  }

  function detailOf(m, parts) {
    const drink = m.drink || 'The drink';
    if (m.state === 'awaiting payment')
      return drink + ': waiting for the code to be used' + (m.fillState === 'paying' ? ' (a payment is under way)' : '') + '.';
    if (m.state === 'pouring') return 'Code used: pouring ' + (m.drink || 'the drink') + '.';
    if (m.state === 'done') return 'Code used: ' + drink + ' is ready.';
    if (m.state === 'out of order') return 'Out of order: shows no code and pours nothing.';
    if (parts.last === 'awaiting payment') parts.note = 'The code expired or was dropped.';
    else if (parts.last === 'pouring' || parts.last === 'done') parts.note = 'The cup was taken.';
    return parts.note || 'Waiting for a drink to be chosen.';
  }

  function render(m) {
    const parts = card(m);
    parts.state.textContent = m.online ? m.state : 'offline';
    parts.state.dataset.state = m.online ? m.state : 'offline';
    parts.detail.textContent = detailOf(m, parts) + (m.online ? '' : ' No connection: the app cannot reach it, and a cup already pouring goes on.');
    parts.last = m.state;
    if (m.url) {
      if (parts.img.dataset.text !== m.url) {
        parts.img.dataset.text = m.url;
        parts.img.src = base + '/qr?text=' + encodeURIComponent(m.url);
        parts.link.href = m.url;
        parts.link.textContent = m.url;
        parts.copy.dataset.url = m.url;
      }
      parts.left.textContent = m.secondsLeft === null ? '' : m.secondsLeft + ' s left';
      // The code printed under the QR code, for a phone without a camera.
      parts.typed.textContent = m.typedCode || '';
    }
    parts.code.hidden = !m.url;
    const out = m.state === 'out of order';
    parts.order.textContent = out ? 'Back in order' : 'Out of order';
    parts.order.className = out ? 'primary' : '';
    parts.order.dataset.out = String(!out);
    parts.connection.textContent = m.online ? 'Lose connection' : 'Reconnect';
    parts.connection.className = m.online ? '' : 'primary';
    parts.connection.dataset.online = String(!m.online);
  }

  root.addEventListener('sim:state', (event) => {
    const { station, machines } = event.detail;
    if (!station || String(station.id) !== select.value) return;
    panel.hidden = machines.length === 0;
    none.hidden = machines.length > 0;
    const seen = new Set(machines.map((m) => m.machineId));
    for (const [id] of cards) if (!seen.has(id)) { cards.delete(id); list.querySelector('[data-machine="' + id + '"]')?.remove(); }
    for (const m of machines) render(m);
  });
  select.addEventListener('change', () => {
    cards.clear();
    list.replaceChildren();
    panel.hidden = true;
    none.hidden = true;
  });

  async function post(path, body) {
    const res = await fetch(base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = await res.json().catch(() => ({}));
    if (!res.ok) {
      say((answer.message || 'Refused (' + res.status + ').'));
      return null;
    }
    say('');
    return answer;
  }

  async function choose(button) {
    const code = await post('/beverage-machines', { stationId: Number(select.value), beverageFamily: button.dataset.drink });
    if (!code) return;
    const parts = cards.get(code.installationId);
    if (parts && (parts.last === 'out of order' || parts.last === 'pouring'))
      say('The machine is ' + parts.last + ': it shows no new code.');
  }

  async function order(button) {
    const answer = await post('/beverage-machines/out-of-order', {
      stationId: Number(select.value), machineId: button.dataset.machine, outOfOrder: button.dataset.out === 'true',
    });
    if (answer) render(answer.machine);
  }

  async function connection(button) {
    const answer = await post('/beverage-machines/connection', {
      stationId: Number(select.value), machineId: button.dataset.machine, online: button.dataset.online === 'true',
    });
    if (answer) render(answer.machine);
  }

  async function copy(button) {
    try {
      await navigator.clipboard.writeText(button.dataset.url);
      say('Link copied.');
    } catch {
      say('Could not copy: select the link and copy it.');
    }
  }

  panel.addEventListener('click', (event) => {
    const button = event.target.closest('button');
    if (!button || button.disabled) return;
    const run = button.dataset.drink ? choose : ({ order, connection, copy })[button.dataset.coffee];
    if (!run) return;
    button.disabled = true;
    run(button).catch(() => say('The request failed.')).finally(() => { button.disabled = false; });
  });

  (async () => {
    const res = await fetch(root.dataset.beverages);
    const { items } = await res.json();
    for (const drink of items) {
      const button = element('button', 'primary', drink.name + ' · ' + kr(drink.price));
      button.type = 'button';
      button.dataset.drink = drink.beverage_family;
      drinks.append(button);
    }
  })().catch(() => say('Could not read the drinks.'));
})();
`;
