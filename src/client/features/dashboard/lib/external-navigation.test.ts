import { afterEach, describe, expect, it, vi } from 'vitest';
import { startExternalNavigation } from './external-navigation';

const STRIPE = 'https://checkout.stripe.com/c/pay/cs_test_1';

interface FakeTab {
  opener: unknown;
  closed: boolean;
  location: { href: string };
  close: () => void;
}

function fakeWindow(framed: boolean, tab: FakeTab | null) {
  const win = {
    location: { assign: vi.fn() },
    open: vi.fn(() => tab),
    self: undefined as unknown,
    top: undefined as unknown,
  };
  win.self = win;
  win.top = framed ? {} : win;
  vi.stubGlobal('window', win);
  return win;
}

function fakeTab(): FakeTab {
  const tab: FakeTab = { opener: 'app', closed: false, location: { href: 'about:blank' }, close: () => (tab.closed = true) };
  return tab;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('opening a payment page', () => {
  it('replaces the app in the top window when it is not framed', () => {
    const win = fakeWindow(false, null);
    const navigation = startExternalNavigation();
    expect(win.open).not.toHaveBeenCalled();
    navigation.go(STRIPE);
    expect(win.location.assign).toHaveBeenCalledWith(STRIPE);
  });

  it('inside a frame opens a tab during the click, without a way back to the app, and sends it on later', () => {
    const tab = fakeTab();
    const win = fakeWindow(true, tab);
    const navigation = startExternalNavigation();
    expect(win.open).toHaveBeenCalledTimes(1);
    expect(tab.opener).toBeNull();
    navigation.go(STRIPE);
    expect(tab.location.href).toBe(STRIPE);
    expect(win.location.assign).not.toHaveBeenCalled();
  });

  it('closes that tab again when the server refuses', () => {
    const tab = fakeTab();
    fakeWindow(true, tab);
    startExternalNavigation().cancel();
    expect(tab.closed).toBe(true);
  });

  it('falls back to a plain new tab when the early one was blocked', () => {
    const win = fakeWindow(true, null);
    startExternalNavigation().go(STRIPE);
    expect(win.open).toHaveBeenLastCalledWith(STRIPE, '_blank', 'noopener,noreferrer');
  });
});
