// Entry point: reads config, routes to the start screen or a lobby link. (The game is being built.)
const app = document.getElementById('app');
if (app) app.textContent = 'Rewind Arena: the game is being built. See README.md.';
