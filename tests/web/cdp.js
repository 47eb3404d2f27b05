// cdp.js - a minimal Chrome DevTools Protocol client for the browser test:
// starts headless Chromium with --remote-debugging-pipe (the protocol over
// file descriptors 3 and 4, NUL-separated JSON), so that it needs neither
// npm packages nor a WebSocket client nor a free port.
'use strict';
const { spawn } = require('child_process');

class Browser {
  constructor(chromium, userDir) {
    this.proc = spawn(chromium, [
      '--headless=new', '--remote-debugging-pipe', '--no-sandbox',
      '--disable-gpu', '--no-first-run', '--no-default-browser-check',
      '--disable-extensions', '--disable-background-networking',
      '--window-size=1000,900', `--user-data-dir=${userDir}`, 'about:blank',
    ], { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
    this.stderr = '';
    this.proc.stderr.on('data', (d) => { this.stderr += d; });
    this.out = this.proc.stdio[3];
    this.in = this.proc.stdio[4];
    this.nextId = 1;
    this.waiting = new Map();
    this.listeners = [];
    let buf = Buffer.alloc(0);
    this.in.on('data', (chunk) => {
      buf = Buffer.concat([buf, chunk]);
      let end;
      while ((end = buf.indexOf(0)) >= 0) {
        const msg = JSON.parse(buf.subarray(0, end).toString());
        buf = buf.subarray(end + 1);
        this.dispatch(msg);
      }
    });
  }

  dispatch(msg) {
    if (msg.id && this.waiting.has(msg.id)) {
      const { resolve, reject, method } = this.waiting.get(msg.id);
      this.waiting.delete(msg.id);
      if (msg.error) reject(new Error(`${method}: ${msg.error.message}`));
      else resolve(msg.result);
    } else if (msg.method) {
      for (const l of this.listeners) l(msg);
    }
  }

  send(method, params = {}, sessionId) {
    const id = this.nextId++;
    const msg = { id, method, params };
    if (sessionId) msg.sessionId = sessionId;
    this.out.write(JSON.stringify(msg) + '\0');
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, method });
    });
  }

  // A page (tab) to drive: its own session.
  async page() {
    const { targetId } = await this.send('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await this.send('Target.attachToTarget', { targetId, flatten: true });
    const page = new Page(this, sessionId);
    await page.send('Page.enable');
    await page.send('Runtime.enable');
    return page;
  }

  close() {
    this.proc.kill();
  }
}

class Page {
  constructor(browser, sessionId) {
    this.browser = browser;
    this.sessionId = sessionId;
    this.console = [];
    browser.listeners.push((msg) => {
      if (msg.sessionId !== sessionId) return;
      if (msg.method === 'Runtime.consoleAPICalled')
        this.console.push(msg.params.args.map((a) => a.value).join(' '));
      if (msg.method === 'Runtime.exceptionThrown')
        this.console.push('exception: ' + JSON.stringify(msg.params.exceptionDetails));
    });
  }

  send(method, params) {
    return this.browser.send(method, params, this.sessionId);
  }

  // The value of a JavaScript expression in the page (awaited).
  async eval(expr) {
    const r = await this.send('Runtime.evaluate', {
      expression: expr, awaitPromise: true, returnByValue: true });
    if (r.exceptionDetails)
      throw new Error(`${expr}: ${JSON.stringify(r.exceptionDetails)}`);
    return r.result.value;
  }

  // Waits until expr is truthy; returns its value.
  async waitFor(expr, ms = 20000) {
    const t0 = Date.now();
    for (;;) {
      const v = await this.eval(expr);
      if (v) return v;
      if (Date.now() - t0 > ms) throw new Error(`timed out waiting for ${expr}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  // A real mouse click (pressed and released) at the centre of the
  // element that selector finds.
  async click(selector) {
    const box = await this.eval(`(() => {
      const e = document.querySelector(${JSON.stringify(selector)});
      if (!e) return null;
      const r = e.getBoundingClientRect();
      return [r.left + r.width / 2, r.top + r.height / 2];
    })()`);
    if (!box) throw new Error(`no element ${selector}`);
    const [x, y] = box;
    for (const type of ['mousePressed', 'mouseReleased'])
      await this.send('Input.dispatchMouseEvent',
        { type, x, y, button: 'left', clickCount: 1 });
  }

  // A tap with one finger at the centre of the element that selector
  // finds, as a touch screen makes it (touch events, then the click the
  // browser makes of them); touch emulation must be on.
  async tap(selector) {
    const [x, y] = await this.centre(selector);
    await this.send('Input.synthesizeTapGesture',
      { x, y, duration: 50, tapCount: 1, gestureSourceType: 'touch' });
  }

  // A touch pressed at the centre of the element, then `between` (an
  // expression) run in the page, then the touch released: what a finger
  // meets when the page redraws during a tap.
  async touchAround(selector, between) {
    const [x, y] = await this.centre(selector);
    await this.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    await this.eval(between);
    await this.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }

  async centre(selector) {
    const box = await this.eval(`(() => {
      const e = document.querySelector(${JSON.stringify(selector)});
      if (!e) return null;
      e.scrollIntoView({ block: 'center' });
      const r = e.getBoundingClientRect();
      return [r.left + r.width / 2, r.top + r.height / 2];
    })()`);
    if (!box) throw new Error(`no element ${selector}`);
    return box;
  }

  async screenshot() {
    const { data } = await this.send('Page.captureScreenshot', { format: 'png' });
    return Buffer.from(data, 'base64');
  }
}

module.exports = { Browser };
