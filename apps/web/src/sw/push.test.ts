import { describe, expect, it } from 'vitest';
import { notificationTarget, parsePushMessage, pickWindow } from './push.ts';

const origin = 'https://app.example';

describe('a push message', () => {
  it('reads the contract', () => {
    const data = JSON.stringify({
      title: 'Kvittan',
      body: 'Tankingin er liðug.',
      url: '/profile/receipts/7',
      tag: 'receipt-7',
      kind: 'receipts',
    });
    expect(parsePushMessage(data, 'Støð')).toEqual({
      title: 'Kvittan',
      body: 'Tankingin er liðug.',
      url: '/profile/receipts/7',
      tag: 'receipt-7',
      kind: 'receipts',
    });
  });

  it('leaves out a missing tag and kind', () => {
    const message = parsePushMessage(JSON.stringify({ title: 'T', body: 'B', url: '/home' }), '');
    expect(message).toEqual({ title: 'T', body: 'B', url: '/home' });
  });

  it('still gives a notification for a payload that is not the contract', () => {
    const fallback = { title: 'Støð', body: '', url: '/' };
    expect(parsePushMessage(null, 'Støð')).toEqual(fallback);
    expect(parsePushMessage('not json', 'Støð')).toEqual(fallback);
    expect(parsePushMessage('[1,2]', 'Støð')).toEqual(fallback);
    expect(parsePushMessage('"text"', 'Støð')).toEqual(fallback);
    expect(
      parsePushMessage(JSON.stringify({ title: ' ', body: 3, url: 7, tag: 1 }), 'Støð'),
    ).toEqual(fallback);
  });
});

describe('where a tap leads', () => {
  it('opens paths and full URLs on the app’s origin', () => {
    expect(notificationTarget('/profile/receipts/7', origin)).toBe(`${origin}/profile/receipts/7`);
    expect(notificationTarget(`${origin}/home?x=1#y`, origin)).toBe(`${origin}/home?x=1#y`);
    expect(notificationTarget('home', origin)).toBe(`${origin}/home`);
  });

  it('never leads to another site', () => {
    for (const url of [
      'https://evil.example/home',
      '//evil.example/home',
      'javascript:alert(1)',
      'http://app.example/home',
      'https://app.example:444/home',
    ]) {
      expect(notificationTarget(url, origin), url).toBe(`${origin}/`);
    }
  });

  it('falls back to the start page without a URL', () => {
    expect(notificationTarget(undefined, origin)).toBe(`${origin}/`);
    expect(notificationTarget('', origin)).toBe(`${origin}/`);
    expect(notificationTarget(42, origin)).toBe(`${origin}/`);
  });
});

describe('the window a tap reuses', () => {
  const win = (url: string, focused = false, visibilityState = 'hidden') => ({
    url,
    focused,
    visibilityState,
  });

  it('prefers the focused app window, then a visible one, then any', () => {
    const hidden = win(`${origin}/home`);
    const visible = win(`${origin}/profile`, false, 'visible');
    const focused = win(`${origin}/stations`, true, 'visible');
    expect(pickWindow([hidden, visible, focused], origin)).toBe(focused);
    expect(pickWindow([hidden, visible], origin)).toBe(visible);
    expect(pickWindow([hidden], origin)).toBe(hidden);
  });

  it('never takes a window of another origin', () => {
    expect(pickWindow([win('https://evil.example/', true, 'visible')], origin)).toBeNull();
    expect(pickWindow([], origin)).toBeNull();
  });
});
