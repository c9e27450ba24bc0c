// Entry point: read the page config (signaling, ICE, cvars, lobby link) and open the start screen.
import { App } from './app/app';
import { loadPageConfig } from './app/page-config';

async function boot(): Promise<void> {
  const root = document.getElementById('app');
  if (!root) return;
  const config = await loadPageConfig(new URL(window.location.href), window.fetch.bind(window));
  new App(root, window, config).showStart();
}

void boot();
