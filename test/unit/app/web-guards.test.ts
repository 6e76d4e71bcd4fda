import { describe, expect, it } from 'vitest';
import { parseWebArgs } from '../../../main/web/args';
import { isLoopbackHost, isOwnOrigin, parseRequestTarget, tokenMatches } from '../../../main/web/guards';
import { keyFileWarning } from '../../../main/web/key-file';
import { cookieValues } from '../../../main/web/web-sessions';
import { resolveUnder } from '../../../main/web/static-files';

describe('web runtime guards', () => {
  it('accepts only loopback Host headers on our port', () => {
    expect(isLoopbackHost('127.0.0.1:5000', 5000)).toBe(true);
    expect(isLoopbackHost('localhost:5000', 5000)).toBe(true);
    expect(isLoopbackHost('127.0.0.1:5001', 5000)).toBe(false);
    expect(isLoopbackHost('evil.example:5000', 5000)).toBe(false);
    expect(isLoopbackHost('127.0.0.1.evil.example:5000', 5000)).toBe(false);
    expect(isLoopbackHost('127.0.0.1', 5000)).toBe(false);
    expect(isLoopbackHost(undefined, 5000)).toBe(false);
  });

  it('accepts only our own origin for the socket', () => {
    expect(isOwnOrigin('http://127.0.0.1:5000', 5000)).toBe(true);
    expect(isOwnOrigin('http://127.0.0.1:5001', 5000)).toBe(false);
    expect(isOwnOrigin('https://127.0.0.1:5000', 5000)).toBe(false);
    expect(isOwnOrigin('http://evil.example:5000', 5000)).toBe(false);
    expect(isOwnOrigin('null', 5000)).toBe(false);
    expect(isOwnOrigin('http://127.0.0.1:5000/path', 5000)).toBe(false);
    expect(isOwnOrigin(undefined, 5000)).toBe(false);
  });

  it('compares the token exactly', () => {
    expect(tokenMatches('abc123', 'abc123')).toBe(true);
    expect(tokenMatches('abc124', 'abc123')).toBe(false);
    expect(tokenMatches('abc12', 'abc123')).toBe(false);
    expect(tokenMatches(null, 'abc123')).toBe(false);
    expect(tokenMatches('', 'abc123')).toBe(false);
  });

  it('parses only plain origin-form request targets', () => {
    expect(parseRequestTarget('/bridge?x=1')?.pathname).toBe('/bridge');
    for (const bad of [
      undefined,
      '',
      'http://[/',
      'http://127.0.0.1/',
      '//evil.example/x',
      '/\\evil.example/x',
      // Spellings the URL parser reads as `//127.0.0.1/x`: the same origin, yet a host in the path.
      '/\\127.0.0.1/x',
      '/\\127.0.0.1:80/index.html',
      '/\t/127.0.0.1/x',
      '/a\\b',
      '/x\u0000',
      '*',
      `/${'a'.repeat(9000)}`,
    ]) {
      expect(parseRequestTarget(bad)).toBeNull();
    }
  });

  it('reads cookies tolerantly', () => {
    expect(cookieValues('a=1; vc_cashier=abc; vc_cashier=def', 'vc_cashier')).toEqual(['abc', 'def']);
    expect(cookieValues(';;=;vc_cashier', 'vc_cashier')).toEqual([]);
    expect(cookieValues(undefined, 'vc_cashier')).toEqual([]);
  });

  it('warns about a key file other users can read', () => {
    expect(keyFileWarning('/k', 0o100600, 'linux')).toBeNull();
    expect(keyFileWarning('/k', 0o100400, 'linux')).toBeNull();
    expect(keyFileWarning('/k', 0o100640, 'linux')).toMatch(/other users \(mode 640\); run: chmod 600 \/k/);
    expect(keyFileWarning('/k', 0o100604, 'darwin')).toMatch(/mode 604/);
    expect(keyFileWarning('/k', 0o100666, 'win32')).toBeNull();
  });

  it('serves only files under the renderer folder', () => {
    expect(resolveUnder('/srv/app', '/')).toBe('/srv/app/index.html');
    expect(resolveUnder('/srv/app', '/assets/index.js')).toBe('/srv/app/assets/index.js');
    expect(resolveUnder('/srv/app', '/../etc/passwd')).toBeNull();
    expect(resolveUnder('/srv/app', '/%2e%2e/%2e%2e/etc/passwd')).toBeNull();
    expect(resolveUnder('/srv/app', '/a%00b')).toBeNull();
    expect(resolveUnder('/srv/app', '/%E0%A4%A')).toBeNull();
  });
});

describe('web runtime arguments', () => {
  it('parses the documented options with defaults', () => {
    expect(parseWebArgs([])).toEqual({
      newLink: null,
      venue: null,
      wsUrl: null,
      keyFile: null,
      dataDir: '.venue-data',
      port: 0,
      demoPaceMs: null,
      rendererDir: 'dist/renderer',
      freshDemo: false,
      forgetMonitors: false,
    });
    expect(parseWebArgs(['--fresh-demo'])).toMatchObject({ freshDemo: true });
    expect(parseWebArgs(['--forget-monitors'])).toMatchObject({ forgetMonitors: true, newLink: null });
    expect(() => parseWebArgs(['--forget-monitors', '--monitor-link'])).toThrow(/one of/);
    expect(() => parseWebArgs(['--link', '--monitor-link'])).toThrow(/one of/);
    expect(parseWebArgs(['--venue', 'https://venue.example/v1/', '--key-file', '/k', '--port', '8080'])).toMatchObject({
      venue: 'https://venue.example/v1',
      keyFile: '/k',
      port: 8080,
    });
  });

  it('refuses a key on the command line, unknown options and bad values', () => {
    expect(() => parseWebArgs(['--key', 'secret'])).toThrow(/--key-file/);
    expect(() => parseWebArgs(['--key=secret'])).toThrow(/--key-file/);
    expect(() => parseWebArgs(['--verbose'])).toThrow();
    expect(() => parseWebArgs(['--port', '99999'])).toThrow(/--port/);
    expect(() => parseWebArgs(['--venue', 'ftp://x'])).toThrow(/--venue/);
    expect(() => parseWebArgs(['--ws-url', 'wss://x/v1'])).toThrow(/needs --venue/);
    // The key travels with every request: plain http only to this machine.
    expect(() => parseWebArgs(['--venue', 'http://venue.example/v1'])).toThrow(/https/);
    expect(() => parseWebArgs(['--venue', 'https://venue.example/v1', '--ws-url', 'ws://venue.example/v1'])).toThrow(
      /wss/,
    );
    expect(parseWebArgs(['--venue', 'http://127.0.0.1:9/v1']).venue).toBe('http://127.0.0.1:9/v1');
    // An address that reads as one host and is another, or has a query or fragment in front of the app's paths.
    expect(() => parseWebArgs(['--venue', 'https://venue.example@evil.example/v1'])).toThrow(/--venue/);
    expect(() => parseWebArgs(['--venue', 'https://venue.example/v1#x'])).toThrow(/--venue/);
    expect(() =>
      parseWebArgs(['--venue', 'https://venue.example/v1', '--ws-url', 'wss://venue.example/v1?x=1']),
    ).toThrow(/--ws-url/);
  });
});
