/**
 * A wrong --page-url says which URL failed and why (the socket's own reason, not "fetch failed"),
 * and the host goes on with the default PeerServer address; a page that does not answer is asked
 * again (it may come up after the host), one that answers with something else is not.
 */
import { describe, expect, it } from 'vitest';
import { pageSignaling, whyFailed, type FetchLike } from '../../../src/dedicated/page-config';

const refused: FetchLike = () =>
  Promise.reject(
    Object.assign(new TypeError('fetch failed'), { cause: new Error('connect ECONNREFUSED 127.0.0.1:8080') }),
  );

describe('pageSignaling', () => {
  it("names the URL it could not read and the network's reason, then uses the defaults until the page answers", async () => {
    const lines: string[] = [];
    const r = await pageSignaling(new URL('http://127.0.0.1:8080/'), (l) => lines.push(l), refused);
    expect(lines).toEqual([
      '--page-url http://127.0.0.1:8080/: could not read http://127.0.0.1:8080/rewind-config.json (connect ECONNREFUSED 127.0.0.1:8080); using the PeerServer at http://127.0.0.1:9000/peerjs until the page answers',
    ]);
    expect(r.answered).toBe(false);
    expect(r.options).toMatchObject({ host: '127.0.0.1', port: 9000, path: '/peerjs' });
    const quiet: string[] = [];
    await pageSignaling(new URL('http://127.0.0.1:8080/'), (l) => quiet.push(l), refused, true);
    expect(quiet).toEqual([]);
  });

  it('says a page that answers with something else is probably not the game page', async () => {
    const lines: string[] = [];
    const notFound: FetchLike = () => Promise.resolve({ ok: false, status: 404, json: () => Promise.resolve({}) });
    const r = await pageSignaling(
      new URL('http://example.test/game/?peer=peers.example.test:443/p'),
      (l) => lines.push(l),
      notFound,
    );
    expect(lines[0]).toBe(
      '--page-url http://example.test/game/?peer=peers.example.test:443/p: could not read http://example.test/rewind-config.json (it answered HTTP 404; is --page-url the game page?); using the PeerServer at http://peers.example.test:443/p',
    );
    expect(r).toMatchObject({ answered: true, options: { host: 'peers.example.test', port: 443, path: '/p' } });
  });

  it("uses the page's config when it reads", async () => {
    const ok: FetchLike = () =>
      Promise.resolve({
        ok: true,
        status: 200,
        json: () =>
          Promise.resolve({ peer: { host: '', port: 0, path: '/peerjs', key: 'k', secure: false }, iceServers: [] }),
      });
    const lines: string[] = [];
    const r = await pageSignaling(new URL('http://127.0.0.1:8080/'), (l) => lines.push(l), ok);
    expect(lines).toEqual([]);
    expect(r).toMatchObject({ answered: true, options: { host: '127.0.0.1', port: 8080, key: 'k' } });
  });

  it('turns a timeout into words', () => {
    expect(whyFailed(new DOMException('The operation was aborted due to timeout', 'TimeoutError'))).toBe(
      'no answer in 5 s',
    );
  });
});
