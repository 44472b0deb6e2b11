/**
 * The emulator's HTTP server (fastify): control plane at `/v1/...`, each cluster's data plane at
 * `/dp/{clusterId}/v1/...`, the OAuth2 token endpoint at `/oauth/token`, the BYOC agent hook at
 * `/_emulator/byoc/...`, and (with `admin`) the test-control API at `/_admin/...`.
 */
import { ForwardCompat } from "./forward-compat";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import Fastify from "fastify";
import { TokenRegistry } from "./auth";
import type { EmulatorContext } from "./context";
import { DATAPLANE_PREFIX } from "./context";
import { Chaos, FaultTable, RateLimiter, RequestLog } from "./control";
import type { Plane } from "./errors";
import { ApiError, invalid, notFound, precondition } from "./errors";
import { inventory, registerAdmin } from "./routes/admin";
import { registerClusters } from "./routes/cluster";
import { registerConnectors } from "./routes/connector";
import { registerConnectorSecrets } from "./routes/connector-secret";
import { registerRoles } from "./routes/role";
import { REGISTRY_PREFIX, registerSchemaRegistry } from "./routes/schema";
import { registerServerlessPrivateLinks } from "./routes/serverless-private-link";
import { registerDataplaneShadowLinks, registerShadowLinks } from "./routes/shadow-link";
import { registerRoleMembers } from "./routes/role-assignment";
import { registerSecrets } from "./routes/secret";
import { registerKafkaConnectClusters } from "./routes/kafka-connect";
import { registerDataplanePipelines } from "./routes/pipeline";
import { registerDataplaneTopics } from "./routes/topic";
import { registerDataplaneAcls } from "./routes/acl";
import { registerDataplaneUsers } from "./routes/user";
import { registerOrganizationUsers } from "./routes/organization-user";
import { registerRoleBindings } from "./routes/role-binding";
import { registerGroups } from "./routes/group";
import { registerNetworkPeerings } from "./routes/network-peering";
import { registerOrganizationRoles } from "./routes/organization-role";
import { registerQuotas } from "./routes/quota";
import { registerUserInvites } from "./routes/user-invite";
import { registerServiceAccounts } from "./routes/service-account";
import { registerNetworks } from "./routes/network";
import { registerOperations } from "./routes/operations";
import { registerRegions } from "./routes/regions";
import { registerResourceGroups } from "./routes/resource-group";
import { registerServerless } from "./routes/serverless-cluster";
import { RequestContract } from "./request-contract";
import { newRunToken } from "./run-token";
import { BrokerRefused } from "./kafka-broker";
import type { BrokerPart, BrokerScope } from "./kafka-broker";
import type { KafkaOptions, RunningBroker } from "./kafka-fleet";
import { KafkaFleet } from "./kafka-fleet";
import type { Snapshot } from "./kafka-sync";
import { changeSince, isEmptyChange, pullFromBroker } from "./kafka-sync";
import { Persistence } from "./store";
import type { World } from "./store";
import type { Durations } from "./world";
import { DEFAULT_DURATIONS, Timeline, advance } from "./world";

export interface EmulatorOptions {
  /** TCP port; 0 (default) picks a free one. */
  port?: number;
  /** Interface to bind; default 127.0.0.1. */
  host?: string;
  /**
   * Accepted static bearer tokens. Default: one random token made for this emulator (returned as
   * `tokens`), so that no other local process can use its API with a known constant.
   */
  tokens?: string[];
  /** JSON file that holds the world across restarts; in memory only when omitted. */
  stateFile?: string;
  /** Factor applied to every operation duration (0.01 = a hundred times faster); default 1. */
  speed?: number;
  /** Per-transition durations at speed 1, in milliseconds (see DEFAULT_DURATIONS). */
  durations?: Partial<Durations>;
  /** Enables the `/_admin` test-control API. */
  admin?: boolean;
  /** Lifetime of issued OAuth2 tokens, in seconds; default 3600. */
  tokenTtlSeconds?: number;
  /** Called with every response the emulator sends (tests validate them against the OpenAPI). */
  onResponse?: (record: ResponseRecord) => void;
  /**
   * Answer as a newer API would: unknown fields and enum values in every response (see
   * forward-compat.ts). Default: on when REDPANDA_EMULATOR_FORWARD_COMPAT=1.
   */
  forwardCompat?: boolean;
  /**
   * A real Kafka API per cluster (franz-go's kfake, see kafka-broker.ts): topics, SCRAM users and
   * ACLs of the data plane are then the broker's. Omitted: the in-memory data plane.
   */
  kafka?: KafkaOptions;
  /**
   * `strict`: only what the vendor's regions page lists is offered. Default `witnessed`: also every
   * region, zone, tier and cluster type the vendor's examples and the Terraform provider's examples
   * use (contract/catalog-witnesses.json).
   */
  catalog?: "witnessed" | "strict";
}

export interface ResponseRecord {
  method: string;
  /** Path without the data-plane prefix, e.g. `/v1/topics`. */
  path: string;
  plane: Plane;
  status: number;
  body: unknown;
  /** What the client sent: query parameters and the parsed JSON body (tests validate these too). */
  request: { query: Record<string, unknown>; body: unknown };
}

export interface RunningEmulator {
  /** Control-plane base URL, e.g. `http://127.0.0.1:41234`. */
  url: string;
  port: number;
  /** The OAuth2 token URL for service-account credentials. */
  tokenUrl: string;
  /** The static tokens this emulator accepts. */
  tokens: string[];
  /** Current contents, for tests and the main job's summary. */
  inventory(): Record<string, unknown>;
  world(): World;
  /** With `kafka`: the brokers running now (cluster, process id, start time in ms, addresses). */
  kafkaBrokers(): RunningBroker[];
  close(): Promise<void>;
}

let compiledContract: RequestContract | undefined;
/** Compiling both planes' schemas takes a moment: once per process, shared by every emulator. */
function sharedRequestContract(): RequestContract {
  compiledContract ??= new RequestContract();
  return compiledContract;
}

function planeOf(url: string): Plane {
  return url.startsWith(`${DATAPLANE_PREFIX}/`) ? "dataplane" : "controlplane";
}

/** The Schema Registry authenticates and reports errors its own way (routes/schema.ts). */
function isRegistryRoute(url: string): boolean {
  return url.startsWith(`${REGISTRY_PREFIX}/`);
}

/**
 * The cluster whose broker owns what this request reads or writes (the data plane's topics, users,
 * ACLs and client quotas, and the admin API's out-of-band changes to them), and which part of the
 * broker's state it concerns: one topic when the path or a create's body names it.
 */
function brokerScope(
  url: string,
  body: unknown,
): { clusterId: string; scope: BrokerScope } | undefined {
  const path = url.split("?")[0] ?? url;
  const m =
    /^\/dp\/([^/]+)\/v1\/(topics|users|acls|quotas)(?:\/([^/:]+))?(?:[/:]|$)/.exec(path) ??
    /^\/_admin\/dataplane\/([^/]+)\/(topics|users|acls)(?:\/([^/:]+))?(?:[/:]|$)/.exec(path);
  if (!m) return undefined;
  const part = m[2] as BrokerPart;
  let topic: string | undefined;
  if (part === "topics") {
    const b = (body ?? {}) as { name?: unknown; topic?: { name?: unknown } };
    const named = m[3] ?? (typeof b.name === "string" ? b.name : b.topic?.name);
    if (typeof named === "string") topic = m[3] ? decodeURIComponent(named) : named;
  }
  return { clusterId: m[1]!, scope: { parts: [part], topic } };
}

function isMetaRoute(url: string): boolean {
  return url.startsWith("/_admin") || url.startsWith("/_emulator") || url === "/oauth/token";
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const forwardCompat =
    (options.forwardCompat ?? process.env.REDPANDA_EMULATOR_FORWARD_COMPAT === "1")
      ? new ForwardCompat()
      : undefined;
  const persistence = new Persistence(options.stateFile);
  const world = persistence.load();
  const timeline = new Timeline({ ...DEFAULT_DURATIONS, ...options.durations }, options.speed ?? 1);
  const tokens = new TokenRegistry(
    options.tokens ?? [newRunToken()],
    options.tokenTtlSeconds ?? 3600,
  );
  const faults = new FaultTable();
  const rateLimiter = new RateLimiter();
  const chaos = new Chaos();
  timeline.randomFailure = () => chaos.failOperation();
  const log = new RequestLog();
  const fleet = options.kafka
    ? new KafkaFleet({ host: options.host ?? "127.0.0.1", ...options.kafka })
    : undefined;
  /** Per request holding a cluster's broker lock: the snapshot read and the release. */
  const brokerTurns = new WeakMap<
    FastifyRequest,
    { clusterId: string; before?: Snapshot; release: () => void }
  >();
  /** Requests a fault caught: settled once handled, so `holding` counts what is still in flight. */
  const heldRequests = new WeakMap<FastifyRequest, () => void>();
  const settleHeld = (req: FastifyRequest) => {
    heldRequests.get(req)?.();
    heldRequests.delete(req);
  };
  let dirty = false;
  let baseUrl = "";

  const ctx: EmulatorContext = {
    world,
    now: () => Date.now(),
    timeline,
    touch: () => {
      dirty = true;
    },
    baseUrl: () => baseUrl,
    strictCatalog: options.catalog === "strict",
    kafkaSeedBrokers: fleet ? (id) => fleet.broker(id)?.seedBrokers : undefined,
    reportedDataplaneUrls: new Map(),
  };

  const requestContract = sharedRequestContract();
  const app: FastifyInstance = Fastify({ logger: false, forceCloseConnections: true });

  // The vendor's gateway accepts an empty body on bodiless calls (start/stop, DELETE).
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === "") return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(
        new ApiError("INVALID_ARGUMENT", "request body is not valid JSON", "REASON_INVALID_INPUT"),
        undefined,
      );
    }
  });
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.addHook("onRequest", async (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split("?")[0] ?? req.url;
    if (path.startsWith("/_admin")) {
      if (!options.admin) throw notFound("route");
      // The test-control API can read and reset everything: it takes the same bearer tokens as
      // the API itself, so no local process reaches it without one.
      tokens.authenticate(req.headers.authorization, Date.now());
      return;
    }
    const wait = rateLimiter.take(Date.now());
    const quota = rateLimiter.header(Date.now());
    if (quota) reply.header("ratelimit", quota);
    if (wait > 0) {
      reply.header("Retry-After", String(wait));
      throw new ApiError("RESOURCE_EXHAUSTED", "rate limit exceeded", "REASON_RATE_LIMIT_EXCEEDED");
    }
    const taken = faults.take(req.method, path);
    if (taken) {
      heldRequests.set(req, taken.settle);
      await taken.released;
    }
    const fault = taken?.fault ?? (isMetaRoute(path) ? undefined : chaos.pick());
    if (fault) {
      if (fault.delayMs) await new Promise((r) => setTimeout(r, fault.delayMs));
      if (fault.reset) {
        settleHeld(req);
        // No response will follow: log the request here, with status 0.
        log.record({
          method: req.method,
          route: req.routeOptions.url ?? "(unmatched)",
          path: req.url,
          status: 0,
        });
        req.raw.socket.destroy();
        await reply.hijack();
        return;
      }
      if (fault.status) {
        if (fault.retryAfterSeconds !== undefined)
          reply.header("Retry-After", String(fault.retryAfterSeconds));
        throw new ApiError(
          fault.status === 429
            ? "RESOURCE_EXHAUSTED"
            : fault.status === 503
              ? "UNAVAILABLE"
              : fault.status === 504
                ? "DEADLINE_EXCEEDED"
                : "INTERNAL",
          `scripted fault: ${fault.status}`,
          fault.status === 429 ? "REASON_RATE_LIMIT_EXCEEDED" : "REASON_SERVER_ERROR",
        );
      }
    }
    if (!isMetaRoute(path) && !isRegistryRoute(path)) {
      const principal = tokens.authenticate(req.headers.authorization, Date.now());
      if (req.method !== "GET") tokens.authorizeWrite(principal, world);
    }
    if (advance(world, Date.now(), timeline)) dirty = true;
    if (fleet) await fleet.reconcile(world);
  });

  if (fleet) {
    // Read the broker before the handler (under the cluster's lock), write back what it changed.
    app.addHook("preHandler", async (req) => {
      const target = brokerScope(req.url, req.body);
      if (!target) return;
      const { clusterId, scope } = target;
      if (!world.dataplanes[clusterId]) return;
      const failure = fleet.unavailable(clusterId);
      if (failure)
        throw new ApiError(
          "UNAVAILABLE",
          `the Kafka API of cluster ${clusterId} is not available: ${failure}`,
          "REASON_SERVER_ERROR",
        );
      if (!fleet.broker(clusterId)) return;
      const release = await fleet.lock(clusterId).acquire();
      const turn: { clusterId: string; before?: Snapshot; release: () => void } = {
        clusterId,
        release,
      };
      brokerTurns.set(req, turn);
      // Re-read after the wait: the cluster may have been deleted (its broker stopped) meanwhile;
      // then the handler answers as for any deleted cluster.
      const dp = world.dataplanes[clusterId];
      const broker = fleet.broker(clusterId);
      if (!dp || !broker) return;
      let state;
      try {
        state = await broker.state(scope);
      } catch (err) {
        // A broker that died under the emulator: the service is unavailable, not broken.
        throw new ApiError(
          "UNAVAILABLE",
          `the Kafka API of cluster ${clusterId} did not answer: ${(err as Error).message}`,
          "REASON_SERVER_ERROR",
        );
      }
      turn.before = pullFromBroker(dp, state, scope);
    });
    app.addHook("onSend", async (req, reply, payload) => {
      const turn = brokerTurns.get(req);
      if (!turn) return payload;
      brokerTurns.delete(req);
      try {
        const dp = world.dataplanes[turn.clusterId];
        const broker = fleet.broker(turn.clusterId);
        if (!turn.before || !dp || !broker || reply.statusCode >= 400) return payload;
        const change = changeSince(turn.before, dp);
        if (isEmptyChange(change)) return payload;
        try {
          await broker.apply(change);
          dirty = true;
          return payload;
        } catch (err) {
          // The tables are reread from the broker on the next request: nothing half-applied stays.
          const refused = err instanceof BrokerRefused;
          const apiError = new ApiError(
            refused ? "INVALID_ARGUMENT" : "UNAVAILABLE",
            refused
              ? `the cluster's Kafka API refused the change: ${(err as Error).message}`
              : `the cluster's Kafka API did not answer: ${(err as Error).message}`,
            refused ? "REASON_INVALID_INPUT" : "REASON_SERVER_ERROR",
          );
          void reply.code(apiError.httpStatus);
          return JSON.stringify(apiError.body(planeOf(req.url)));
        }
      } finally {
        turn.release();
      }
    });
    app.addHook("onResponse", async (req) => {
      // A request that ended without onSend (a dropped connection) must not keep the lock.
      brokerTurns.get(req)?.release();
      brokerTurns.delete(req);
    });
  }

  // Requests are checked against the vendor's request schemas before any handler runs.
  app.addHook("preHandler", async (req) => {
    const raw = req.url.split("?")[0] ?? req.url;
    if (isMetaRoute(raw) || isRegistryRoute(raw) || !req.routeOptions.url) return;
    const plane = planeOf(raw);
    const path = plane === "dataplane" ? raw.replace(/^\/dp\/[^/]+/, "") : raw;
    const found = requestContract.check(
      plane,
      req.method,
      path,
      (req.query ?? {}) as Record<string, unknown>,
      req.body,
    );
    if (found.length > 0) throw invalid(found);
  });

  app.addHook("onSend", async (req, reply, payload) => {
    // Persist before the client hears "done": an acknowledged change survives kill -9.
    if (dirty) {
      persistence.save(world);
      dirty = false;
    }
    if (forwardCompat && typeof payload === "string" && payload.startsWith("{")) {
      const raw = req.url.split("?")[0] ?? req.url;
      if (!raw.startsWith("/_") && !isRegistryRoute(raw)) {
        const plane = planeOf(raw);
        const path = plane === "dataplane" ? raw.replace(/^\/dp\/[^/]+/, "") : raw;
        payload = JSON.stringify(
          forwardCompat.augment(plane, req.method, path, reply.statusCode, JSON.parse(payload)),
        );
      }
    }
    if (options.onResponse && !req.url.startsWith("/_") && !isRegistryRoute(req.url)) {
      const raw = req.url.split("?")[0] ?? req.url;
      const plane = planeOf(raw);
      const path = plane === "dataplane" ? raw.replace(/^\/dp\/[^/]+/, "") : raw;
      let body: unknown;
      try {
        body = typeof payload === "string" && payload !== "" ? JSON.parse(payload) : undefined;
      } catch {
        body = payload;
      }
      options.onResponse({
        method: req.method,
        path,
        plane,
        status: reply.statusCode,
        body,
        request: { query: (req.query ?? {}) as Record<string, unknown>, body: req.body },
      });
    }
    // Handled to the end (world changed, broker written, state saved): no longer in flight, even
    // when the client that sent it is gone.
    settleHeld(req);
    return payload;
  });

  app.addHook("onResponse", async (req, reply) => {
    settleHeld(req);
    if (req.url.startsWith("/_admin")) return;
    log.record({
      method: req.method,
      route: req.routeOptions.url ?? "(unmatched)",
      path: req.url,
      status: reply.statusCode,
    });
  });

  app.setErrorHandler((err: FastifyError | ApiError, req, reply) => {
    const plane = planeOf(req.url);
    const apiError =
      err instanceof ApiError
        ? err
        : err.statusCode && err.statusCode < 500
          ? new ApiError("INVALID_ARGUMENT", err.message, "REASON_INVALID_INPUT")
          : new ApiError("INTERNAL", "Internal Server Error", "REASON_SERVER_ERROR");
    if (apiError.code === "INTERNAL" && !(err instanceof ApiError)) {
      // A defect of the emulator, not a scripted fault: say where, or it is invisible.
      process.stderr.write(`[emulator] internal error on ${req.method} ${req.url}: ${err.stack}\n`);
    }
    if (apiError.code === "UNAUTHENTICATED" && plane === "dataplane") {
      reply.header("WWW-Authenticate", 'Bearer realm="redpanda"');
    }
    void reply.code(apiError.httpStatus).send(apiError.body(plane));
  });

  app.setNotFoundHandler((req, reply) => {
    void reply
      .code(404)
      .send(
        new ApiError("NOT_FOUND", `no route for ${req.method} ${req.url.split("?")[0]}`).body(
          planeOf(req.url),
        ),
      );
  });

  registerResourceGroups(app, ctx);
  registerNetworks(app, ctx);
  registerClusters(app, ctx);
  registerServerless(app, ctx);
  registerServerlessPrivateLinks(app, ctx);
  registerShadowLinks(app, ctx);
  registerRegions(app, ctx);
  registerOperations(app, ctx);
  registerRoleBindings(app, ctx);
  registerServiceAccounts(app, ctx, tokens);
  registerOrganizationUsers(app, ctx);
  registerGroups(app, ctx);
  registerOrganizationRoles(app, ctx);
  registerUserInvites(app, ctx);
  registerNetworkPeerings(app, ctx);
  await app.register(
    async (dp) => {
      registerDataplaneUsers(dp, ctx);
      registerDataplaneAcls(dp, ctx);
      registerDataplaneTopics(dp, ctx);
      registerDataplanePipelines(dp, ctx);
      registerKafkaConnectClusters(dp, ctx);
      registerConnectorSecrets(dp, ctx);
      registerConnectors(dp, ctx);
      registerRoles(dp, ctx);
      registerRoleMembers(dp, ctx);
      registerSecrets(dp, ctx);
      registerQuotas(dp, ctx);
      registerDataplaneShadowLinks(dp, ctx);
    },
    { prefix: `${DATAPLANE_PREFIX}/:clusterId` },
  );
  await app.register(async (sr) => registerSchemaRegistry(sr, ctx, tokens), {
    prefix: `${REGISTRY_PREFIX}/:clusterId`,
  });
  registerByocAgent(app, ctx, tokens);
  if (options.admin) registerAdmin(app, ctx, { faults, rateLimiter, chaos, log, tokens });

  const address = await app.listen({ port: options.port ?? 0, host: options.host ?? "127.0.0.1" });
  const port = Number(new URL(address).port);
  const host = options.host ?? "127.0.0.1";
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

/**
 * What the vendor's BYOC agent does, reduced to its effect on the control plane: `apply` lets a
 * cluster in STATE_CREATING_AGENT go on, `destroy` lets one in STATE_DELETING_AGENT finish.
 * The stand-in CLI (`emulator/bin/rpk`) calls these.
 */
function registerByocAgent(
  app: FastifyInstance,
  ctx: EmulatorContext,
  tokens: TokenRegistry,
): void {
  app.post<{ Params: { id: string; action: string } }>(
    "/_emulator/byoc/:id/:action",
    async (req) => {
      // Like the API: no local process moves a cluster on without a token the run accepts.
      tokens.authenticate(req.headers.authorization, ctx.now());
      const c = ctx.world.clusters[req.params.id];
      if (!c) throw notFound(`cluster ${req.params.id}`, "REASON_CLUSTER_NOT_FOUND");
      if (c.type !== "TYPE_BYOC")
        throw precondition(`cluster ${c.id} is not a BYOC cluster`, "REASON_CLUSTER_TYPE_MISMATCH");
      const now = ctx.now();
      if (req.params.action === "apply") {
        c.agentApplied = true;
        if (c.state === "STATE_CREATING_AGENT" && c.pending) c.pending.at = now;
      } else if (req.params.action === "destroy") {
        c.agentDestroyed = true;
        if (c.state === "STATE_DELETING_AGENT" && c.pending) c.pending.at = now;
      } else {
        throw notFound(`agent action ${req.params.action}`);
      }
      advance(ctx.world, now, ctx.timeline);
      ctx.touch();
      return { cluster_id: c.id, state: ctx.world.clusters[c.id]?.state ?? "STATE_DELETED" };
    },
  );
}
