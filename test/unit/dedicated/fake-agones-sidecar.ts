/**
 * A fake Agones SDK sidecar for unit tests: a real gRPC server (@grpc/grpc-js) implementing the
 * SDK service from @google-cloud/agones-sdk's own generated definition, recording every call.
 * The real AgonesSDK client talks to it as it would to the sidecar in a pod.
 */
import { createRequire } from 'node:module';
import * as grpc from '@grpc/grpc-js';

const require = createRequire(import.meta.url);
const services = require('@google-cloud/agones-sdk/lib/sdk_grpc_pb.js') as Record<string, grpc.ServiceDefinition>;
const messages = require('@google-cloud/agones-sdk/lib/sdk_pb.js') as { Empty: new () => unknown };

export interface FakeSidecar {
  port: number;
  calls: string[];
  healthPings(): number;
  /** Makes the next unary calls of this name fail with UNAVAILABLE. */
  failNext(name: 'Ready' | 'Allocate' | 'Shutdown'): void;
  close(): Promise<void>;
}

export async function startFakeSidecar(): Promise<FakeSidecar> {
  const calls: string[] = [];
  const failing = new Set<string>();
  let pings = 0;
  const unary =
    (name: string) =>
    (_call: unknown, done: grpc.sendUnaryData<unknown>): void => {
      calls.push(name);
      if (failing.delete(name))
        return done({ code: grpc.status.UNAVAILABLE, details: `${name} refused by the fake sidecar` });
      done(null, new messages.Empty());
    };
  const server = new grpc.Server();
  server.addService(services['agones.dev.sdk.SDK'] as grpc.ServiceDefinition, {
    ready: unary('Ready'),
    allocate: unary('Allocate'),
    shutdown: unary('Shutdown'),
    setAnnotation: (
      call: grpc.ServerUnaryCall<{ getKey(): string; getValue(): string }, unknown>,
      done: grpc.sendUnaryData<unknown>,
    ) => {
      calls.push(`SetAnnotation ${call.request.getKey()}=${call.request.getValue()}`);
      done(null, new messages.Empty());
    },
    health: (stream: grpc.ServerReadableStream<unknown, unknown>, done: grpc.sendUnaryData<unknown>) => {
      stream.on('data', () => pings++);
      stream.on('end', () => done(null, new messages.Empty()));
      stream.on('error', () => undefined);
    },
  });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) =>
      err ? reject(err) : resolve(p),
    ),
  );
  return {
    port,
    calls,
    healthPings: () => pings,
    failNext: (name) => void failing.add(name),
    close: () => new Promise((done) => server.tryShutdown(() => done())),
  };
}
