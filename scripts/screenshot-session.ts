/**
 * The README screenshots that need a real lobby (called by scripts/screenshots.ts): three players
 * over real WebRTC through the project's own PeerServer, in real Chromium, through the real UI.
 *  - lobby.png: the host's lobby (1280×720): the link, "Copy link" and its QR code, the players
 *    (one of them on a phone), the match settings with three bots added;
 *  - phone.png: a touch-emulated phone in landscape (844×390, isMobile, hasTouch) that joined by
 *    the link with taps, in the match, both thumbs down (real CDP touch events): the move stick
 *    pushed, the aim stick held toward the nearest enemy (so it fires);
 *  - end-screen.png: the host's end screen (winner, ranking, awards, "Start next match") after the
 *    match ran to its frag or time limit with the bots doing most of the fragging.
 * Inputs: a launched browser, the page's base URL (served with /rewind-config.json pointing at the
 * PeerServer), the output folder. The third player renders nothing (`render=0`) to spare the CPU.
 */
import type { Browser, CDPSession, Page } from 'playwright-core';
import { createLobby, joinByLink, waitIn, withParams } from '../test/e2e/browser';

const DESKTOP = { width: 1280, height: 720 };
const PHONE = { width: 844, height: 390 };
/** Where the thumbs land (CSS pixels of the landscape phone) and how far they push. */
const MOVE_THUMB = { x: 120, y: PHONE.height - 110, id: 1 };
const AIM_THUMB = { x: PHONE.width - 150, y: PHONE.height - 120, id: 2 };
const PUSH = 55;

type TouchPoint = { x: number; y: number; id: number };
const touch = (
  cdp: CDPSession,
  type: 'touchStart' | 'touchMove' | 'touchEnd',
  points: TouchPoint[],
): Promise<unknown> =>
  cdp.send('Input.dispatchTouchEvent', {
    type,
    touchPoints: points.map((p) => ({ ...p, radiusX: 6, radiusY: 6, force: 1 })),
  });

/** What a page shows (phase, match phase, frames), for the message when a wait times out. */
function pageState(page: Page): Promise<string> {
  return page
    .evaluate(() =>
      JSON.stringify({
        phase: window.rewind.phase,
        match: window.rewind.view()?.match?.phase,
        frames: window.rewindGame?.info().frames,
        alive: window.rewind.view()?.local?.state.alive,
      }),
    )
    .catch((e: unknown) => String(e));
}

/** Waits until `predicate` holds in the page; on a timeout, says what the page showed. */
async function waitOrSay<A>(
  page: Page,
  what: string,
  predicate: (arg: A) => boolean,
  arg: A,
  timeout: number,
): Promise<void> {
  try {
    await waitIn(page, predicate, arg, timeout);
  } catch (err) {
    throw new Error(`${what}: ${(err as Error).message}; the page showed ${await pageState(page)}`);
  }
}

/** Waits until the page plays the match (warm-up or live, its player alive) and has drawn a few frames. */
async function waitForPlay(page: Page): Promise<void> {
  await waitOrSay(
    page,
    'the phone never played',
    () => {
      const v = window.rewind.view();
      const phase = v?.match?.phase ?? 0;
      return (phase === 1 || phase === 2) && !!v?.local?.state.alive && (window.rewindGame?.info().frames ?? 0) > 10;
    },
    undefined,
    120_000,
  );
}

/** The unit direction from the page's own player to the nearest living enemy it draws (or right). */
function towardNearest(page: Page): Promise<{ x: number; y: number }> {
  return page.evaluate(() => {
    const v = window.rewind.view();
    const me = v?.local?.state;
    let best = { x: 1, y: 0, d: Infinity };
    for (const r of v?.remotes ?? []) {
      const d = me ? Math.hypot(r.x - me.x, r.y - me.y) : Infinity;
      if (me && r.alive && d < best.d && d > 0) best = { x: (r.x - me.x) / d, y: (r.y - me.y) / d, d };
    }
    return { x: best.x, y: best.y };
  });
}

/**
 * Host: sets the rules in the lobby form (warrens, deathmatch, frag limit 15, 1 minute) and adds
 * three bots. Warrens' corridors give the phone a few seconds between deaths for its shot.
 */
async function setUpMatch(host: Page): Promise<void> {
  await host.selectOption('#match-map', { label: 'warrens' });
  await host.fill('#frag-limit', '15');
  await host.fill('#time-limit', '1');
  for (let i = 0; i < 3; i++) await host.click('#add-bot');
  await host.waitForFunction(() => document.getElementById('bot-count')?.textContent === 'Bots: 3');
}

/** The page's player is alive in a match that is still on (warm-up or live): the picture of a phone playing. */
const isPlaying = (): boolean => {
  const v = window.rewind.view();
  const phase = v?.match?.phase ?? 0;
  return !!v?.local?.state.alive && (phase === 1 || phase === 2);
};

/**
 * The phone's shot, taken again (up to 5 times) if the phone's player was killed around it or the
 * match ended meanwhile: the bots are good shots, and "You were killed" or the end screen is not the
 * picture of a phone playing.
 */
async function phoneShotAlive(phone: Page, cdp: CDPSession, path: string): Promise<void> {
  for (let attempt = 1; attempt <= 5; attempt++) {
    await waitForPlay(phone);
    if ((await phoneShot(phone, cdp, path)) && (await phone.evaluate(isPlaying))) return;
    console.log(`the phone's player was dead (or the match over) at shot ${attempt}; taking it again`);
  }
}

/** The phone's shot: both thumbs held (the sticks lit), aiming at the nearest enemy, firing. False: its player was dead or the match over, no shot. */
async function phoneShot(phone: Page, cdp: CDPSession, path: string): Promise<boolean> {
  const aim = await towardNearest(phone);
  const moved = { ...MOVE_THUMB, x: MOVE_THUMB.x + PUSH * 0.7, y: MOVE_THUMB.y - PUSH * 0.7 };
  const aimed = { ...AIM_THUMB, x: AIM_THUMB.x + aim.x * PUSH, y: AIM_THUMB.y + aim.y * PUSH };
  await touch(cdp, 'touchStart', [MOVE_THUMB]);
  await touch(cdp, 'touchMove', [moved]);
  await touch(cdp, 'touchStart', [moved, AIM_THUMB]);
  await touch(cdp, 'touchMove', [moved, aimed]);
  await waitOrSay(
    phone,
    'the phone never fired',
    () => ((window.rewindGame?.info().input?.buttons ?? 0) & 1) === 1,
    undefined,
    20_000,
  );
  const frames = await phone.evaluate(() => window.rewindGame?.info().frames ?? 0);
  await waitOrSay(
    phone,
    'the phone stopped drawing',
    (f) => (window.rewindGame?.info().frames ?? 0) > f + 3,
    frames,
    30_000,
  );
  const playing = await phone.evaluate(isPlaying);
  if (playing) await phone.screenshot({ path, scale: 'css' });
  await touch(cdp, 'touchEnd', []);
  return playing;
}

/**
 * The page's centred column (`selector`, a 40 rem section) with a margin, from the top to below its
 * end: the shot leaves out the empty sides and bottom.
 */
export async function columnClip(
  page: Page,
  selector: string,
): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await page.evaluate((sel) => {
    const r = document.querySelector(sel)!.getBoundingClientRect();
    return {
      x: r.left + window.scrollX,
      width: r.width,
      bottom: r.bottom + window.scrollY,
      page: document.documentElement.scrollWidth,
    };
  }, selector);
  const x = Math.max(0, Math.floor(box.x - 40));
  return { x, y: 0, width: Math.min(box.page - x, Math.ceil(box.width + 80)), height: Math.ceil(box.bottom + 32) };
}

const endScreenShown = (): boolean =>
  document.getElementById('end-screen')?.style.display !== 'none' &&
  document.querySelectorAll('#end-ranking li').length > 0;

export async function lobbyPhoneEnd(browser: Browser, base: string, out: string): Promise<void> {
  const desk = await browser.newContext({ viewport: DESKTOP });
  const host = await desk.newPage();
  host.on('pageerror', (err) => console.error(`[host] ${err.message}`));
  await host.goto(base);
  await host.waitForFunction(() => 'rewind' in window);
  await host.evaluate(() => document.fonts.ready);
  const link = await createLobby(host, 'Ada', { maxPlayers: 8 });

  const mobile = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const phone = await mobile.newPage();
  phone.on('pageerror', (err) => console.error(`[phone] ${err.message}`));
  // density=1: the canvas at CSS resolution (SwiftShader is fill-rate bound); the shot is CSS-sized too.
  await phone.goto(withParams(link, { density: '1' }));
  await phone.waitForFunction(() => 'rewind' in window);
  await phone.fill('#name', 'Kim (phone)');
  await phone.tap('#join');
  await joinByLink(browser, withParams(link, { render: '0' }), 'Ben');
  await waitIn(host, () => window.rewind.players().length === 3, undefined, 30_000);

  await setUpMatch(host);
  await host.waitForSelector('#lobby-qr[data-ready="1"]');
  await host.mouse.move(DESKTOP.width - 40, DESKTOP.height - 40);
  await host.screenshot({ path: `${out}/lobby.png`, fullPage: true, clip: await columnClip(host, '#lobby-screen') });

  // A DOM click: Playwright's click would wait on the page mounting the game right after it.
  await host.evaluate(() => document.getElementById('start-match')?.click());
  // The host plays too (debug API scripted input: walk toward a bot and fire at it), so the ranking
  // is not only bots.
  await host.evaluate(() => {
    const bot = window.rewind.view()?.match?.ranking.find((r) => r.bot)?.id;
    if (bot !== undefined) window.rewind.input({ aimAt: bot, moveToward: bot, fire: true, ms: 60_000 });
  });
  await phoneShotAlive(phone, await mobile.newCDPSession(phone), `${out}/phone.png`);

  await waitOrSay(host, 'the match never ended', endScreenShown, undefined, 240_000);
  await host.waitForTimeout(1500);
  await host.screenshot({ path: `${out}/end-screen.png` });
}
