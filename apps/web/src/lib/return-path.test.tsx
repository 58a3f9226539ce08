// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { loginPathFor, paths, registerPathFor } from './paths.ts';
import { forgetReturnPath, keepReturnPath, returnPathAfterRegistration } from './return-path.ts';

const invitation = `${paths.installations}?invitation=a1&token=t%2B1`;

describe('the way back after sign-in or registration', () => {
  it('keeps the path with its query through login and registration links', () => {
    const login = new URL(loginPathFor(invitation), 'http://app.test');
    expect(login.searchParams.get('redirect')).toBe(invitation);
    const register = new URL(
      registerPathFor(login.searchParams.get('redirect')),
      'http://app.test',
    );
    expect(register.pathname).toBe(paths.register);
    expect(register.searchParams.get('redirect')).toBe(invitation);
  });

  it('registers plainly when there is nowhere to go back to, or somewhere unsafe', () => {
    expect(registerPathFor(null)).toBe(paths.register);
    expect(registerPathFor(paths.home)).toBe(paths.register);
    expect(registerPathFor('//evil.example/x')).toBe(paths.register);
    expect(registerPathFor('https://evil.example')).toBe(paths.register);
  });

  it('ends registration where the guest was going, once', () => {
    expect(returnPathAfterRegistration()).toBe(paths.home);
    keepReturnPath(invitation);
    expect(returnPathAfterRegistration()).toBe(invitation);
    forgetReturnPath();
    expect(returnPathAfterRegistration()).toBe(paths.home);
    keepReturnPath('//evil.example');
    expect(returnPathAfterRegistration()).toBe(paths.home);
  });
});
