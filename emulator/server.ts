/**
 * The emulator's HTTP server (fastify): control plane at `/v1/...`, each cluster's data plane at
 * `/dp/{clusterId}/v1/...`, the OAuth2 token endpoint at `/oauth/token`, the BYOC agent hook at
 * `/_emulator/byoc/...`, and (with `admin`) the test-control API at `/_admin/...`. The routes are
 * listed in routes/index.ts; what runs around every request is the list of hooks below.
 */
import Fastify from "fastify";
import { TokenRegistry } from "./auth";
import type { EmulatorContext, Services } from "./context";
import { Chaos, FaultTable, RateLimiter, RequestLog } from "./control";
import { DEFAULT_DURATIONS, Timeline } from "./domain/clock";
import { inventory } from "./domain/inventory";
import type { Inventory } from "./domain/inventory";
import type { World } from "./domain/records";
import { adminAccess, apiAuth } from "./hooks/auth";
import { bodyParsers } from "./hooks/body-parsers";
import { brokerSync } from "./hooks/broker-sync";
import { chaos } from "./hooks/chaos";
import { clockAdvance } from "./hooks/clock";
import { contractCheck } from "./hooks/contract-check";
import { CaughtRequests } from "./hooks/env";
import type { Hook, HookEnv } from "./hooks/env";
import { errorAnswers } from "./hooks/error-answers";
import { scriptedFaults, settleCaught } from "./hooks/faults";
import { forwardCompat } from "./hooks/forward-compat";
import { kafkaReconcile } from "./hooks/kafka-reconcile";
import { requestLog } from "./hooks/logging";
import { readPath } from "./hooks/request-path";
import { persistence } from "./hooks/persistence";
import { rateLimit } from "./hooks/rate-limit";
import { responseRecord } from "./hooks/response-record";
import type { RunningBroker } from "./kafka-fleet";
import { KafkaFleet } from "./kafka-fleet";
import type { EmulatorOptions } from "./options";
import { registerRoutes } from "./routes";
import { newRunToken } from "./run-token";
import { StateFile } from "./state-file";

export type { EmulatorOptions, ResponseRecord } from "./options";

export interface RunningEmulator {
  /** Control-plane base URL, e.g. `http://127.0.0.1:41234`. */
  url: string;
  port: number;
  /** The OAuth2 token URL for service-account credentials. */
  tokenUrl: string;
  /** The static tokens this emulator accepts. */
  tokens: string[];
  /** Current contents by kind, for tests and the main job's summary (domain/inventory.ts). */
  inventory(): Inventory;
  world(): World;
  /** With `kafka`: the brokers running now (cluster, process id, start time in ms, addresses). */
  kafkaBrokers(): RunningBroker[];
  close(): Promise<void>;
}

/**
 * What runs around every request, in this order (fastify runs one phase's hooks in the order they
 * were added). onRequest: the path read (once, for all the others), admin access, rate limit,
 * scripted faults, chaos, auth, clock, brokers;
 * preHandler: broker read, request contract; onSend: broker write, save, forward-compat, record,
 * settle; onResponse: broker lock release, settle, log.
 */
const HOOKS: readonly Hook[] = [
  readPath,
  bodyParsers,
  errorAnswers,
  adminAccess,
  rateLimit,
  scriptedFaults,
  chaos,
  apiAuth,
  clockAdvance,
  kafkaReconcile,
  brokerSync,
  contractCheck,
  persistence,
  forwardCompat,
  responseRecord,
  settleCaught,
  requestLog,
];

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const host = options.host ?? "127.0.0.1";
  const stateFile = new StateFile(options.stateFile);
  const world = stateFile.load();
  const timeline = new Timeline({ ...DEFAULT_DURATIONS, ...options.durations }, options.speed ?? 1);
  const tokens = new TokenRegistry(
    options.tokens ?? [newRunToken()],
    options.tokenTtlSeconds ?? 3600,
  );
  const services: Services = {
    tokens,
    faults: new FaultTable(),
    rateLimiter: new RateLimiter(),
    chaos: new Chaos(),
    log: new RequestLog(),
  };
  timeline.randomFailure = () => services.chaos.failOperation();
  const fleet = options.kafka ? new KafkaFleet({ host, ...options.kafka }) : undefined;
  let baseUrl = "";
  const ctx: EmulatorContext = {
    world,
    now: () => Date.now(),
    timeline,
    touch: () => stateFile.markChanged(),
    baseUrl: () => baseUrl,
    strictCatalog: options.catalog === "strict",
    kafkaSeedBrokers: fleet ? (id) => fleet.broker(id)?.seedBrokers : undefined,
    kafkaCreateTopics: fleet ? (id, topics) => fleet.createTopics(id, topics) : undefined,
    reportedDataplaneUrls: new Map(),
  };

  const app = Fastify({ logger: false, forceCloseConnections: true });
  const env: HookEnv = { options, ctx, services, fleet, stateFile, caught: new CaughtRequests() };
  for (const hook of HOOKS) hook(app, env);
  await registerRoutes(app, ctx, services, Boolean(options.admin));

  const address = await app.listen({ port: options.port ?? 0, host });
  const port = Number(new URL(address).port);
  baseUrl = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  return {
    url: baseUrl,
    port,
    tokenUrl: `${baseUrl}/oauth/token`,
    tokens: [...tokens.staticTokens],
    inventory: () => inventory(world),
    world: () => world,
    kafkaBrokers: () => fleet?.running() ?? [],
    close: async () => {
      await app.close();
      await fleet?.close();
    },
  };
}
