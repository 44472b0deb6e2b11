/**
 * The ResourceProvider gRPC service of the `redpandacloud` plugin: a second front door to the
 * same kinds and lifecycle the dynamic providers use (registry-bridge.ts). Every call runs as a
 * call of its provider instance (its own config and clients; create, update and delete with a log
 * on their resource's line: runtime/context.ts says when a call carries its own scope); the
 * resource methods are resource-handlers.ts, the functions functions.ts, the provider's own config
 * here.
 */
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { PluginInfo } from "@pulumi/pulumi/proto/plugin_pb";
import type { PluginAttach } from "@pulumi/pulumi/proto/plugin_pb";
import * as pb from "@pulumi/pulumi/proto/provider_pb";
import { instanceConfig, inPluginNamespace, CONFIG_KEYS, PACKAGE } from "./config";
import type { ResourceLog } from "./engine-log";
import { invokeLookup } from "./functions";
import type { GrpcJs } from "./grpc";
import { grpcError } from "./errors";
import { fromStruct, toStruct } from "./props";
import { inInstance, resolveSettings, serveInstance } from "./registry-bridge";
import type { CallScope, ServedKind } from "./registry-bridge";
import * as resource from "./resource-handlers";

type Handler<Req, Res> = (
  call: { request: Req },
  callback: (err: Partial<GrpcJs.ServiceError> | null, res?: Res) => void,
) => void;

export interface ServerOptions {
  version: string;
  kinds: Map<string, ServedKind>;
  /** The package schema's JSON text. */
  schema: () => string;
  log: ResourceLog;
}

/** The type name of a resource token or URN: `redpandacloud:index:Topic` → `Topic`. */
export function typeName(type: string, urn: string): string {
  const token = type || urn.split("::")[2] || "";
  const name = token.split("$").pop()!.split(":")[2];
  if (!token.startsWith(`${PACKAGE}:`) || !name) {
    throw new Error(`not a ${PACKAGE} resource type: "${token}"`);
  }
  return name;
}

/**
 * A handler running `work` as a call of the instance (its config and log); `waits`: it may wait
 * and report progress, so its lines must name its resource. Its errors go to the engine as gRPC
 * errors.
 */
type Unary = <Req, Res>(
  work: (req: Req) => Promise<Res>,
  urnOf?: (req: Req) => string,
  waits?: boolean,
) => Handler<Req, Res>;

/** CheckConfig: the same parse Configure's calls will make, so a bad number or flag fails at preview. */
async function checkConfig(req: pb.CheckRequest): Promise<pb.CheckResponse> {
  const res = new pb.CheckResponse().setInputs(req.getNews() ?? new Struct());
  const news = fromStruct(req.getNews()).props;
  try {
    resolveSettings(instanceConfig([], news));
  } catch (err) {
    const text = inPluginNamespace((err as Error).message);
    const property = /^redpandacloud:(\w+)/.exec(text)?.[1] ?? "";
    res.setFailuresList([new pb.CheckFailure().setProperty(property).setReason(text)]);
  }
  return res;
}

/** DiffConfig: the config keys whose values changed. */
async function diffConfig(req: pb.DiffRequest): Promise<pb.DiffResponse> {
  const olds = fromStruct(req.getOldInputs() ?? req.getOlds()).props;
  const news = fromStruct(req.getNews()).props;
  const changed = CONFIG_KEYS.filter(
    (k) => news[k] !== undefined && JSON.stringify(olds[k]) !== JSON.stringify(news[k]),
  );
  return new pb.DiffResponse()
    .setChanges(
      changed.length > 0
        ? pb.DiffResponse.DiffChanges.DIFF_SOME
        : pb.DiffResponse.DiffChanges.DIFF_NONE,
    )
    .setDiffsList(changed);
}

/** Invoke: a lookup as a function (functions.ts). */
async function invoke(req: pb.InvokeRequest): Promise<pb.InvokeResponse> {
  const name = req.getTok().split(":")[2] ?? "";
  const known = req.getTok().startsWith(`${PACKAGE}:`);
  const result = known ? await invokeLookup(name, fromStruct(req.getArgs()).props) : undefined;
  if (!result) throw new Error(`${PACKAGE} has no function ${req.getTok()}`);
  return new pb.InvokeResponse().setReturn(toStruct(result));
}

/** The handler factory of an instance: each call runs as one of its calls (runtime/context.ts). */
function unaryOf(instance: CallScope, log: ResourceLog): Unary {
  return (work, urnOf = () => "", waits = false) =>
    (call, callback) => {
      const urn = urnOf(call.request);
      const scope: CallScope = {
        config: instance.config,
        log: (message, ephemeral) => log(urn, message, ephemeral),
      };
      inInstance(scope, waits, () => work(call.request)).then(
        (res) => callback(null, res),
        (err: unknown) => {
          const secrets = (err as { secrets?: Set<string> })?.secrets ?? new Set<string>();
          callback(grpcError(err, secrets));
        },
      );
    };
}

/** The kind a request's type token names; every call names its type, found once per token. */
function servedOf(kinds: Map<string, ServedKind>): resource.ServedOf {
  const byToken = new Map<string, ServedKind>();
  return (type, urn) => {
    const known = byToken.get(type);
    if (known) return known;
    const name = typeName(type, urn);
    const k = kinds.get(name);
    if (!k) throw new Error(`${PACKAGE} has no resource type ${name}`);
    if (type) byToken.set(type, k);
    return k;
  };
}

/** The ResourceProvider service's handlers for one plugin process (one provider instance). */
export function providerHandlers(options: ServerOptions) {
  // The instance's scope: its config lookup itself, the same object until the next Configure (its
  // clients are found by it, runtime/context.ts), and its lines that name no resource.
  const instance: CallScope = {
    config: () => undefined,
    log: (message, ephemeral) => options.log("", message, ephemeral),
  };
  serveInstance(instance);
  let cancelled = false;
  const unary = unaryOf(instance, options.log);
  const served = servedOf(options.kinds);
  const byUrn = (req: { getUrn(): string }) => req.getUrn();
  const configure = async (req: pb.ConfigureRequest) => {
    instance.config = instanceConfig(
      req.getVariablesMap().toArray(),
      fromStruct(req.getArgs()).props,
    );
    return new pb.ConfigureResponse()
      .setAcceptsecrets(true)
      .setSupportspreview(true)
      .setAcceptresources(true)
      .setAcceptoutputs(false);
  };
  return {
    getPluginInfo: unary<Empty, PluginInfo>(async () =>
      new PluginInfo().setVersion(options.version),
    ),
    getSchema: unary<pb.GetSchemaRequest, pb.GetSchemaResponse>(async () =>
      new pb.GetSchemaResponse().setSchema(options.schema()),
    ),
    checkConfig: unary(checkConfig),
    diffConfig: unary(diffConfig),
    configure: unary(configure),
    check: unary(resource.check(served), byUrn),
    diff: unary(resource.diff(served), byUrn),
    create: unary(resource.create(served), byUrn, true),
    read: unary(resource.read(served), byUrn),
    update: unary(resource.update(served), byUrn, true),
    delete: unary(
      async (req: pb.DeleteRequest) => {
        await resource.remove(served)(req);
        return new Empty();
      },
      byUrn,
      true,
    ),
    invoke: unary(invoke),
    // Calls under way finish their own retries and waits; the engine stops sending new ones.
    cancel: unary<Empty, Empty>(async () => {
      cancelled = true;
      return new Empty();
    }),
    attach: unary<PluginAttach, Empty>(async () => new Empty()),
    getMapping: unary<pb.GetMappingRequest, pb.GetMappingResponse>(async () =>
      new pb.GetMappingResponse().setProvider("").setData(new Uint8Array()),
    ),
    getMappings: unary<pb.GetMappingsRequest, pb.GetMappingsResponse>(
      async () => new pb.GetMappingsResponse(),
    ),
    /** Whether the engine asked to cancel (for tests and long waits). */
    cancelled: () => cancelled,
  };
}

export type ProviderHandlers = ReturnType<typeof providerHandlers>;
