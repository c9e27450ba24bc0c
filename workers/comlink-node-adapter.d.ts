// comlink ships the Node adapter's types as node-adapter.d.ts beside node-adapter.mjs; Node's ESM
// loader needs the .mjs path, TypeScript then needs this alias to find those types.
declare module 'comlink/dist/esm/node-adapter.mjs' {
  export { default } from 'comlink/dist/esm/node-adapter';
}
